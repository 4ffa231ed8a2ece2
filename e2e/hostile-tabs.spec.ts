/**
 * Hostile cases, point 4 (one writer per thread): two pages of one browser context are two tabs of
 * the app on the same origin (one IndexedDB, one set of Web Locks). A run holds its thread's lock;
 * the other tab gets THREAD_BUSY saying where the run is, and its start-up recovery never closes a
 * run the other tab holds. Every other thread is byte-identical afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectUntouched, fingerprint, openApp, victims } from './hostile-helpers';

/** Starts a long run (a counter that waits between steps) on a new thread in `page`. */
async function longRun(page: Page, steps = 120): Promise<{ threadId: string; runId: string }> {
  return page.evaluate(async (steps) => {
    const c = window.__replaygraph!;
    const threadId = `tabs-${Date.now()}`;
    const { runId } = await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: steps, delayMs: 20 }, controls: { recursionLimit: 1000 } });
    return { threadId, runId };
  }, steps);
}

const busy = (page: Page, request: string, args: Record<string, unknown>) =>
  page.evaluate(async ({ request, args }) => {
    try {
      await window.__replaygraph!.request(request as never, args as never);
      return null;
    } catch (e) {
      return (e as { data?: { code?: string; where?: string; message?: string } }).data ?? { message: String(e) };
    }
  }, { request, args });

test.describe('hostile: two tabs on one thread', () => {
  test('the second tab\'s continue, replay, fork and delete get THREAD_BUSY "another tab"; the first tab\'s own, "this tab"', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const { threadId, runId } = await longRun(page, 1000);
    const other = await context.newPage();
    await openApp(other);
    await expect.poll(async () => (await other.evaluate((t) => window.__replaygraph!.historyPage({ threadId: t, limit: 2 }), threadId)).items.length).toBe(2);
    const at = (await other.evaluate((t) => window.__replaygraph!.historyPage({ threadId: t, limit: 1 }), threadId)).items[0]!.checkpointId;
    for (const [request, args] of [
      ['rg/run.continue', { threadId }],
      ['rg/run.replay', { threadId, ns: '', checkpointId: at }],
      ['rg/run.fork', { threadId, ns: '', checkpointId: at, values: {}, run: true }],
      ['rg/thread.delete', { threadId }],
    ] as const) {
      expect(await busy(other, request, args), request).toMatchObject({ code: 'THREAD_BUSY', where: 'another-tab', message: expect.stringContaining('another tab') });
    }
    expect(await busy(page, 'rg/run.continue', { threadId })).toMatchObject({ code: 'THREAD_BUSY', where: 'this-tab' });
    expect((await other.evaluate(() => window.__replaygraph!.listThreads())).find((t) => t.threadId === threadId)?.status).toBe('running');
    expect((await page.evaluate((id) => window.__replaygraph!.cancel(id), runId)).ended.outcome).toBe('cancelled');
    await expectUntouched(page, v.before);
  });

  test('a tab opened mid-run does not mark the other tab\'s run cancelled; the run ends done, with no duplicated step', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const { threadId, runId } = await longRun(page, 400);
    await page.waitForTimeout(300);
    const other = await context.newPage();
    await openApp(other);
    const seenByOther = await other.evaluate((t) => window.__replaygraph!.listRuns(t), threadId);
    expect(seenByOther.map((r) => r.outcome)).toEqual(['running']);
    expect((await page.evaluate((id) => window.__replaygraph!.waitForRun(id), runId)).outcome).toBe('done');
    const after = await other.evaluate(async (t) => {
      const c = window.__replaygraph!;
      const items = (await c.historyPage({ threadId: t, limit: 500 })).items;
      return { runs: (await c.listRuns(t)).map((r) => r.outcome), steps: items.map((i) => i.step) };
    }, threadId);
    expect(after.runs).toEqual(['done']);
    expect(new Set(after.steps).size).toBe(after.steps.length);
    await expectUntouched(other, v.before);
  });

  test('once the run ended, the other tab may continue the thread', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const { threadId, runId } = await longRun(page, 30);
    const other = await context.newPage();
    await openApp(other);
    await page.evaluate((id) => window.__replaygraph!.waitForRun(id), runId);
    const next = await other.evaluate(async (t) => {
      const c = window.__replaygraph!;
      return (await c.waitForRun((await c.continueRun({ threadId: t })).runId)).outcome;
    }, threadId);
    expect(next).toBe('done');
    await expectUntouched(other, v.before);
  });

  test('a tab closed mid-run releases its lock: the next start closes the stale run, keeping its checkpoints', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const { threadId } = await longRun(page, 400);
    await page.waitForTimeout(800);
    const committed = (await fingerprint(page, [threadId]))[threadId]!;
    await page.close();
    const other = await context.newPage();
    await openApp(other);
    const r = await other.evaluate(async (t) => {
      const c = window.__replaygraph!;
      return { runs: await c.listRuns(t), steps: (await c.historyPage({ threadId: t, limit: 500 })).items.length, status: (await c.listThreads()).find((x) => x.threadId === t)?.status };
    }, threadId);
    expect(r.runs).toEqual([expect.objectContaining({ outcome: 'cancelled', error: expect.objectContaining({ code: 'RUN_CANCELLED' }) })]);
    expect(r.status).not.toBe('running');
    // Every checkpoint the closed tab had committed is there (the count in the fingerprint can only have grown).
    expect(r.steps).toBeGreaterThanOrEqual(Number(/checkpoints:(\d+)/.exec(committed)![1]));
    await expectUntouched(other, v.before);
  });

  test('the UI says where the run is when the other tab\'s Continue is refused', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const { threadId, runId } = await longRun(page, 1000);
    const other = await context.newPage();
    await other.goto(`/?debug=1&testGraphs=1&thread=${encodeURIComponent(threadId)}`);
    await expect(other.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(other.getByTestId('action-continue')).toBeVisible();
    await other.getByTestId('action-continue').click();
    await expect(other.getByTestId('errors')).toContainText('another tab');
    await page.evaluate((id) => window.__replaygraph!.cancel(id), runId);
    await expectUntouched(page, v.before);
  });
});
