/**
 * IndexedDBSaver: the durable checkpointer. Implements the engine's `BaseCheckpointSaver` on `idb`.
 *
 * Each channel value is stored once per (thread, namespace, channel, version) in `blobs`; a
 * checkpoint record holds only versions. `put` writes a checkpoint and its new values in ONE
 * transaction, `putWrites` its writes in ONE transaction, and both resolve after `tx.done`, so a
 * failure (a value that cannot be cloned, quota, a closed database) stores nothing of that call
 * and leaves every earlier checkpoint intact.
 */
import type {
  BaseCheckpointSaver,
  ChannelVersion,
  ChannelVersions,
  Checkpoint,
  CheckpointListOptions,
  CheckpointMetadata,
  CheckpointTuple,
  PendingWriteValue,
  RunnableConfig,
} from '../../engine/checkpoint/types';
import {
  beforeId,
  checkpointConfig,
  metadataMatches,
  requestedCheckpointId,
  requireCheckpointId,
  requireThreadId,
} from '../../engine/checkpoint/rules';
import { DbConnection } from './connection';
import { toStorageError } from './errors';
import { WriteBatch } from './requests';
import { prefixRange, type CheckpointRecord } from './schema';
import { loadTuple, type ReadTx } from './tuple';
import { listRows, listThread } from './listing';
import type { CheckpointRow } from './rows';
import { describeOps, issueOps, type WriteOp } from './write-ops';
import { listThreads, setThreadName, setThreadRunning, type ThreadSummary } from './threads';
import { readChildren } from './children';
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import { appendTrace, readCheckpointTrace, readRunRecords, readRunSlice, readTrace } from './traces';
import { deleteUserGraph, listUserGraphs, putUserGraph, type SavedUserGraph } from './user-graphs';

/** Options of an IndexedDBSaver. */
export interface IndexedDBSaverOptions {
  /** The database name (the app uses APP_DB_NAME; tests use a fresh name each). */
  dbName: string;
}

/** A `BaseCheckpointSaver` on IndexedDB, plus thread listing and per-thread trace storage. */
export class IndexedDBSaver implements BaseCheckpointSaver {
  private readonly conn: DbConnection;
  private lastSeq = 0;

