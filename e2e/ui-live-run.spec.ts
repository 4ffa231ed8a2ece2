/**
 * A run going on is visible as it runs, with the real worker: the toolbar names the node running
 * now, the canvas draws it running, and the runs panel lists the run from its start.
 */
import { expect, test } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

test('a running node is named in the toolbar, drawn running, and its run is listed while it runs', async ({ page }) => {
  await page.goto('/?view=editor');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
  await page.getByTestId('editor-name').fill(`live-${Date.now().toString(36)}`);
  await setEditorSource(page, [
    "import { Annotation, END, START, StateGraph } from 'replaygraph';",
    "export const title = 'Waits in think';",
    'const State = Annotation.Root({ n: Annotation<number>() });',
    'export default new StateGraph(State)',
    "  .addNode('first', () => ({ n: 1 }))",
    "  .addNode('think', () => new Promise<{ n: number }>(() => undefined))",
    "  .addEdge(START, 'first')",
    "  .addEdge('first', 'think')",
    "  .addEdge('think', END);",
  ].join('\n'));
  await page.getByTestId('editor-run').click();
  await page.getByTestId('view-debugger').click();
  await expect(page.getByTestId('run-status')).toHaveText(/^running think · \d+ events$/, { timeout: 30_000 });
  await expect(page.getByTestId('run-item-live')).toContainText('running think');
  await expect(page.getByText('No runs on this thread yet.')).toHaveCount(0);
  await expect(page.getByTestId('graph-node-think')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('graph-node-first')).not.toHaveAttribute('data-state', 'running');
  // An older checkpoint is not where think runs from: it is not drawn running there.
  await page.locator('[data-testid="timeline-row"][data-step="-1"]').click();
  await expect(page.getByTestId('graph-node-think')).not.toHaveAttribute('data-state', 'running');

  await page.getByTestId('action-cancel').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'cancelled', { timeout: 30_000 });
  await expect(page.getByTestId('run-item-live')).toHaveCount(0);
  await expect(page.getByTestId('run-status')).not.toContainText('running');
});
