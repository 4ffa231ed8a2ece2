/**
 * Keeps the trace records of the last few threads read in memory, so clicking through the
 * checkpoints of a long thread does not read its whole trace from IndexedDB each time. Writes and
 * deletes of a thread drop its entry. Returned arrays are shared: callers must not change them.
 */
import type { ThreadStore, TraceRecord } from './store';

/** Wraps `store` with a trace cache of at most `maxThreads` threads. */
export function withTraceCache(store: ThreadStore, maxThreads = 8): ThreadStore {
  const cache = new Map<string, Promise<TraceRecord[]>>();
  const drop = (threadId: string) => cache.delete(threadId);

  const all = (threadId: string): Promise<TraceRecord[]> => {
    let hit = cache.get(threadId);
    if (hit) {
      cache.delete(threadId); // re-insert: most recently used last
    } else {
      hit = store.readTrace(threadId);
      hit.catch(() => drop(threadId));
    }
    cache.set(threadId, hit);
    while (cache.size > maxThreads) cache.delete(cache.keys().next().value!);
    return hit;
  };

  return {
    ...store,
    listThreads: () => store.listThreads(),
    setThreadRunning: (threadId, running, graphId) => store.setThreadRunning(threadId, running, graphId),
    async appendTrace(threadId, records, options) {
      drop(threadId);
      try {
        await store.appendTrace(threadId, records, options);
      } finally {
        drop(threadId); // a read that started during the write may hold the old records
      }
    },
    async readTrace(threadId, runId) {
      const records = await all(threadId);
      return runId === undefined ? records : records.filter((r) => r.runId === runId);
    },
    async deleteThread(threadId) {
      drop(threadId);
      await store.deleteThread(threadId);
      drop(threadId);
    },
  };
}
