/**
 * The real worker in Chromium, driven through the page's client (`window.__replaygraph`, exposed
 * with `?debug=1`; `?testGraphs=1` registers the test-only graphs).
 */
import { expect, test, type Page } from '@playwright/test';
import type { WorkerClient } from '../src/client/worker-client';

declare global {
  interface Window {
    __replaygraph?: WorkerClient;
  }
}

const URL = '/?debug=1&testGraphs=1';

async function ready(page: Page) {
  await page.waitForFunction(() => window.__replaygraph !== undefined);
  await page.evaluate(() => window.__replaygraph!.hello());
}

/** Everything the debugger shows for a thread: history, runs and trace. */
function snapshot(page: Page, threadId: string) {
  return page.evaluate(async (threadId) => {
    const c = window.__replaygraph!;
    const history = (await c.historyPage({ threadId, limit: 500 })).items;
    const runs = await c.listRuns(threadId);
    const trace = (await c.getTrace({ threadId, limit: 500 })).events;
    const head = await c.getCheckpoint({ threadId, checkpointId: history[0]!.checkpointId });
    return { history, runs, trace, head };
  }, threadId);
}

/** Root checkpoints of a thread, counted straight from IndexedDB (works while the worker is stuck). */
function committedCheckpoints(page: Page, threadId: string): Promise<number> {
  return page.evaluate(
    (threadId) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('replaygraph');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('checkpoints').objectStore('checkpoints').count(IDBKeyRange.bound([threadId, ''], [threadId, '', []]));
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    threadId,
  );
}

test.describe('worker', () => {
  test('a run in the worker survives a page reload: history, runs and trace are all still there', async ({ page }) => {
    await page.goto(URL);
    await ready(page);
    const threadId = `e2e-reload-${Date.now()}`;
    const ended = await page.evaluate(async (threadId) => {
      const c = window.__replaygraph!;
      const { runId } = await c.startRun({ threadId, graphId: 'parallel-flaky', input: { query: 'reload' } });
      const first = await c.waitForRun(runId);
      const again = await c.continueRun({ threadId });
      return [first.outcome, (await c.waitForRun(again.runId)).outcome];
    }, threadId);
    expect(ended).toEqual(['error', 'done']);
    const before = await snapshot(page, threadId);
    expect(before.history.length).toBeGreaterThanOrEqual(4);
    expect(before.trace.length).toBeGreaterThan(20);
    expect(before.runs.map((r) => r.outcome)).toEqual(['error', 'done']);

    await page.reload();
    await ready(page);
    const after = await snapshot(page, threadId);
    expect(after).toEqual(before);
    const threads = await page.evaluate(() => window.__replaygraph!.listThreads());
    expect(threads.find((t) => t.threadId === threadId)).toMatchObject({ graphId: 'parallel-flaky', status: 'idle' });
  });

  test('a node that loops forever: the page stays responsive, cancel restarts the worker, committed checkpoints survive', async ({ page }) => {
    await page.goto(URL);
    await ready(page);
    const threadId = `e2e-spin-${Date.now()}`;
    const runId = await page.evaluate(async (threadId) => {
      const { runId } = await window.__replaygraph!.startRun({ threadId, graphId: 'test-spin-forever', input: { count: 0 } });
      return runId;
    }, threadId);
    // Input, __start__ and three counting steps are committed before the node starts spinning. The
    // worker cannot answer now, so the page reads IndexedDB itself.
    await expect.poll(() => committedCheckpoints(page, threadId)).toBe(5);
    await expect(page.evaluate(() => Promise.race([window.__replaygraph!.listThreads().then(() => 'answered'), new Promise((r) => setTimeout(() => r('stuck'), 300))]))).resolves.toBe('stuck');

    // The worker is stuck, the page is not: it evaluates script and updates the DOM at once.
    const stamp = await page.evaluate(() => {
      const el = document.createElement('output');
      el.id = 'responsive-probe';
      el.textContent = 'still responsive';
      document.body.append(el);
      return performance.now();
    });
    expect(stamp).toBeGreaterThan(0);
    await expect(page.locator('#responsive-probe')).toHaveText('still responsive');

    const result = await page.evaluate((runId) => window.__replaygraph!.cancel(runId), runId);
    expect(result.forced).toBe(true);
    expect(result.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } });

    // The new worker answers, and the checkpoints committed before the spin are in IndexedDB.
    const after = await page.evaluate(async (threadId) => {
      const c = window.__replaygraph!;
      const history = (await c.historyPage({ threadId, limit: 50 })).items;
      return { steps: history.map((h) => h.step), runs: await c.listRuns(threadId), threads: await c.listThreads() };
    }, threadId);
    expect(after.steps).toEqual([3, 2, 1, 0, -1]);
    expect(after.runs).toEqual([expect.objectContaining({ runId, outcome: 'cancelled' })]);
    expect(after.threads.find((t) => t.threadId === threadId)?.status).not.toBe('running');
  });
});