  constructor(options: IndexedDBSaverOptions) {
    this.conn = new DbConnection(options.dbName);
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const thread = requireThreadId(config, 'IndexedDBSaver.getTuple');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const id = requestedCheckpointId(config);
    const operation = `read a checkpoint of thread "${thread}"`;
    try {
      const tx = await this.readTx();
      const store = tx.objectStore('checkpoints');
      const record = id !== undefined ? await store.get([thread, ns, id]) : (await store.openCursor(prefixRange(thread, ns), 'prev'))?.value;
      return record && (await loadTuple(tx, record));
    } catch (err) {
      throw toStorageError(err, operation);
    }
  }

  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const thread = config.configurable?.thread_id;
    if (thread === undefined || requestedCheckpointId(config) !== undefined) {
      // Across threads, or one checkpoint id: one read transaction collects every tuple (yielding
      // inside it would let it auto-commit while the consumer is suspended).
      let tuples: CheckpointTuple[];
      try {
        const tx = await this.readTx();
        const records = await this.matching(tx, config, options);
        tuples = await Promise.all(records.map((r) => loadTuple(tx, r)));
      } catch (err) {
        throw toStorageError(err, 'list checkpoints');
      }
      yield* tuples;
      return;
    }
    yield* listThread(this.conn, thread, config.configurable?.checkpoint_ns, options);
  }

  /**
   * Like `list` for one thread (namespace `ns`, or every namespace when undefined), but the tuples
   * carry no channel values (`channel_values` is `{}`): for timelines, which show metadata and
   * pending writes only, without reading a single blob.
   */
  listWithoutValues(threadId: string, ns: string | undefined, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return listThread(this.conn, threadId, ns, options, false);
  }

  /**
   * Up to `limit` timeline rows of (thread, ns) older than `before`, newest first: the checkpoint
   * records and their rows (rows.ts), without a channel value or a pending write value.
   */
  listRows(threadId: string, ns: string, limit: number, before?: string): Promise<CheckpointRow[]> {
    return listRows(this.conn, threadId, ns, limit, before);
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const thread = requireThreadId(config, 'IndexedDBSaver.put');
    await this.writeBatch([{ kind: 'put', config, checkpoint, metadata, newVersions }]);
    return checkpointConfig(thread, config.configurable?.checkpoint_ns ?? '', checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string): Promise<void> {
    requireThreadId(config, 'IndexedDBSaver.putWrites');
    requireCheckpointId(config, 'IndexedDBSaver.putWrites');
    await this.writeBatch([{ kind: 'writes', config, writes, taskId }]);
  }

  /**
   * Several puts and putWrites, in order, in ONE transaction (a group commit): all of them are
   * stored or, on any failure, none. `put` and `putWrites` are batches of one.
   */
  async writeBatch(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    const operation = describeOps(ops);
    const tx = await this.conn.transaction(['checkpoints', 'blobs', 'writes', 'rows'], 'readwrite').catch((err: unknown) => {
      throw toStorageError(err, operation);
    });
    const batch = new WriteBatch(tx, operation);
    try {
      await issueOps(tx, batch, ops, () => this.nextSeq());
    } catch (err) {
      return batch.fail(err);
    }
    await batch.commit();
  }

  async deleteThread(threadId: string): Promise<void> {
    const operation = `delete thread "${threadId}"`;
    const tx = await this.conn.transaction(['checkpoints', 'blobs', 'writes', 'threads', 'traces', 'rows'], 'readwrite').catch((err: unknown) => {
      throw toStorageError(err, operation);
    });
    const batch = new WriteBatch(tx, operation);
    try {
      const all = prefixRange(threadId);
      batch.issue('(thread)', () => tx.objectStore('checkpoints').delete(all));
      batch.issue('(thread)', () => tx.objectStore('blobs').delete(all));
      batch.issue('(thread)', () => tx.objectStore('traces').delete(all));
      batch.issue('(thread)', () => tx.objectStore('threads').delete(threadId));
      batch.issue('(thread)', () => tx.objectStore('writes').delete(all));
      batch.issue('(thread)', () => tx.objectStore('rows').delete(all));
    } catch (err) {
      return batch.fail(err);
    }
    await batch.commit();
  }

  /**
   * The next write `seq`: clock-based like checkpoint ids (whose order already assumes a clock
   * that does not run backwards), strictly increasing within this saver, so no counter record
   * has to be read and rewritten on every putWrites.
   */
  private nextSeq(): number {
    // Date.now() × 1024 stays below 2^53 until the year 2248.
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now() * 1024);
    return this.lastSeq;
  }

  getNextVersion(current: ChannelVersion | undefined): ChannelVersion {
    return (current ?? 0) + 1;
  }

  /** How many channel-value blobs a thread holds (one per channel version). */
  async countBlobs(threadId: string): Promise<number> {
    const tx = await this.conn.transaction(['blobs'], 'readonly');
    return tx.objectStore('blobs').count(prefixRange(threadId));
  }

  /** Every thread with its graph id, status, step and last update (most recent first). */
  listThreads(): Promise<ThreadSummary[]> {
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

  /** Appends trace events (JSON data with an optional `runId`) to a thread, in order. */
  appendTrace(threadId: string, events: readonly unknown[]): Promise<void> {
    return appendTrace(this.conn, threadId, events);
  }

  /** The trace events of a thread (of one run when `runId` is given), in (run start, append) order. */
  readTrace(threadId: string, runId?: string): Promise<unknown[]> {
    return readTrace(this.conn, threadId, runId);
  }

  /**
   * The trace events about one checkpoint (the ticks that started from it and the writes put
   * against it; see trace-keys.ts), in `readTrace` order, read through an index.
   */
  readCheckpointTrace(threadId: string, ns: string, checkpointId: string): Promise<unknown[]> {
    return readCheckpointTrace(this.conn, threadId, ns, checkpointId);
  }

  /** The checkpoints whose parent is (thread, ns, id): ids and metadata, for the write ledger. */
  readChildren(threadId: string, ns: string, checkpointId: string): Promise<LedgerCheckpoint[]> {
    return readChildren(this.conn, threadId, ns, checkpointId);
  }

  /** The run summary records (`{ kind: 'run' }`) of a thread's trace, read through an index. */
  readRunRecords(threadId: string): Promise<unknown[]> {
    return readRunRecords(this.conn, threadId);
  }

  /** Up to `count` trace events of one run from position `from` (0 = its first), in append order. */
  readRunSlice(threadId: string, runId: string, from: number, count: number): Promise<unknown[]> {
    return readRunSlice(this.conn, threadId, runId, from, count);
  }

  /**
   * How many checkpoints each namespace of a thread holds. Skips from one namespace to the next
   * over the keys and counts each namespace's key range, without reading any checkpoint.
   */
  async countNamespaces(threadId: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    try {
      const tx = await this.conn.transaction(['checkpoints'], 'readonly');
      const store = tx.objectStore('checkpoints');
      let cursor = await store.openKeyCursor(prefixRange(threadId));
      while (cursor) {
        const ns = cursor.key[1];
        counts.set(ns, await store.count(prefixRange(threadId, ns)));
        cursor = await cursor.continue([threadId, ns, []] as unknown as [string, string, string]);
      }
    } catch (err) {
      throw toStorageError(err, `list the namespaces of thread "${threadId}"`);
    }
    return counts;
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

  /** Closes the database connection; a later call reopens it. */
  close(): void {
    this.conn.close();
  }

  private readTx(): Promise<ReadTx> {
    return this.conn.transaction(['checkpoints', 'blobs', 'writes'], 'readonly');
  }

  /** The records of a list call across threads or for one checkpoint id, newest first, filtered and limited. */
  private async matching(tx: ReadTx, config: RunnableConfig, options?: CheckpointListOptions): Promise<CheckpointRecord[]> {
    const { thread_id: thread, checkpoint_ns: ns } = config.configurable ?? {};
    const id = requestedCheckpointId(config);
    const before = beforeId(options);
    const limit = options?.limit ?? Infinity;
    const out: CheckpointRecord[] = [];
    const accept = (r: CheckpointRecord | undefined) => {
      if (!r || out.length >= limit) return;
      if (ns !== undefined && r.checkpoint_ns !== ns) return;
      if (id !== undefined && r.checkpoint_id !== id) return;
      if (before !== undefined && !(r.checkpoint_id < before)) return;
      if (metadataMatches(r.metadata, options?.filter)) out.push(r);
    };
    const store = tx.objectStore('checkpoints');
    if (thread === undefined) {
      const all = await store.getAll();
      all.sort((a, b) => (a.checkpoint_id < b.checkpoint_id ? 1 : a.checkpoint_id > b.checkpoint_id ? -1 : 0));
      all.forEach(accept);
      return out;
    }
    const rows = id === undefined ? [] : ns !== undefined ? [await store.get([thread, ns, id])] : await store.index('by_thread').getAll([thread, id]);
    rows.forEach(accept);
    return out;
  }
}

