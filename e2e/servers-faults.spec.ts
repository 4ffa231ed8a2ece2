/**
 * Faults between the app and a real LangGraph dev server, added by the fault proxy in front of it
 * (tests/servers/fault-proxy.ts): a wrong API key, a gateway without CORS headers, a slow answer
 * cancelled from the page, and the server stopped in the middle of a run. Each shows its message,
 * and the local threads are untouched.
 */
import type { Page } from '@playwright/test';
import { startFaultProxy, type FaultProxy } from '../tests/servers/fault-proxy';
import { expect, test } from './servers/langgraph';

test.use({ langgraphOptions: { graphs: ['slow'] } });

const count = async (page: Page) => Number(await page.getByTestId('timeline').getAttribute('data-count'));

let proxy: FaultProxy | null = null;
test.afterEach(async () => {
  await proxy?.stop();
  proxy = null;
});

test.describe('server faults', () => {
  test('a wrong API key, a CORS refusal and a slow answer cancelled: each says what to do', async ({ page, langgraph }) => {
    proxy = await startFaultProxy(langgraph.url, { apiKey: 'right-key' });
    await page.goto('/?view=servers');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('server-add').click();
    await page.getByTestId('server-url').fill(proxy.url);
    await page.getByTestId('server-api-key').fill('wrong-key');
    await page.getByTestId('server-save').click();
    const error = page.getByTestId('server-error');
    await expect(error).toHaveAttribute('data-code', 'REMOTE_UNAUTHORIZED');
    await expect(error).toContainText('API key');
    // The key went to that server, as x-api-key.
    expect(proxy.seen.some((r) => r.headers['x-api-key'] === 'wrong-key')).toBe(true);

    // Fix the key: the server answers, and its assistants are listed.
    await page.getByTestId('server-edit').click();
    await page.getByTestId('server-api-key').fill('right-key');
    await page.getByTestId('server-save').click();
    await expect(page.getByTestId('server-info')).toContainText('LangGraph API');
    await expect(page.getByTestId('assistant-row')).toHaveCount(1);
    await expect(page.getByTestId('server-item')).toContainText('🔑');

    // A gateway that drops the CORS headers: the message names the setting in langgraph.json.
    proxy.set({ apiKey: 'right-key', stripCors: true });
    await page.getByTestId('server-check').click();
    await expect(error).toHaveAttribute('data-code', 'REMOTE_CORS');
    await expect(error).toContainText('langgraph.json');

    // A slow answer: progress, then Cancel.
    proxy.set({ apiKey: 'right-key', delayMs: 8000 });
    await page.getByTestId('server-check').click();
    await expect(page.getByTestId('server-call-cancel')).toBeVisible({ timeout: 5000 });
    await expect(page.getByTestId('server-call')).toContainText('still waiting');
    await page.getByTestId('server-call-cancel').click();
    await expect(error).toHaveAttribute('data-code', 'REMOTE_ABORTED');
    await expect(page.getByTestId('server-call')).toHaveCount(0);
  });

  test('the server stopped mid-run: the run ends with the message, and local threads are untouched', async ({ page, langgraph }) => {
    // A local thread first.
    await page.goto('/?graph=chain');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 30_000 });
    await expect(page.getByTestId('run-item').first()).not.toHaveAttribute('data-outcome', 'running');
    const localThread = new URL(page.url()).searchParams.get('thread')!;
    const localOutcome = await page.getByTestId('run-item').first().getAttribute('data-outcome');
    const localSteps = await count(page);

    await page.getByTestId('view-servers').click();
    await page.getByTestId('server-add').click();
    await page.getByTestId('server-url').fill(langgraph.url);
    await page.getByTestId('server-save').click();
    await page.locator('[data-testid="assistant-row"][data-graph="slow"]').getByTestId('assistant-open').click();
    await page.getByTestId('run-input').fill('{"rounds": 40, "delayMs": 400}');
    await page.getByTestId('run-new').click();
    await expect.poll(() => count(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

    await langgraph.kill();
    // The stream is cut and cannot be read on: the run ends for the page with the message.
    await expect(page.getByTestId('action-cancel')).toBeDisabled({ timeout: 40_000 });
    await expect(page.getByTestId('server-error')).toHaveAttribute('data-code', 'REMOTE_STREAM_CUT');
    await expect(page.getByTestId('errors')).toContainText('was cut');
    // What was received stays on screen.
    expect(await count(page)).toBeGreaterThanOrEqual(3);

    // The local thread is as it was.
    await page.getByTestId('thread-picker').selectOption(localThread);
    await expect.poll(() => count(page), { timeout: 30_000 }).toBe(localSteps);
    await expect(page.getByTestId('run-item')).toHaveCount(1);
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', localOutcome!);
  });
});
