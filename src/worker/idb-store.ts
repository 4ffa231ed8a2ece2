/** The browser's ThreadStore: the app database (`AppDatabase`) and its checkpointer. */
import { AppDatabase, type SavedQuarantine } from '../checkpoint/idb/index';
import type { GraphQuarantine } from '../protocol/dto';
import type { ThreadStore, TraceRecord } from './store';

const REASONS: ReadonlySet<string> = new Set<GraphQuarantine['reason']>(['load-failed', 'load-timeout', 'unapproved', 'unavailable']);

/** A stored quarantine as the protocol says it (an unknown reason reads as a failed load: it stays quarantined). */
const quarantineOf = (q: SavedQuarantine | null | undefined): GraphQuarantine | null =>
  q ? { reason: REASONS.has(q.reason) ? (q.reason as GraphQuarantine['reason']) : 'load-failed', message: String(q.message), since: String(q.since) } : null;

/**
 * Trace records as this host wrote them. Only this host appends them (checked first: session
 * events by the session, runs by the registry), so their shape is ours; readers that depend on a
 * field still check it (records.ts), since a record may have been edited in the browser's tools.
 */
const asRecords = (records: unknown[]) => records as TraceRecord[];

/** Opens the ThreadStore on the IndexedDB database `dbName` (`version`: what hello reports). */
export function createIdbStore(dbName: string, version: number): ThreadStore {
  const db = new AppDatabase({ dbName });
  return {
    saver: db.saver,
    info: { dbName, version },
    writeBatch: (ops, memo) => db.writeBatch(ops, memo),
    async listThreads() {
      return (await db.listThreads()).map((t) => ({
        threadId: t.threadId, graphId: t.graphId, running: t.running, error: t.error, interrupted: t.interrupted, steps: t.checkpointCount, updatedAt: t.updatedAt,
        ...(t.problem ? { problem: t.problem } : {}), ...(t.name ? { name: t.name } : {}), ...(t.next ? { next: t.next } : {}),
      }));
    },
    setThreadRunning: (threadId, running, graphId) => db.setThreadRunning(threadId, running, graphId),
    appendTrace: (threadId, records, options) => db.appendTrace(threadId, records, options),
    renameThread: (threadId, name) => db.setThreadName(threadId, name),
    readTrace: async (threadId, runId) => asRecords(await db.readTrace(threadId, runId)),
    async readCheckpointView(threadId, ns, checkpointId) {
      const view = await db.readCheckpointView(threadId, ns, checkpointId);
      return view && { ...view, trace: asRecords(view.trace) };
    },
    readRunRecords: async (threadId) => asRecords(await db.readRunRecords(threadId)),
    readRunSlice: async (threadId, runId, from, count) => asRecords(await db.readRunSlice(threadId, runId, from, count)),
    countNamespaces: (threadId) => db.countNamespaces(threadId),
    listRows: (threadId, ns, limit, before) => db.listRows(threadId, ns, limit, before),
    deleteThread: (threadId) => db.deleteThread(threadId),
    listUserGraphs: async () => (await db.listUserGraphs()).map((g) => ({ ...g, quarantine: quarantineOf(g.quarantine) })),
    putUserGraph: async (graph) => {
      const stored = await db.putUserGraph(graph);
      return { ...stored, quarantine: quarantineOf(stored.quarantine) };
    },
    deleteUserGraph: (id) => db.deleteUserGraph(id),
    setDurability: (durability) => db.setDurability(durability),
  };
}
