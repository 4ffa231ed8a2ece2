/**
 * Breakpoints on the real worker and engine: kept per graph and across reloads, added to the ones
 * a graph was compiled with (which every run stops at), and drawn apart from them.
 */
import { expect, test, type Page } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
}

const lastRun = (page: Page) => page.getByTestId('run-item').last();
const selectedRow = (page: Page) => page.locator('[data-testid="timeline-row"][aria-selected="true"]');

test.describe('breakpoints', () => {
  test('a breakpoint belongs to its graph: another graph neither lists nor uses it', async ({ page }) => {
    await open(page, '/?graph=chain');
    await page.getByTestId('bp-before-review').click();
    await expect(page.getByTestId('bp-before-review')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('breakpoints')).toHaveText('breakpoints: before review');

    // Human review has a review node too, and stops there only where it asks a person.
    await page.getByTestId('graph-picker').selectOption('human-review');
    await expect(page.getByTestId('graph-node-write')).toBeVisible();
    await expect(page.getByTestId('breakpoints')).toHaveCount(0);
    await expect(page.getByTestId('bp-before-review')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'interrupted', { timeout: 30_000 });

    // Back on the chain, its breakpoint is there.
    await page.getByTestId('graph-picker').selectOption('chain');
    await expect(page.getByTestId('bp-before-review')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('bp-before-review')).toHaveAttribute('data-break', 'yours');
  });

  test('a breakpoint survives a reload, and a run stops there; removed, it stays removed', async ({ page }) => {
    await open(page, '/?graph=chain');
    await page.getByTestId('bp-after-draft').click();
    await expect(page.getByTestId('bp-after-draft')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('bp-after-draft')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('breakpoints')).toHaveText('breakpoints: after draft');
    await page.getByTestId('run-new').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    await expect(selectedRow(page)).toContainText('→ review');
    await page.getByTestId('bp-after-draft').click();
    await expect(page.getByTestId('breakpoints')).toHaveCount(0);
    await open(page, '/?graph=chain');
    await expect(page.getByTestId('bp-after-draft')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('bp-after-draft')).toHaveAttribute('data-break', 'none');
  });

  test("a graph compiled with interruptBefore still stops there when you add a breakpoint; its breakpoint is drawn and stays", async ({ page }) => {
    await page.goto('/?view=editor');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
    await page.getByTestId('editor-name').fill(`compiled-break-${Date.now().toString(36)}`);
    await setEditorSource(page, [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      "export const title = 'Compiled breakpoint';",
      'export const exampleInput = { items: [] };',
      'const State = Annotation.Root({ items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });',
      'export default new StateGraph(State)',
      "  .addNode('a', () => ({ items: ['a'] }))",
      "  .addNode('b', () => ({ items: ['b'] }))",
      "  .addNode('c', () => ({ items: ['c'] }))",
      "  .addEdge(START, 'a')",
      "  .addEdge('a', 'b')",
      "  .addEdge('b', 'c')",
      "  .addEdge('c', END)",
      "  .compile({ interruptBefore: ['b'] });",
    ].join('\n'));
    await page.getByTestId('editor-run').click();
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });

    // Yours, before c: a new run stops at the compiled breakpoint first, then at yours.
    await page.getByTestId('bp-before-c').click();
    await expect(page.getByTestId('bp-before-c')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item')).toHaveCount(1, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    await expect(selectedRow(page)).toContainText('→ b');
    await expect(page.getByTestId('graph-node-b')).toHaveAttribute('data-state', 'next');
    await page.getByTestId('action-continue').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(lastRun(page)).toHaveAttribute('data-outcome', 'paused', { timeout: 30_000 });
    await expect(selectedRow(page)).toContainText('→ c');

    // The compiled one is drawn filled, with its reason on hover; a click does not remove it.
    const compiled = page.getByTestId('bp-before-b');
    await expect(compiled).toHaveAttribute('data-break', 'compiled');
    await expect(compiled).toHaveAttribute('title', /^compiled: interruptBefore\..*remove it in the graph's code/);
    // (aria-disabled: Playwright would wait for it to be enabled; a person can still click it.)
    await compiled.click({ force: true });
    await expect(compiled).toHaveAttribute('data-break', 'compiled');
    // Yours is outlined, and both are listed.
    await expect(page.getByTestId('bp-before-c')).toHaveAttribute('data-break', 'yours');
    await expect(page.getByTestId('bp-before-c')).toHaveAttribute('title', /^yours:/);
    await expect(page.getByTestId('breakpoints')).toHaveText('breakpoints: before b (compiled), before c');
  });
});
