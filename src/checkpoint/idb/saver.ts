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
  isSpecialWrite,
  metadataMatches,
  requestedCheckpointId,
  requireCheckpointId,
  requireThreadId,
  writeIndex,
} from '../../engine/checkpoint/rules';
import { DbConnection } from './connection';
import { toStorageError } from './errors';
import { firstUncloneableKey, WriteBatch } from './requests';
import { prefixRange, type CheckpointRecord, type StoredWrite, type TaskWritesRecord } from './schema';
import { loadTuple, type ReadTx } from './tuple';
import { loadTuples } from './tuples-batch';
import { listThreads, setThreadName, setThreadRunning, type ThreadSummary } from './threads';
import { readChildren } from './children';
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import { appendTrace, readCheckpointTrace, readRunRecords, readRunSlice, readTrace } from './traces';
import { deleteUserGraph, listUserGraphs, putUserGraph, type SavedUserGraph } from './user-graphs';

/** Checkpoints read by the first chunk of a thread listing; later chunks double up to LIST_CHUNK_MAX. */
const LIST_CHUNK_FIRST = 32;
const LIST_CHUNK_MAX = 512;

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
    yield* this.listThread(thread, config.configurable?.checkpoint_ns, options);
  }

  /**
   * Like `list` for one thread (namespace `ns`, or every namespace when undefined), but the tuples
   * carry no channel values (`channel_values` is `{}`): for timelines, which show metadata and
   * pending writes only, without reading a single blob.
   */
  listWithoutValues(threadId: string, ns: string | undefined, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return this.listThread(threadId, ns, options, false);
  }

  /**
   * One thread's checkpoints newest first, read in chunks: each chunk walks the index backwards
   * from where the last one stopped, in its own transaction, and stops at `limit`. A consumer
   * that stops early (or a small `limit`) costs only the chunks it read.
   */
  private async *listThread(thread: string, ns: string | undefined, options?: CheckpointListOptions, values = true): AsyncGenerator<CheckpointTuple> {
    let left = options?.limit ?? Infinity;
    let before = beforeId(options);
    // A limit already bounds the work: read it in one go (up to the chunk cap). Without one, start
    // small so a consumer that stops early pays little.
    let chunk = options?.limit !== undefined ? Math.max(1, Math.min(options.limit, LIST_CHUNK_MAX)) : LIST_CHUNK_FIRST;
    while (left > 0) {
      let tuples: CheckpointTuple[];
      let done: boolean;
      try {
        const tx = await this.readTx();
        const page = await this.scanThread(tx, thread, ns, before, Math.min(left, chunk), options?.filter);
        tuples = await loadTuples(tx, page.records, values);
        done = page.exhausted;
        before = page.lastId ?? before;
      } catch (err) {
        throw toStorageError(err, 'list checkpoints');
      }
      left -= tuples.length;
      yield* tuples;
      if (done) return;
      chunk = Math.min(chunk * 2, LIST_CHUNK_MAX);
    }
  }

  /** Up to `max` matching records of a thread older than `before`, newest first, and where the scan stopped. */
  private async scanThread(
    tx: ReadTx, thread: string, ns: string | undefined, before: string | undefined, max: number, filter: CheckpointListOptions['filter'],
  ): Promise<{ records: CheckpointRecord[]; lastId: string | undefined; exhausted: boolean }> {
    const store = tx.objectStore('checkpoints');
    const prefix = ns !== undefined ? [thread, ns] : [thread];
    const range = before === undefined ? prefixRange(...prefix) : IDBKeyRange.bound(prefix, [...prefix, before], false, true);
    let cursor = ns !== undefined ? await store.openCursor(range, 'prev') : await store.index('by_thread').openCursor(range, 'prev');
    const records: CheckpointRecord[] = [];
    let lastId: string | undefined;
    while (cursor && records.length < max) {
      const r = cursor.value;
      lastId = r.checkpoint_id;
      if (metadataMatches(r.metadata, filter)) records.push(r);
      cursor = await cursor.continue();
    }
    return { records, lastId, exhausted: cursor === null };
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const thread = requireThreadId(config, 'IndexedDBSaver.put');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const operation = `save checkpoint ${checkpoint.id} of thread "${thread}"`;
    const tx = await this.conn.transaction(['checkpoints', 'blobs'], 'readwrite').catch((err: unknown) => {
      throw toStorageError(err, operation);
    });
    const batch = new WriteBatch(tx, operation);
    try {
      const blobs = tx.objectStore('blobs');
      for (const [channel, version] of Object.entries(newVersions)) {
        if (!Object.hasOwn(checkpoint.channel_values, channel)) continue; // empty channel: no blob
        const value = checkpoint.channel_values[channel];
        batch.issue(channel, () => blobs.put({ thread_id: thread, checkpoint_ns: ns, channel, version, value }));
      }
      const record: CheckpointRecord = {
        thread_id: thread,
        checkpoint_ns: ns,
        checkpoint_id: checkpoint.id,
        checkpoint: { ...checkpoint, channel_values: {} },
        metadata,
      };
      const parent = config.configurable?.checkpoint_id;
      if (parent !== undefined) record.parent_id = parent;
      const key = firstUncloneableKey(metadata);
      batch.issue(key === undefined ? '(checkpoint)' : `metadata.${key}`, () => tx.objectStore('checkpoints').put(record));
    } catch (err) {
      return batch.fail(err);
    }
    await batch.commit();
    return checkpointConfig(thread, ns, checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string): Promise<void> {
    const thread = requireThreadId(config, 'IndexedDBSaver.putWrites');
    const checkpointId = requireCheckpointId(config, 'IndexedDBSaver.putWrites');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const operation = `save writes of task ${taskId} on checkpoint ${checkpointId} of thread "${thread}"`;
    // Resolve WRITES_IDX_MAP within the call first: a special channel repeated in one call keeps
    // its first position and its last value.
    const incoming = new Map<number, PendingWriteValue>();
    writes.forEach(([channel, value], position) => {
      const idx = writeIndex(channel, position);
      if (!incoming.has(idx) || isSpecialWrite(channel)) incoming.set(idx, [channel, value]);
    });
    const tx = await this.conn.transaction(['writes'], 'readwrite').catch((err: unknown) => {
      throw toStorageError(err, operation);
    });
    const batch = new WriteBatch(tx, operation);
    try {
      const store = tx.objectStore('writes');
      const stored = await store.get([thread, ns, checkpointId, taskId]);
      const list: StoredWrite[] = stored?.writes ?? [];
      const added: StoredWrite[] = [];
      for (const [idx, [channel, value]] of incoming) {
        const at = list.findIndex((w) => w.idx === idx);
        if (at >= 0 && !isSpecialWrite(channel)) continue; // regular: first wins
        const write: StoredWrite = { seq: at >= 0 ? list[at]!.seq : this.nextSeq(), idx, channel, value };
        if (at >= 0) list[at] = write; // special: replace in place (last wins)
        else list.push(write);
        added.push(write);
      }
      if (added.length > 0) {
        const record: TaskWritesRecord = { thread_id: thread, checkpoint_ns: ns, checkpoint_id: checkpointId, task_id: taskId, writes: list };
        const culprit = () => added.find((w) => firstUncloneableKey({ v: w.value }) !== undefined)?.channel ?? '(writes)';
        batch.issue(culprit, () => store.put(record));
      }
    } catch (err) {
      return batch.fail(err);
    }
    await batch.commit();
  }

  async deleteThread(threadId: string): Promise<void> {
    const operation = `delete thread "${threadId}"`;
    const tx = await this.conn.transaction(['checkpoints', 'blobs', 'writes', 'threads', 'traces'], 'readwrite').catch((err: unknown) => {
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

