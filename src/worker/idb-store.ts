/** The browser's ThreadStore: IndexedDBSaver and its thread/trace extras. */
import { IndexedDBSaver } from '../checkpoint/idb/index';
import type { SavedQuarantine } from '../checkpoint/idb/user-graphs';
import type { GraphQuarantine } from '../protocol/dto';
import type { ThreadStore, TraceRecord } from './store';

const REASONS: ReadonlySet<string> = new Set<GraphQuarantine['reason']>(['load-failed', 'load-timeout', 'unapproved', 'unavailable']);

/** A stored quarantine as the protocol says it (an unknown reason reads as a failed load: it stays quarantined). */
const quarantineOf = (q: SavedQuarantine | null | undefined): GraphQuarantine | null =>
  q ? { reason: REASONS.has(q.reason) ? (q.reason as GraphQuarantine['reason']) : 'load-failed', message: String(q.message), since: String(q.since) } : null;

/** Opens the ThreadStore on the IndexedDB database `dbName`. */
export function createIdbStore(dbName: string, version: number): ThreadStore {
  const saver = new IndexedDBSaver({ dbName });
  return {
    saver,
    info: { dbName, version },
    async listThreads() {
      return (await saver.listThreads()).map((t) => ({
        threadId: t.threadId, graphId: t.graphId, status: t.status, steps: t.checkpointCount, updatedAt: t.updatedAt, ...(t.problem ? { problem: t.problem } : {}), ...(t.name ? { name: t.name } : {}),
      }));
    },
    setThreadRunning: (threadId, running, graphId) => saver.setThreadRunning(threadId, running, graphId),
    appendTrace: (threadId, records) => saver.appendTrace(threadId, records),
    renameThread: (threadId, name) => saver.setThreadName(threadId, name),
    // Records are written only by this host, so their shape is ours (runId and seq of the run first).
    readTrace: async (threadId, runId) => (await saver.readTrace(threadId, runId)) as TraceRecord[],
    readCheckpointTrace: async (threadId, ns, checkpointId) => (await saver.readCheckpointTrace(threadId, ns, checkpointId)) as TraceRecord[],
    readRunRecords: async (threadId) => (await saver.readRunRecords(threadId)) as TraceRecord[],
    readRunSlice: async (threadId, runId, from, count) => (await saver.readRunSlice(threadId, runId, from, count)) as TraceRecord[],
    countNamespaces: (threadId) => saver.countNamespaces(threadId),
    readChildren: (threadId, ns, checkpointId) => saver.readChildren(threadId, ns, checkpointId),
    listWithoutValues: (threadId, ns, options) => saver.listWithoutValues(threadId, ns, options),
    listRows: (threadId, ns, limit, before) => saver.listRows(threadId, ns, limit, before),
    deleteThread: (threadId) => saver.deleteThread(threadId),
    listUserGraphs: async () => (await saver.listUserGraphs()).map((g) => ({ ...g, quarantine: quarantineOf(g.quarantine) })),
    putUserGraph: async (graph) => {
      const stored = await saver.putUserGraph(graph);
      return { ...stored, quarantine: quarantineOf(stored.quarantine) };
    },
    setDurability: (durability) => saver.setDurability(durability),
    deleteUserGraph: (id) => saver.deleteUserGraph(id),
  };
}
