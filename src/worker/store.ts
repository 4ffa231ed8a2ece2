/**
 * The storage the host needs beside a checkpointer: a thread list with a "running" flag, and the
 * persisted trace of every run. `IndexedDBSaver` provides all of it in the browser (see
 * idb-store.ts); `createMemoryStore` provides it in memory for tests and Node.
 */
import type { LedgerCheckpoint } from '../engine/ledger/index';
import { eventsAbout } from '../checkpoint/idb/trace-keys';
import { reportedNext, type CheckpointRow } from '../checkpoint/idb/rows';
import type { BaseCheckpointSaver, CheckpointListOptions, CheckpointTuple } from '../engine/checkpoint/types';
import type { CheckpointSummary, GraphQuarantine , RunSummary, ThreadStatus } from '../protocol/dto';
import { isRunSummary } from './records';
import type { TraceEvent } from '../shared/trace';

/**
 * One persisted record of a run: a trace event, a checkpoint notification, or the run's summary
 * (written when it starts and again when it ends; the last one wins). `runId` is the host's run
 * id and `seq` counts 0, 1, 2 … within the run, so (thread, runId, seq) is unique.
 */
export type TraceRecord = { runId: string; seq: number } & (
  | { kind: 'trace'; event: TraceEvent }
  | { kind: 'checkpoint'; checkpoint: CheckpointSummary }
  | { kind: 'run'; run: RunSummary }
);

/** A thread as storage lists it. */
export interface StoredThread {
  threadId: string;
  graphId: string | null;
  status: ThreadStatus;
  steps: number;
  updatedAt: string | null;
  /** Set when the thread's records are malformed (see records.ts). */
  problem?: string;
  /** The name the user gave the thread. */
  name?: string;
}

/** A graph written in the editor, as storage keeps it. */
export interface StoredUserGraph {
  id: string;
  title: string;
  source: string;
  updatedAt: string;
  /** Set while the graph must not be loaded (it failed or hung at load, or awaits approval). */
  quarantine?: GraphQuarantine | null;
}

/** Saved user graphs. */
export interface UserGraphStore {
  listUserGraphs(): Promise<StoredUserGraph[]>;
  putUserGraph(graph: { id: string; title: string; source: string; quarantine?: GraphQuarantine | null }): Promise<StoredUserGraph>;
  deleteUserGraph(id: string): Promise<void>;
}

