/**
 * Heap sizes of the page and of its storage worker, after a full garbage collection, read over
 * the DevTools protocol (the page's own session; workers through Target auto-attach, since a
 * worker has no `performance.memory`).
 */
import type { Page } from '@playwright/test';
import { workerCdp } from './worker-cdp';

/** Used JS heap (bytes) of the page and of its storage worker (null when it could not be reached). */
export interface HeapSizes {
  page: number;
  worker: number | null;
}

/** Attaches to `page` and its workers; `measure()` collects garbage in each, then reads their heaps. */
export async function heapProbe(page: Page): Promise<{ measure(): Promise<HeapSizes> }> {
  const { cdp, workers, call: inWorker } = await workerCdp(page);
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
