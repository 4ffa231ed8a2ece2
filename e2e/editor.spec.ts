/**
 * The graph editor in real Chromium: TypeScript written in CodeMirror, compiled and run in the
 * worker; syntax and run-time errors come back with line and column and the line is marked.
 */
import { expect, test, type Page } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

async function openEditor(page: Page, query = ''): Promise<void> {
  await page.goto(`/?view=editor${query}`);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
}

const name = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test.describe('graph editor', () => {
  test('a run started from the editor can be cancelled there: the run ends cancelled, its committed checkpoints stay', async ({ page }) => {
    await openEditor(page, '&debug=1');
    await page.getByTestId('editor-name').fill(name('endless'));
    await setEditorSource(page, [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      "export const title = 'Endless';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'export default new StateGraph(State)',
      "  .addNode('first', () => ({ n: 1 }))",
      "  .addNode('wait', () => new Promise<{ n: number }>(() => undefined))",
      "  .addEdge(START, 'first')",
      "  .addEdge('first', 'wait')",
      "  .addEdge('wait', END);",
    ].join('\n'));
    await page.getByTestId('editor-run').click();
    await expect(page.getByTestId('editor-status')).toContainText('Running');
    // The run is stuck in `wait` once first's step is committed (read through the page's debug handle).
    await expect.poll(() => page.evaluate(async () => {
      const c = window.__replaygraph;
      return c ? Math.max(0, ...(await c.listThreads()).map((t) => t.steps)) : -1;
    }), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await page.getByTestId('editor-cancel-run').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'cancelled', { timeout: 30_000 });
    // The input checkpoint and first's step were committed before the cancel.
    await expect.poll(async () => page.getByTestId('timeline-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  });

  test('write a graph, save and run it: the debugger shows its result; it is listed beside the gallery', async ({ page }) => {
    await openEditor(page);
    // Syntax highlighting: CodeMirror tokenised the TypeScript.
    await expect(page.locator('.cm-content span[class]').first()).toBeVisible();
    const graphName = name('counter');
    await page.getByTestId('editor-name').fill(graphName);
    await setEditorSource(page, [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      "export const title = 'Word counter';",
      "export const exampleInput = { text: 'one two three' };",
      'const State = Annotation.Root({ text: Annotation<string>(), words: Annotation<number>() });',
      'export default new StateGraph(State)',
      "  .addNode('count', (s) => ({ words: s.text.split(' ').length * 100 + 7 }))",
      "  .addEdge(START, 'count')",
      "  .addEdge('count', END);",
    ].join('\n'));
    await page.getByTestId('editor-run').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('inspector-panel')).toContainText('307');
    await page.getByTestId('view-gallery').click();
    await expect(page.getByTestId('user-graphs').locator(`[data-graph-id="user:${graphName}"]`)).toContainText('Word counter');
    // Saved in IndexedDB and registered again by the next page's worker; the reload stays on the gallery.
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('gallery');
    await page.reload();
    await expect(page.getByTestId('user-graphs').locator(`[data-graph-id="user:${graphName}"]`)).toBeVisible();
  });

  test('a syntax error is reported with line and column, and the line is marked', async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('broken'));
    await setEditorSource(page, [
      "import { Annotation, StateGraph } from 'replaygraph';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'const oops = (;',
      'export default new StateGraph(State);',
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'syntax');
    await expect(error).toHaveAttribute('data-line', '3');
    await expect(error).toHaveAttribute('data-column', /^\d+$/);
    await expect(error).toContainText('line 3, column');
    await expect(page.locator('.cm-error-line')).toHaveCount(1);
    await expect(page.locator('.cm-error-line')).toContainText('const oops = (;');
    // The unsaved text survives a reload; fixing it clears the error and its mark.
    await page.reload();
    await expect(page.locator('.cm-content')).toContainText('const oops = (;');
    await setEditorSource(page, [
      "import { Annotation, StateGraph } from 'replaygraph';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      "export default new StateGraph(State).addNode('a', () => ({ n: 1 })).addEdge('__start__', 'a');",
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'compiled');
    await expect(page.getByTestId('editor-error')).toHaveCount(0);
    await expect(page.locator('.cm-error-line')).toHaveCount(0);
  });

  test('a run-time error in a node is reported at its line and column', async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('thrower'));
    await setEditorSource(page, [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'export default new StateGraph(State)',
      "  .addNode('check', (s) => {",
      "    if (s.n !== 42) throw new RangeError('n must be 42');",
      '    return { n: s.n };',
      '  })',
      "  .addEdge(START, 'check')",
      "  .addEdge('check', END);",
    ].join('\n'));
    await page.getByTestId('editor-run').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'runtime', { timeout: 30_000 });
    await expect(error).toHaveAttribute('data-line', '5');
    await expect(error).toHaveAttribute('data-column', '27');
    await expect(error).toContainText('RangeError: n must be 42');
    await expect(page.locator('.cm-error-line')).toContainText("throw new RangeError('n must be 42')");
  });

  test('a gallery graph copied into the editor runs as a user graph', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.locator('[data-testid="gallery-card"][data-graph-id="map-reduce"]').getByTestId('gallery-edit').click();
    await expect(page.locator('.cm-content')).toContainText('new Send');
    await page.getByTestId('editor-name').fill(name('mr-copy'));
    await page.getByTestId('editor-run').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('inspector-panel')).toContainText('pregel: 6 letters');
  });
});
