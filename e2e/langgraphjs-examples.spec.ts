/**
 * LangGraph.js's own examples pasted into the editor as published (tests/fixtures/langgraphjs: only
 * the model and the web-search tool swapped for offline ones), run on the real sandbox worker: the
 * inspector shows the conversation as a chat transcript, and an interrupt inside a tool is resumed.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/langgraphjs/${name}`, import.meta.url), 'utf8');

async function pasteAndRun(page: Page, graphName: string, source: string): Promise<void> {
  await page.goto('/?view=editor');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('editor-name').fill(graphName);
  await setEditorSource(page, source);
  await page.getByTestId('editor-run').click();
  // The first run has the module's example input (none here): it proves the module runs.
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', /done|interrupted/, { timeout: 40_000 });
}

/** Runs the open graph on a new thread with one user message. */
async function ask(page: Page, text: string): Promise<void> {
  await page.getByTestId('run-input').fill(JSON.stringify({ messages: [{ role: 'user', content: text }] }));
  await page.getByTestId('run-new').click();
}

const name = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

test.describe('LangGraph.js examples in the editor', () => {
  test('the quick-start agent runs and its messages show as a transcript, raw JSON one click away', async ({ page }) => {
    await pasteAndRun(page, name('quickstart'), fixture('quickstart-agent.ts.txt'));
    await ask(page, 'what is the weather in sf');
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 40_000 });
    await page.getByTestId('inspector-tab-state').click();
    const transcript = page.getByTestId('chat-transcript');
    await expect(transcript).toHaveAttribute('data-key', 'messages');
    const messages = transcript.getByTestId('chat-message');
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(0)).toHaveAttribute('data-role', 'human');
    await expect(messages.nth(0)).toContainText('what is the weather in sf');
    const call = messages.nth(1).getByTestId('chat-tool-call');
    await expect(call).toHaveAttribute('data-tool', 'tavily_search_results_json');
    await expect(call).toContainText('"query": "weather in sf"');
    await expect(call).toContainText('call_sf');
    await expect(messages.nth(2)).toHaveAttribute('data-role', 'tool');
    await expect(messages.nth(2).getByTestId('chat-tool-result')).toContainText('call_sf (tavily_search_results_json)');
    await expect(messages.nth(3)).toContainText("It's 60 degrees and foggy in San Francisco.");
    // Every message got an id from the reducer, and the raw JSON is one click away.
    await expect(messages.nth(0)).toHaveAttribute('data-message-id', /^[0-9a-f-]{36}$/);
    await transcript.getByTestId('chat-raw-toggle').click();
    await expect(transcript.getByTestId('chat-raw')).toContainText('"tool_call_id": "call_sf"');
    await transcript.getByTestId('chat-raw-toggle').click();
    await expect(messages).toHaveCount(4);
  });

  test('the human-in-the-loop tools agent stops inside its tool, and resuming books the hotel', async ({ page }) => {
    await pasteAndRun(page, name('hitl'), fixture('human-in-the-loop.ts.txt'));
    await ask(page, 'book a stay at McKittrick hotel');
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1, { timeout: 40_000 });
    await expect(form.getByTestId('interrupt-value')).toContainText('Please approve or suggest edits.');
    await page.getByTestId('inspector-tab-state').click();
    const messages = page.getByTestId('chat-transcript').getByTestId('chat-message');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1).getByTestId('chat-tool-call')).toContainText('"hotelName": "McKittrick Hotel"');
    await form.getByTestId('resume-input').fill('{ "type": "accept" }');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 40_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 40_000 });
    await page.getByTestId('inspector-tab-state').click();
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(2)).toHaveAttribute('data-role', 'tool');
    await expect(messages.nth(2)).toContainText('Successfully booked a stay at McKittrick Hotel.');
    await expect(messages.nth(3)).toContainText('Your stay at the McKittrick Hotel is booked.');
  });

  test('an import replaygraph cannot satisfy is reported at its name', async ({ page }) => {
    await page.goto('/?view=editor');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('editor-name').fill(name('openai'));
    await setEditorSource(page, [
      'import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";',
      'import { ChatOpenAI } from "@langchain/openai";',
      'const model = new ChatOpenAI({ model: "gpt-4o-mini" });',
      'export default new StateGraph(MessagesAnnotation).addNode("agent", async (s) => ({ messages: [await model.invoke(s.messages)] })).addEdge("__start__", "agent");',
    ].join('\n'));
    await page.getByTestId('editor-check').click();
    const error = page.getByTestId('editor-error');
    await expect(error).toHaveAttribute('data-kind', 'import');
    await expect(error).toHaveAttribute('data-line', '2');
    await expect(error).toHaveAttribute('data-column', '10');
    await expect(error).toContainText("`@langchain/openai` (imported for `ChatOpenAI`) is not available in replaygraph: a provider's chat model calls its service");
    await expect(page.locator('.cm-error-line')).toContainText('import { ChatOpenAI }');
  });
});