/** Storage behind the host. */
export interface ThreadStore extends UserGraphStore {
  readonly saver: BaseCheckpointSaver;
  /** Name and schema version, reported by hello. */
  readonly info: { dbName: string; version: number };
  listThreads(): Promise<StoredThread[]>;
  /** Sets the running flag; `graphId` (when given) is remembered as the thread's graph. */
  setThreadRunning(threadId: string, running: boolean, graphId?: string): Promise<void>;
  appendTrace(threadId: string, records: TraceRecord[]): Promise<void>;
  /** Names a thread (`''` removes the name); nothing else of it changes. Optional: a store without it cannot name threads. */
  renameThread?(threadId: string, name: string): Promise<void>;
  /** Records of one run, or of every run of the thread, in (run start, seq) order. */
  readTrace(threadId: string, runId?: string): Promise<TraceRecord[]>;
  /**
   * The records about one checkpoint (ticks that started from it, writes put against it; see
   * src/checkpoint/idb/trace-keys.ts), in `readTrace` order. Optional: without it, readers filter
   * the whole trace.
   */
  readCheckpointTrace?(threadId: string, ns: string, checkpointId: string): Promise<TraceRecord[]>;
  /** The run summary records of a thread, in `readTrace` order. Optional: without it, readers filter the whole trace. */
  readRunRecords?(threadId: string): Promise<TraceRecord[]>;
  /**
   * Up to `count` records of one run from position `from` (0 = its first record), in append order.
   * Optional: without it, readers filter the whole trace.
   */
  readRunSlice?(threadId: string, runId: string, from: number, count: number): Promise<TraceRecord[]>;
  /**
   * A thread's checkpoints newest first like `saver.list`, without channel values (for timeline
   * rows). Optional: without it, readers use `saver.list`.
   */
  listWithoutValues?(threadId: string, ns: string | undefined, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple>;
  /**
   * Up to `limit` timeline rows of (thread, ns) older than `before`, newest first: what a history
   * page shows, stored when each checkpoint was saved (src/checkpoint/idb/rows.ts), so no value is
   * read. A row whose `next` was not stored (its run did not report it) has none. Optional:
   * without it, readers list tuples and ask the engine for `next`.
   */
  listRows?(threadId: string, ns: string, limit: number, before?: string): Promise<CheckpointRow[]>;
  /** Checkpoints per namespace of a thread. Optional: without it, readers list every checkpoint. */
  countNamespaces?(threadId: string): Promise<Map<string, number>>;
  /** The checkpoints of (thread, ns) whose parent is `checkpointId` (ids and metadata), for the write ledger. */
  readChildren(threadId: string, ns: string, checkpointId: string): Promise<LedgerCheckpoint[]>;
  /** Removes checkpoints, writes, trace and flags of the thread. */
  deleteThread(threadId: string): Promise<void>;
  /** Durability of committing transactions (see IndexedDBSaver.setDurability). Optional. */
  setDurability?(durability: 'strict' | 'relaxed'): void;
}

/**
 * Derives a thread's status from its latest root checkpoint's pending writes, the way
 * IndexedDBSaver does: `__interrupt__` ⇒ interrupted, `__error__` ⇒ error.
 */
export function statusFromWrites(writes: readonly (readonly [string, string, unknown])[] | undefined, running: boolean): ThreadStatus {
  if (running) return 'running';
  if (writes?.some((w) => w[1] === '__error__')) return 'error';
  if (writes?.some((w) => w[1] === '__interrupt__')) return 'interrupted';
  return 'idle';
}

/** An in-memory ThreadStore over any saver (a MemorySaver in tests). */
export function createMemoryStore(saver: BaseCheckpointSaver, info = { dbName: 'memory', version: 0 }): ThreadStore {
  const running = new Set<string>();
  const traces = new Map<string, TraceRecord[]>();
  const graphOf = new Map<string, string>();
  const touched = new Map<string, string>();
  const names = new Map<string, string>();
  const userGraphs = new Map<string, StoredUserGraph>();
  /** The `next` runs reported, by thread, namespace and checkpoint (as the IndexedDB store keeps it in rows). */
  const nexts = new Map<string, string[]>();
  const nextKey = (threadId: string, ns: string, id: string) => JSON.stringify([threadId, ns, id]);

  return {
    saver,
    info,
    async listUserGraphs() {
      return [...userGraphs.values()].map((g) => ({ ...g }));
    },
    async putUserGraph(graph) {
      const stored = { ...graph, updatedAt: new Date().toISOString() };
      userGraphs.set(graph.id, stored);
      return { ...stored };
    },
    async deleteUserGraph(id) {
      userGraphs.delete(id);
    },
    async readChildren(threadId, ns, checkpointId) {
      const children: LedgerCheckpoint[] = [];
      for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } })) {
        if (t.parentConfig?.configurable?.checkpoint_id === checkpointId) children.push({ checkpoint: { id: t.checkpoint.id }, metadata: t.metadata });
      }
      return children;
    },
    async listThreads() {
      const ids = new Set<string>([...traces.keys()]);
      for await (const t of saver.list({})) if (t.config.configurable?.thread_id) ids.add(t.config.configurable.thread_id);
      const out: StoredThread[] = [];
      for (const threadId of ids) {
        let steps = 0;
        let latest: Awaited<ReturnType<typeof saver.getTuple>>;
        for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: '' } })) {
          latest ??= t;
          steps++;
        }
        const fromMeta = latest?.metadata?.graph_id;
        out.push({
          threadId,
          graphId: typeof fromMeta === 'string' ? fromMeta : graphOf.get(threadId) ?? null,
          status: statusFromWrites(latest?.pendingWrites, running.has(threadId)),
          steps,
          updatedAt: [latest?.checkpoint.ts, touched.get(threadId)].filter((x): x is string => !!x).sort().at(-1) ?? null,
          ...(names.has(threadId) ? { name: names.get(threadId) } : {}),
        });
      }
      return out;
    },
    async setThreadRunning(threadId, on, graphId) {
      if (on) running.add(threadId);
      else running.delete(threadId);
      if (graphId !== undefined && !graphOf.has(threadId)) graphOf.set(threadId, graphId);
    },
    async renameThread(threadId, name) {
      if (name === '') names.delete(threadId);
      else names.set(threadId, name);
    },
    async appendTrace(threadId, records) {
      const list = traces.get(threadId) ?? [];
      // Structured clone, as IndexedDB would: later changes to the objects cannot alter history.
      list.push(...structuredClone(records));
      traces.set(threadId, list);
      for (const { ns, id, next } of reportedNext(records)) nexts.set(nextKey(threadId, ns, id), [...next]);
      for (const r of records) {
        if (r.kind !== 'run' || !isRunSummary(r.run)) continue;
        if (r.run.graphId && !graphOf.has(threadId)) graphOf.set(threadId, r.run.graphId);
        touched.set(threadId, r.run.endedAt ?? r.run.startedAt);
      }
    },
    async readTrace(threadId, runId) {
      const list = traces.get(threadId) ?? [];
      if (runId !== undefined) return structuredClone(list.filter((r) => r.runId === runId));
      return structuredClone(groupedByRun(list));
    },
    async readCheckpointTrace(threadId, ns, checkpointId) {
      // Tagged in append order, as IndexedDBSaver tags records when they are appended.
      return structuredClone(groupedByRun(eventsAbout(threadId, traces.get(threadId) ?? [], ns, checkpointId)));
    },
    async readRunRecords(threadId) {
      return structuredClone(groupedByRun((traces.get(threadId) ?? []).filter((r) => r.kind === 'run')));
    },
    async readRunSlice(threadId, runId, from, count) {
      return structuredClone((traces.get(threadId) ?? []).filter((r) => r.runId === runId).slice(from, from + Math.max(0, count)));
    },
    async listRows(threadId, ns, limit, before) {
      const rows: CheckpointRow[] = [];
      const options = { limit, ...(before ? { before: { configurable: { checkpoint_id: before } } } : {}) };
      for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } }, options)) {
        const writes = t.pendingWrites ?? [];
        const next = nexts.get(nextKey(threadId, ns, t.checkpoint.id));
        rows.push({
          config: t.config, metadata: t.metadata, ts: t.checkpoint.ts,
          writes: { count: writes.length, interrupts: writes.some((w) => w[1] === '__interrupt__'), error: writes.some((w) => w[1] === '__error__'), channels: [...new Set(writes.map((w) => w[1]))] },
          ...(t.parentConfig ? { parentConfig: t.parentConfig } : {}),
          ...(next ? { next: [...next] } : {}),
        });
      }
      return rows;
    },
    async countNamespaces(threadId) {
      const counts = new Map<string, number>();
      for await (const t of saver.list({ configurable: { thread_id: threadId } })) {
        const ns = t.config.configurable?.checkpoint_ns ?? '';
        counts.set(ns, (counts.get(ns) ?? 0) + 1);
      }
      return counts;
    },
    async deleteThread(threadId) {
      await saver.deleteThread(threadId);
      traces.delete(threadId);
      running.delete(threadId);
      for (const key of [...nexts.keys()]) if ((JSON.parse(key) as string[])[0] === threadId) nexts.delete(key);
      graphOf.delete(threadId);
      touched.delete(threadId);
      names.delete(threadId);
    },
  };
}

/**
 * Records grouped by run (runs in start order), as IndexedDBSaver returns them: a late record of
 * an earlier run stays with its run.
 */
function groupedByRun(list: readonly TraceRecord[]): TraceRecord[] {
  const byRun = new Map<string, TraceRecord[]>();
  for (const r of list) {
    const group = byRun.get(r.runId);
    if (group) group.push(r);
    else byRun.set(r.runId, [r]);
  }
  return [...byRun.values()].flat();
}

export { runsFromRecords } from './records';
