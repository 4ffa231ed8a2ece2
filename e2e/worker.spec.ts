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

  test('a node that loops forever: only its sandbox is stuck; cancel stops it, committed checkpoints survive', async ({ page }) => {
    await page.goto(URL);
    await ready(page);
    const threadId = `e2e-spin-${Date.now()}`;
    const runId = await page.evaluate(async (threadId) => {
      const { runId } = await window.__replaygraph!.startRun({ threadId, graphId: 'test-spin-forever', input: { count: 0 } });
      return runId;
    }, threadId);
    // Input, __start__ and three counting steps are committed before the node starts spinning.
    await expect.poll(() => committedCheckpoints(page, threadId)).toBe(5);
    // The node spins in its sandbox worker: the storage worker still answers at once.
    await expect(page.evaluate(() => Promise.race([window.__replaygraph!.listThreads().then(() => 'answered'), new Promise((r) => setTimeout(() => r('stuck'), 1000))]))).resolves.toBe('answered');
    const listed = await page.evaluate(() => window.__replaygraph!.listThreads());
    expect(listed.find((t) => t.threadId === threadId)?.status).toBe('running');

    // The page is not stuck either: it evaluates script and updates the DOM at once.
    await page.evaluate(() => {
      const el = document.createElement('output');
      el.id = 'responsive-probe';
      el.textContent = 'still responsive';
      document.body.append(el);
    });
    await expect(page.locator('#responsive-probe')).toHaveText('still responsive');

    // The storage worker stops the run's sandbox after its grace period; it is never restarted itself.
    const result = await page.evaluate((runId) => window.__replaygraph!.cancel(runId), runId);
    expect(result.forced).toBe(false);
    expect(result.ended).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED', message: expect.stringContaining('its sandbox was stopped') } });

    const after = await page.evaluate(async (threadId) => {
      const c = window.__replaygraph!;
      const history = (await c.historyPage({ threadId, limit: 50 })).items;
      return { steps: history.map((h) => h.step), runs: await c.listRuns(threadId), threads: await c.listThreads() };
    }, threadId);
    expect(after.steps).toEqual([3, 2, 1, 0, -1]);
    expect(after.runs).toEqual([expect.objectContaining({ runId, outcome: 'cancelled' })]);
    expect(after.threads.find((t) => t.threadId === threadId)?.status).not.toBe('running');
    // A new run of the same graph gets a new sandbox worker and runs.
    const again = await page.evaluate(async () => {
      const c = window.__replaygraph!;
      const { runId } = await c.startRun({ threadId: `e2e-after-spin-${Date.now()}`, graphId: 'test-counter', input: { count: 0, target: 3, delayMs: 0 } });
      return (await c.waitForRun(runId)).outcome;
    });
    expect(again).toBe('done');
  });
});
