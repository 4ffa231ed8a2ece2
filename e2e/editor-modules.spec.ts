/**
 * What a LangGraph.js program imports, in real Chromium: a graph pasted into the editor that uses
 * @langchain/core's fake chat model, a prompt template, an output parser and uuid runs in the
 * debugger from the sandbox's own bundle; a syntax error inside an arrow function's body is shown
 * at its line (not at the function's header), and an import the sandbox cannot offer at its line
 * with what can be imported.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { v5 as uuidv5 } from 'uuid';
import { setEditorSource } from './editor-helpers';

const FAKE_MODEL_CHAIN = readFileSync(new URL('../tests/fixtures/usercode/fake-model-chain.ts.txt', import.meta.url), 'utf8');

async function openEditor(page: Page): Promise<void> {
  await page.goto('/?view=editor');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
}

const name = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test.describe('graph editor: modules and positions', () => {
  test('a graph on FakeListChatModel, ChatPromptTemplate, StringOutputParser and uuid runs in the debugger', async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('joke-chain'));
    await setEditorSource(page, FAKE_MODEL_CHAIN);
    await page.getByTestId('editor-run').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    const joke = 'Why did the graph cross the road? To reach END.';
    const inspector = page.getByTestId('inspector-panel');
    await expect(inspector).toContainText(joke);
    // uuid's v5 of the joke, computed here by the same package in Node.
    await expect(inspector).toContainText(uuidv5(joke, uuidv5.URL));
  });

  test("a missing `}` in an arrow function's body is shown at its line, not at the function's header", async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('unclosed'));
    await setEditorSource(page, [
      "import { Annotation, START, StateGraph } from '@langchain/langgraph';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'const node = (state: typeof State.State) => {',
      '  if (state.n > 3) {',
      '    return { n: 0 };',
      '  return { n: state.n + 1 };',
      '};',
      "export default new StateGraph(State).addNode('node', node).addEdge(START, 'node');",
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'syntax');
    await expect(error).toHaveAttribute('data-line', '5');
    await expect(error).toContainText('line 5, column 21');
    await expect(error).toContainText('Missing `}`: the `{` at line 4, column 20 is never closed');
    await expect(page.locator('.cm-error-line')).toHaveCount(1);
    await expect(page.locator('.cm-error-line')).toContainText('return { n: 0 };');
  });

  test('a bad token inside an arrow body is shown at its own line and column', async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('bad-token'));
    await setEditorSource(page, [
      "import { Annotation, START, StateGraph } from '@langchain/langgraph';",
      'const State = Annotation.Root({ n: Annotation<number>() });',
      'const node = (state: typeof State.State) => {',
      '  const next = state.n +* 2;',
      '  return { n: next };',
      '};',
      "export default new StateGraph(State).addNode('node', node).addEdge(START, 'node');",
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'syntax');
    await expect(error).toHaveAttribute('data-line', '4');
    await expect(error).toHaveAttribute('data-column', '25');
    await expect(page.locator('.cm-error-line')).toContainText('const next = state.n +* 2;');
  });

  test('an import the sandbox cannot offer is shown at its line, with why and what can be imported', async ({ page }) => {
    await openEditor(page);
    await page.getByTestId('editor-name').fill(name('remote'));
    await setEditorSource(page, [
      "import { MessagesAnnotation, StateGraph } from '@langchain/langgraph';",
      "import { RemoteGraph } from '@langchain/langgraph/remote';",
      "const remote = new RemoteGraph({ graphId: 'agent', url: 'http://127.0.0.1:1' });",
      "export default new StateGraph(MessagesAnnotation).addNode('remote', remote).addEdge('__start__', 'remote');",
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'import');
    await expect(error).toHaveAttribute('data-line', '2');
    await expect(error).toHaveAttribute('data-column', '10');
    await expect(error).toContainText('graph code has no network');
    await expect(error).toContainText('- @langchain/core: /callbacks/base');
    await expect(error).toContainText('- zod, and /v3, /v4, /v4/core');
  });
});
