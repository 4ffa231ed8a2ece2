/**
 * The store in the app, on the real workers: what a run puts with getStore() is kept in IndexedDB
 * beside its thread, read by the next run of that thread, shown in the inspector's Store tab, and
 * still there after a reload.
 */
import { expect, test } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

const SOURCE = [
  "import { Annotation, END, START, StateGraph, getStore } from '@langchain/langgraph';",
  'const State = Annotation.Root({ visits: Annotation<number>() });',
  'export default new StateGraph(State)',
  "  .addNode('remember', async () => {",
  '    const store = getStore()!;',
  "    const seen = await store.get(['memories', 'user-1'], 'visits');",
  '    const visits = (seen?.value.n ?? 0) + 1;',
  "    await store.put(['memories', 'user-1'], 'visits', { n: visits, note: `visit ${visits}` });",
  '    return { visits };',
  '  })',
  "  .addEdge(START, 'remember')",
  "  .addEdge('remember', END);",
].join('\n');

test('a run puts an item in its thread store; the next run reads it; the Store tab shows it after a reload', async ({ page }) => {
  await page.goto('/?view=editor');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('editor-name').fill(`store-${Date.now().toString(36)}`);
  await setEditorSource(page, SOURCE);
  await page.getByTestId('editor-run').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 40_000 });
  await page.getByTestId('run-here').click();
  await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 40_000 });
  await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 40_000 });
  await page.getByTestId('inspector-tab-store').click();
  const item = page.getByTestId('store-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-namespace', 'memories/user-1');
  await expect(item).toContainText('"note": "visit 2"');
  await page.reload();
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready', { timeout: 40_000 });
  // The storage worker is a new one: the item comes from IndexedDB.
  await page.getByTestId('timeline-row').first().click();
  await page.getByTestId('inspector-tab-store').click();
  await expect(page.getByTestId('store-item')).toContainText('"n": 2');
});
