/**
 * A LangGraph.js program as written, run from the editor in real Chromium: top-level
 * `await graph.invoke(…)`, `for await` over `graph.stream(…)`, `export const app`, console output
 * shown with its lines, `process.env` from the settings table; each graph call is a thread that
 * opens in the debugger with its checkpoints.
 */
import { expect, test } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

const PROGRAM = [
  "import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';",
  '',
  'const State = Annotation.Root({',
  '  text: Annotation<string>(),',
  '  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),',
  '});',
  '',
  'const workflow = new StateGraph(State)',
  "  .addNode('shout', (s) => ({ text: s.text.toUpperCase(), log: ['shouted'] }))",
  "  .addNode('sign', (s) => ({ text: `${s.text} — ${process.env.SIGNATURE}`, log: ['signed'] }))",
  "  .addEdge(START, 'shout')",
  "  .addEdge('shout', 'sign')",
  "  .addEdge('sign', END);",
  '',
  'export const app = workflow.compile({ checkpointer: new MemorySaver() });',
  '',
  "const result = await app.invoke({ text: 'hello' }, { configurable: { thread_id: 'one' } });",
  "console.log('result', result.text, result.log);",
  "for await (const chunk of await app.stream({ text: 'again' }, { configurable: { thread_id: 'two' }, streamMode: 'updates' })) {",
  "  console.log('update', Object.keys(chunk)[0]);",
  '}',
].join('\n');

test.describe('programs in the editor', () => {
  test('a program with top-level await, for await and export const app runs; its output shows and its thread opens in the debugger', async ({ page }) => {
    await page.goto('/?view=editor');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('editor-name').fill(`program-${Date.now().toString(36)}`);
    await setEditorSource(page, PROGRAM);
    // process.env is answered from the program's settings table.
    await page.getByTestId('program-panel').locator('summary').click();
    await page.getByTestId('program-env-add').click();
    await page.getByLabel('Setting name').fill('SIGNATURE');
    await page.getByLabel('Setting value').fill('signed');

    await page.getByTestId('editor-run-program').click();
    await expect(page.getByTestId('program-output')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const lines = page.getByTestId('program-line');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText("result HELLO — signed [ 'shouted', 'signed' ]");
    await expect(lines.nth(0)).toHaveAttribute('data-line', '18');
    await expect(lines.nth(1)).toContainText('update shout');
    await expect(lines.nth(2)).toContainText('update sign');
    await expect(lines.nth(2)).toHaveAttribute('data-line', '20');

    const threads = page.getByTestId('program-thread');
    await expect(threads).toHaveText(['app › one', 'app › two']);
    await threads.first().click();
    // The thread of `invoke(…, { thread_id: 'one' })`: input, then one checkpoint per step.
    await expect(page.getByTestId('timeline-row')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByTestId('inspector-panel')).toContainText('HELLO — signed');
  });

  test('an uncaught error ends the program with its message at its line, after what it printed', async ({ page }) => {
    await page.goto('/?view=editor');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await setEditorSource(page, ["console.log('before');", 'await Promise.resolve();', "throw new RangeError('out of range');"].join('\n'));
    await page.getByTestId('editor-run-program').click();
    await expect(page.getByTestId('program-output')).toHaveAttribute('data-status', 'error', { timeout: 60_000 });
    await expect(page.getByTestId('program-line')).toHaveCount(1);
    await expect(page.getByTestId('program-line')).toContainText('before');
    await expect(page.getByTestId('program-error')).toHaveAttribute('data-line', '3');
    await expect(page.getByTestId('program-error')).toContainText('RangeError: out of range');
  });
});
