/**
 * IndexedDBSaver: the durable checkpointer. Implements the engine's `BaseCheckpointSaver` on `idb`,
 * and nothing else: the app's own records (threads, traces, user graphs, settings) and the
 * session's group commit are `AppDatabase`'s (app-database.ts), which shares its connection.
 *
 * Each channel value is stored once per (thread, namespace, channel, version) in `blobs`, or, when
 * small, inside the checkpoint records that hold its version (inline-values.ts); a checkpoint
 * record holds no other values. `put` writes a checkpoint and its new values in ONE
 * transaction, `putWrites` its writes in ONE transaction (write-ops.ts), and both resolve after
 * `tx.done`, so a failure (a value that cannot be cloned, quota, a closed database) stores nothing
 * of that call and leaves every earlier checkpoint intact.
 */
import type {
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
import { SaverBase, type HistoryStep } from '../../engine/checkpoint/base';
import { DbConnection } from './connection';
import { toStorageError } from './errors';
import { prefixRange, type CheckpointRecord } from './schema';
import { inApplyOrder, loadTuple, type ReadTx } from './tuple';
import { listThread } from './listing';
import { CHECKPOINT_STORES, commitWrites, deleteThreadFrom } from './write-ops';

/** Options of an IndexedDBSaver: its own database, or a connection it shares (AppDatabase's). */
export type IndexedDBSaverOptions =
  /** The database name (the app uses APP_DB_NAME; tests use a fresh name each). */
  | { dbName: string }
  | { connection: DbConnection };

/** A `BaseCheckpointSaver` on IndexedDB. */
export class IndexedDBSaver extends SaverBase {
  private readonly conn: DbConnection;

  constructor(options: IndexedDBSaverOptions) {
    super();
    this.conn = 'connection' in options ? options.connection : new DbConnection(options.dbName);
  }

  /** The addressed or latest checkpoint; a config without a thread id addresses nothing (`undefined`), as in LangGraph. */
  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    if (config.configurable?.thread_id === undefined) return undefined;
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

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const thread = requireThreadId(config, 'IndexedDBSaver.put');
    await commitWrites(this.conn, [{ kind: 'put', config, checkpoint, metadata, newVersions }]);
    return checkpointConfig(thread, config.configurable?.checkpoint_ns ?? '', checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath?: string): Promise<void> {
    requireThreadId(config, 'IndexedDBSaver.putWrites');
    requireCheckpointId(config, 'IndexedDBSaver.putWrites');
    await commitWrites(this.conn, [taskPath === undefined ? { kind: 'writes', config, writes, taskId } : { kind: 'writes', config, writes, taskId, taskPath }]);
  }

  /** A checkpoint with its writes in the order its step applied them (by the task paths kept), in one read. */
  protected override async historyStep(config: RunnableConfig): Promise<HistoryStep | undefined> {
    const { thread_id: thread, checkpoint_ns: ns = '' } = config.configurable ?? {};
    const id = requestedCheckpointId(config);
    if (thread === undefined || id === undefined) return (await super.historyStep(config));
    try {
      const tx = await this.readTx();
      const record = await tx.objectStore('checkpoints').get([thread, ns, id]);
      if (!record) return undefined;
      const [tuple, writes] = await Promise.all([loadTuple(tx, record), tx.objectStore('writes').getAll(prefixRange(thread, ns, id))]);
      return { values: tuple.checkpoint.channel_values, parentConfig: tuple.parentConfig, writes: inApplyOrder(writes) };
    } catch (err) {
      throw toStorageError(err, `read a checkpoint of thread "${thread}"`);
    }
  }

  /** Removes the thread's checkpoints, values, writes and timeline rows, of every namespace, in one transaction. */
  deleteThread(threadId: string): Promise<void> {
    return deleteThreadFrom(this.conn, threadId, CHECKPOINT_STORES);
  }

  /**
   * The conformance suite's `VersionCounter`: the distinct (namespace, channel, version) values a
   * thread stores, as blobs or inline in its checkpoint records (an inherited inline entry is the
   * same version again, counted once). A probe for tests: it reads every record of the thread.
   */
  async countStoredVersions(threadId: string): Promise<number> {
    const tx = await this.conn.transaction(['blobs', 'checkpoints'], 'readonly');
    const [blobs, records] = await Promise.all([tx.objectStore('blobs').getAll(prefixRange(threadId)), tx.objectStore('checkpoints').getAll(prefixRange(threadId))]);
    const key = (ns: string, channel: string, version: ChannelVersion) => JSON.stringify([ns, channel, typeof version, version]);
    const versions = new Set(blobs.map((b) => key(b.checkpoint_ns, b.channel, b.version)));
    for (const r of records) for (const [channel, [version]] of Object.entries(r.inline ?? {})) versions.add(key(r.checkpoint_ns, channel, version));
    return versions.size;
  }

  /** Closes the database connection (shared with its AppDatabase, if any); a later call reopens it. */
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

