/**
 * AppDatabase: the app's IndexedDB database beside its checkpointer. It owns the one connection,
 * hands it to its `saver` (the `IndexedDBSaver` the engine writes through), and keeps what is the
 * app's rather than the checkpointer's: the thread records (running flag, graph id, name), the
 * persisted trace, the timeline rows read by history pages, user graphs, the durability setting,
 * and the group commit of the storage worker's sessions (`writeBatch`).
 */
import type { CheckpointRow } from './rows';
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import { DbConnection } from './connection';
import { readChildren } from './children';
import { readCheckpointView, type StoredCheckpointView } from './checkpoint-view';
import { countNamespaces, listRows, type NamespaceCount } from './listing';
import { IndexedDBSaver } from './saver';
import { DB_VERSION } from './schema';
import { listThreads, setThreadName, setThreadRunning, type ThreadListing } from './threads';
import { appendTrace, type AppendOptions, readCheckpointTrace, readRunRecords, readRunSlice, readTrace } from './traces';
import { deleteUserGraph, listUserGraphs, putUserGraph, type SavedUserGraph } from './user-graphs';
import type { WriteMemo } from './write-memo';
import { CHECKPOINT_STORES, commitWrites, deleteThreadFrom, type WriteOp } from './write-ops';

/** Options of an AppDatabase. */
export interface AppDatabaseOptions {
  /** The database name (the app uses APP_DB_NAME; tests use a fresh name each). */
  dbName: string;
  /** The schema version to open. @default DB_VERSION (older ones only in migration tests) */
  version?: number;
}

/** The app database: one connection, its checkpointer and the app's records. */
export class AppDatabase {
  /** The checkpointer on this database's connection. */
  readonly saver: IndexedDBSaver;
  private readonly conn: DbConnection;

  constructor(options: AppDatabaseOptions) {
    this.conn = new DbConnection(options.dbName, options.version ?? DB_VERSION);
    this.saver = new IndexedDBSaver({ connection: this.conn });
  }

  /**
   * Puts and putWrites, in order, in ONE transaction (a group commit): all of them are stored or,
   * on any failure, none; resolves only once the group committed. A session hands it the writes
   * that queued while the previous group was committing, and its `memo` (write-memo.ts: valid
   * only for one writer that holds the thread), so what its earlier groups stored is not read back.
   */
  writeBatch(ops: readonly WriteOp[], memo?: WriteMemo): Promise<void> {
    return commitWrites(this.conn, ops, memo);
  }

  /** Removes everything of a thread in one transaction: its checkpoint data (as `saver.deleteThread`), record and trace. */
  deleteThread(threadId: string): Promise<void> {
    return deleteThreadFrom(this.conn, threadId, [...CHECKPOINT_STORES, 'threads', 'trace_chunks']);
  }

  /**
   * Up to `limit` timeline rows of (thread, ns) older than `before`, newest first: the checkpoint
   * records and their rows (rows.ts), without a channel value or a pending write value.
   */
  listRows(threadId: string, ns: string, limit: number, before?: string): Promise<CheckpointRow[]> {
    return listRows(this.conn, threadId, ns, limit, before);
  }

  /** How many checkpoints each namespace of a thread holds and its newest id, read over keys. */
  countNamespaces(threadId: string): Promise<Map<string, NamespaceCount>> {
    return countNamespaces(this.conn, threadId);
  }

  /** The checkpoints whose parent is (thread, ns, id): ids and metadata, for the write ledger. */
  readChildren(threadId: string, ns: string, checkpointId: string): Promise<LedgerCheckpoint[]> {
    return readChildren(this.conn, threadId, ns, checkpointId);
  }

  /** A checkpoint with its parent, the trace about it and its children, in one transaction. */
  readCheckpointView(threadId: string, ns: string, checkpointId: string): Promise<StoredCheckpointView | undefined> {
    return readCheckpointView(this.conn, threadId, ns, checkpointId);
  }

  /** Every thread with its graph id, status facts, step and last update (most recent first). */
  listThreads(): Promise<ThreadListing[]> {
    return listThreads(this.conn);
  }

  /** Marks a thread as running (the worker sets it around a run) or not, with its graph id. */
  setThreadRunning(threadId: string, running: boolean, graphId?: string): Promise<void> {
    return setThreadRunning(this.conn, threadId, running, graphId);
  }

  /** Names a thread, or removes its name (`''`); nothing else of the thread changes. */
  setThreadName(threadId: string, name: string): Promise<void> {
    return setThreadName(this.conn, threadId, name);
  }

  /** Appends trace records (JSON data with an optional `runId`) to a thread, in order. */
  appendTrace(threadId: string, records: readonly unknown[], options?: AppendOptions): Promise<void> {
    return appendTrace(this.conn, threadId, records, options);
  }

  /** The trace records of a thread (of one run when `runId` is given), in (run start, append) order. */
  readTrace(threadId: string, runId?: string): Promise<unknown[]> {
    return readTrace(this.conn, threadId, runId);
  }

  /**
   * The trace records about one checkpoint (the ticks that started from it and the writes put
   * against it; see trace-keys.ts), in `readTrace` order, read through an index.
   */
  readCheckpointTrace(threadId: string, ns: string, checkpointId: string): Promise<unknown[]> {
    return readCheckpointTrace(this.conn, threadId, ns, checkpointId);
  }

  /** The run summary records (`{ kind: 'run' }`) of a thread's trace, read through an index. */
  readRunRecords(threadId: string): Promise<unknown[]> {
    return readRunRecords(this.conn, threadId);
  }

  /** Up to `count` trace records of one run from position `from` (0 = its first), in append order. */
  readRunSlice(threadId: string, runId: string, from: number, count: number): Promise<unknown[]> {
    return readRunSlice(this.conn, threadId, runId, from, count);
  }

  /** Graphs saved from the editor. */
  listUserGraphs(): Promise<SavedUserGraph[]> {
    return listUserGraphs(this.conn);
  }

  /** Saves (or replaces) a graph written in the editor. */
  putUserGraph(graph: Omit<SavedUserGraph, 'updatedAt'>): Promise<SavedUserGraph> {
    return putUserGraph(this.conn, graph);
  }

  /** Deletes a saved user graph. */
  deleteUserGraph(id: string): Promise<void> {
    return deleteUserGraph(this.conn, id);
  }

  /** `strict` (default): a write commits once on disk; `relaxed`: sooner, at the risk of losing the last writes in a crash. */
  setDurability(durability: 'strict' | 'relaxed'): void {
    this.conn.durability = durability;
  }

  /** Closes the connection (its saver's too); a later call reopens it. */
  close(): void {
    this.conn.close();
  }
}
