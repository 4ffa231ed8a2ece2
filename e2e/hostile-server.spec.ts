/**
 * A hostile LangGraph server against the real storage worker in Chromium, played by the stand-in
 * server (tests/servers/stand-in-server.ts): a redirect of every endpoint to another origin that
 * would collect the API key, and a run stream that never ends, cancelled while a long local run of
 * another thread goes on. Each test is named after what it attacks.
 */
import { expect, test, type Page } from '@playwright/test';
import type { WorkerClient } from '../src/client/worker-client';
import { remoteGraphId } from '../src/protocol/remote';
import { startStandInServer, type StandInServer } from '../tests/servers/stand-in-server';

declare global {
  interface Window {
    __replaygraph?: WorkerClient;
    __restarts?: number;
  }
}

const KEY = 'key-only-for-the-saved-server';

let saved: StandInServer | null = null;
let elsewhere: StandInServer | null = null;
test.beforeEach(async () => {
  [saved, elsewhere] = await Promise.all([startStandInServer(), startStandInServer({ version: '6.6.6-elsewhere' })]);
});
test.afterEach(async () => {
  await Promise.all([saved?.stop(), elsewhere?.stop()]);
  saved = elsewhere = null;
});

async function ready(page: Page) {
  await page.waitForFunction(() => window.__replaygraph !== undefined);
  await page.evaluate(() => window.__replaygraph!.hello());
}

test.describe('hostile server', () => {
  test('every endpoint redirects to another origin: the browser never sends the key there, and the other server is not shown as the saved one', async ({ page }) => {
    saved!.set({ redirectTo: elsewhere!.url });
    await page.goto('/?view=servers');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('server-add').click();
    await page.getByTestId('server-url').fill(saved!.url);
    await page.getByTestId('server-api-key').fill(KEY);
    await page.getByTestId('server-save').click();
    const error = page.getByTestId('server-error');
    await expect(error).toHaveAttribute('data-code', 'REMOTE_REDIRECT');
    await expect(error).toContainText(new URL(saved!.url).origin);
    await expect(page.getByTestId('server-info')).not.toContainText('6.6.6');
    await expect(page.getByTestId('assistant-row')).toHaveCount(0);
    // The saved server was asked, with its key; the other origin was never contacted.
    expect(saved!.seen.some((r) => r.headers['x-api-key'] === KEY)).toBe(true);
    expect(elsewhere!.seen.filter((r) => JSON.stringify(r.headers).includes(KEY))).toEqual([]);
    expect(elsewhere!.seen).toEqual([]);
  });

  test('never-ending SSE cancel: the server run ends cancelled, the storage worker is not restarted, a local run of another thread goes on to its end', async ({ page }) => {
    test.setTimeout(240_000);
    saved!.set({ stream: 'endless', everyMs: 20 });
    await page.goto('/?debug=1&testGraphs=1');
    await ready(page);
    const serverId = await page.evaluate(async (url) => {
      const c = window.__replaygraph!;
      window.__restarts = 0;
      c.onRestart(() => (window.__restarts = (window.__restarts ?? 0) + 1));
      return (await c.request('rg/remote.server.save', { url })).server.serverId;
    }, saved!.url);
    const local = await page.evaluate(
      (threadId) => window.__replaygraph!.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 300, delayMs: 20 }, controls: { recursionLimit: 1000 } }),
      `e2e-local-${Date.now()}`,
    );
    const server = await page.evaluate((graphId) => window.__replaygraph!.startRun({ threadId: 'new', graphId, input: {} }), remoteGraphId(serverId, 'a-stand-in'));
    await expect.poll(() => saved!.openStreams).toBe(1);

    const cancelled = await page.evaluate((runId) => window.__replaygraph!.cancel(runId), server.runId);
    expect(cancelled.forced).toBe(false);
    expect(cancelled.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } });
    await expect.poll(() => saved!.openStreams).toBe(0);

    const end = await page.evaluate((runId) => window.__replaygraph!.waitForRun(runId), local.runId);
    expect(end).toMatchObject({ outcome: 'done', error: null, result: { count: 300 } });
    expect(await page.evaluate(() => window.__restarts)).toBe(0);
  });
});
