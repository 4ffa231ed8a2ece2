/** The browser's ThreadStore: IndexedDBSaver and its thread/trace extras. */
import { IndexedDBSaver } from '../checkpoint/idb/index';
import type { ThreadStore, TraceRecord } from './store';

/** Opens the ThreadStore on the IndexedDB database `dbName`. */
export function createIdbStore(dbName: string, version: number): ThreadStore {
  const saver = new IndexedDBSaver({ dbName });
  return {
    saver,
    info: { dbName, version },
    async listThreads() {
      return (await saver.listThreads()).map((t) => ({
        threadId: t.threadId, graphId: t.graphId, status: t.status, steps: t.checkpointCount, updatedAt: t.updatedAt,
      }));
    },
    setThreadRunning: (threadId, running, graphId) => saver.setThreadRunning(threadId, running, graphId),
    appendTrace: (threadId, records) => saver.appendTrace(threadId, records),
    // Records are written only by this host, so their shape is ours (runId and seq of the run first).
    readTrace: async (threadId, runId) => (await saver.readTrace(threadId, runId)) as TraceRecord[],
    readCheckpointTrace: async (threadId, ns, checkpointId) => (await saver.readCheckpointTrace(threadId, ns, checkpointId)) as TraceRecord[],
    readRunRecords: async (threadId) => (await saver.readRunRecords(threadId)) as TraceRecord[],
    readRunSlice: async (threadId, runId, from, count) => (await saver.readRunSlice(threadId, runId, from, count)) as TraceRecord[],
    countNamespaces: (threadId) => saver.countNamespaces(threadId),
    listWithoutValues: (threadId, ns, options) => saver.listWithoutValues(threadId, ns, options),
    deleteThread: (threadId) => saver.deleteThread(threadId),
    listUserGraphs: () => saver.listUserGraphs(),
    putUserGraph: (graph) => saver.putUserGraph(graph),
    deleteUserGraph: (id) => saver.deleteUserGraph(id),
  };
}
