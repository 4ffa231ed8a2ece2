/**
 * The storage port of the host (`ThreadStore`): a checkpointer, the group commit of sessions, the
 * thread list with a "running" flag, the persisted trace of every run, timeline rows and user
 * graphs. Every method is required: the IndexedDB store (idb-store.ts, on `AppDatabase`), the
 * in-memory one (memory-store.ts) and an opened file's (files/file-store.ts) each implement all of
 * it, so readers never guess.
 */
import type { LedgerCheckpoint } from '../engine/ledger/index';
import type { CheckpointRow } from '../checkpoint/idb/rows';
import type { WriteOp } from '../checkpoint/idb/write-ops';
import type { WriteMemo } from '../checkpoint/idb/write-memo';
import type { AppendOptions } from '../checkpoint/idb/traces';
import type { BaseCheckpointSaver, CheckpointTuple } from '../engine/checkpoint/types';
import type { CheckpointSummary, GraphQuarantine, RunSummary } from '../protocol/dto';
import type { TraceEvent } from '../shared/trace';
import type { WireSnapshot } from '../protocol/sandbox';

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

/** One checkpoint with what its detail is built from (`ThreadStore.readCheckpointView`). */
export interface CheckpointView {
  tuple: CheckpointTuple;
  /** The parent's tuple (undefined for a first checkpoint). */
  parent: CheckpointTuple | undefined;
  /**
   * The records about the checkpoint (ticks that started from it, writes put against it; see
   * src/checkpoint/idb/trace-keys.ts), in `readTrace` order.
   */
  trace: TraceRecord[];
  /** The checkpoints of its namespace whose parent it is (ids and metadata), for the write ledger. */
  children: LedgerCheckpoint[];
  /**
   * What runs next from it, computed from the checkpoint data by the engine's task inference, for a
   * store whose threads have no graph to ask (an opened file, src/worker/files/inferred.ts).
   */
  inferred?: WireSnapshot;
}

/** A thread as storage lists it: the facts of its status (thread-status.ts computes it), not the status. */
export interface StoredThread {
  threadId: string;
  graphId: string | null;
  /** The running flag a run sets (stale when a tab closed mid-run: see recovery.ts). */
  running: boolean;
  /** The latest root checkpoint holds an `__error__` write (or the thread's records could not be read). */
  error: boolean;
  /** The latest root checkpoint holds an `__interrupt__` write. */
  interrupted: boolean;
  /** The nodes that run next from the latest root checkpoint, when its run reported them. */
  next?: string[];
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
  /**
   * Puts and putWrites of a session, in order, as one group commit: resolves once every one of
   * them is stored; a failure rejects and, where storage has transactions, stores none of them.
   * `memo`: the session's own (it holds the thread), so what its earlier groups stored need not be
   * read back (write-memo.ts); a store that reads nothing back ignores it.
   */
  writeBatch(ops: readonly WriteOp[], memo?: WriteMemo): Promise<void>;
  listThreads(): Promise<StoredThread[]>;
  /** Sets the running flag; `graphId` (when given) is remembered as the thread's graph. */
  setThreadRunning(threadId: string, running: boolean, graphId?: string): Promise<void>;
  /** Names a thread (`''` removes the name); nothing else of it changes. */
  renameThread(threadId: string, name: string): Promise<void>;
  /**
   * Appends records to the thread's trace. `{ kind: 'checkpoint' }` records set the `next` of their
   * checkpoints' rows unless `setNext` is false (a run's session sets it with its writes).
   */
  appendTrace(threadId: string, records: TraceRecord[], options?: AppendOptions): Promise<void>;
  /** Records of one run, or of every run of the thread, in (run start, seq) order. */
  readTrace(threadId: string, runId?: string): Promise<TraceRecord[]>;
  /**
   * One checkpoint as its inspector reads it: its tuple, its parent's, the records about it and its
   * children (see `CheckpointView`); undefined when it is not stored. Read together, in one
   * transaction where the storage has them.
   */
  readCheckpointView(threadId: string, ns: string, checkpointId: string): Promise<CheckpointView | undefined>;
  /** The run summary records of a thread, in `readTrace` order. */
  readRunRecords(threadId: string): Promise<TraceRecord[]>;
  /** Up to `count` records of one run from position `from` (0 = its first record), in append order. */
  readRunSlice(threadId: string, runId: string, from: number, count: number): Promise<TraceRecord[]>;
  /**
   * Up to `limit` timeline rows of (thread, ns) older than `before`, newest first: what a history
   * page shows (src/checkpoint/idb/rows.ts), no value read. A row whose `next` is not known (its
   * run did not report it) has none.
   */
  listRows(threadId: string, ns: string, limit: number, before?: string): Promise<CheckpointRow[]>;
  /** Per namespace of a thread: how many checkpoints it holds, and its newest checkpoint's id. */
  countNamespaces(threadId: string): Promise<Map<string, { checkpoints: number; latest: string }>>;
  /** Removes checkpoints, writes, trace and flags of the thread. */
  deleteThread(threadId: string): Promise<void>;
  /** Durability of committing transactions (see AppDatabase.setDurability; nothing to set where nothing is on disk). */
  setDurability(durability: 'strict' | 'relaxed'): void;
}

export { runsFromRecords } from './records';
