/**
 * Heap sizes of the page and of its storage worker, after a full garbage collection, read over
 * the DevTools protocol (the page's own session; workers through Target auto-attach, since a
 * worker has no `performance.memory`).
 */
import type { Page } from '@playwright/test';

/** Used JS heap (bytes) of the page and of its storage worker (null when it could not be reached). */
export interface HeapSizes {
  page: number;
  worker: number | null;
}

/** Attaches to `page` and its workers; `measure()` collects garbage in each, then reads their heaps. */
export async function heapProbe(page: Page): Promise<{ measure(): Promise<HeapSizes> }> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Map<string, string>(); // sessionId → url
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.set(e.sessionId, e.targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId) workers.delete(e.sessionId);
  });
  let id = 0;
  const waiting = new Map<number, (v: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  // Not flattened: messages to a worker go through this session, which Playwright's own does not see.
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const inWorker = (sessionId: string, method: string) => new Promise<unknown>((resolve, reject) => {
    const i = ++id;
    const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 20_000);
    waiting.set(i, (v) => {
      clearTimeout(timer);
      waiting.delete(i);
      resolve(v);
    });
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method }) }).catch(reject);
  });
  return {
    async measure() {
      await cdp.send('HeapProfiler.collectGarbage');
      const pageHeap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      const storage = [...workers].find(([, url]) => /storage/i.test(url))?.[0];
      let worker: number | null = null;
      if (storage) {
        try {
          await inWorker(storage, 'HeapProfiler.collectGarbage');
          worker = ((await inWorker(storage, 'Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
        } catch {
          worker = null;
        }
      }
      return { page: pageHeap, worker };
    },
  };
}

/** Bytes as MB with one decimal. */
export const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1e6).toFixed(1)} MB`);
