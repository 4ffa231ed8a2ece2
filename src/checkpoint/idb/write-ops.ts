/**
 * The write path of checkpoint data: the requests of a put and of a putWrites, issued into one
 * read-write transaction, so several of them can share it (`commitWrites`: `IndexedDBSaver.put`
 * and `putWrites` commit groups of one, `AppDatabase.writeBatch` the session's group commit).
 * Requests of one transaction run in issue order: a putWrites reads what an earlier put of the
 * group wrote.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { ChannelVersions, Checkpoint, CheckpointMetadata, PendingWriteValue, RunnableConfig } from '../../engine/checkpoint/types';
import { isSpecialWrite, requireCheckpointId, requireThreadId, writeIndex } from '../../engine/checkpoint/rules';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { firstUncloneableKey, WriteBatch } from './requests';
import { countWrites, newRow } from './rows';
import { prefixRange, type CheckpointRecord, type ReplayGraphDB, type StoredWrite, type TaskWritesRecord } from './schema';

/** One checkpointer write: a `put` or a `putWrites`, with that call's arguments. */
export type WriteOp =
  | { kind: 'put'; config: RunnableConfig; checkpoint: Checkpoint; metadata: CheckpointMetadata; newVersions: ChannelVersions }
  | { kind: 'writes'; config: RunnableConfig; writes: PendingWriteValue[]; taskId: string };

type WriteTx = IDBPTransaction<ReplayGraphDB, ('checkpoints' | 'blobs' | 'writes' | 'rows')[], 'readwrite'>;

/** The stores that hold a thread's checkpoint data (what a checkpointer's `deleteThread` removes). */
export const CHECKPOINT_STORES = ['checkpoints', 'blobs', 'writes', 'rows'] as const;

let lastSeq = 0;

/**
 * The next write `seq`: clock-based like checkpoint ids (whose order already assumes a clock that
 * does not run backwards), strictly increasing in this JavaScript context (every saver and
 * database of it share the clock), so no counter record is read and rewritten on every putWrites.
 */
function nextSeq(): number {
  // Date.now() × 1024 stays below 2^53 until the year 2248.
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1024);
  return lastSeq;
}

/**
 * Puts and putWrites, in order, in ONE transaction (a group commit): all of them are stored or,
 * on any failure, none. Resolves only once the transaction committed.
 */
export async function commitWrites(conn: DbConnection, ops: readonly WriteOp[]): Promise<void> {
  if (ops.length === 0) return;
  const operation = describeOps(ops);
  const tx = await conn.transaction([...CHECKPOINT_STORES], 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  try {
    for (const op of ops) {
      if (op.kind === 'put') issuePut(tx, batch, op);
      else await issueWrites(tx, batch, op, nextSeq);
    }
  } catch (err) {
    return batch.fail(err);
  }
  await batch.commit();
}

/** Deletes every record of `threadId` (every namespace) from `stores`, in one transaction. */
export async function deleteThreadFrom(conn: DbConnection, threadId: string, stores: readonly StoreNames<ReplayGraphDB>[]): Promise<void> {
  const operation = `delete thread "${threadId}"`;
  const tx = await conn.transaction([...stores], 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  try {
    // The thread record is keyed by the thread id alone; every other store by a key starting with it.
    for (const store of stores) batch.issue('(thread)', () => tx.objectStore(store).delete(store === 'threads' ? IDBKeyRange.only(threadId) : prefixRange(threadId)));
  } catch (err) {
    return batch.fail(err);
  }
  await batch.commit();
}

/** What a batch does, for error messages (one op is named as its call would be). */
export function describeOps(ops: readonly WriteOp[]): string {
  const one = (op: WriteOp) => {
    const thread = op.config.configurable?.thread_id;
    return op.kind === 'put'
      ? `save checkpoint ${op.checkpoint.id} of thread "${thread}"`
      : `save writes of task ${op.taskId} on checkpoint ${op.config.configurable?.checkpoint_id} of thread "${thread}"`;
  };
  return ops.length === 1 ? one(ops[0]!) : `${one(ops[0]!)} and ${ops.length - 1} more writes`;
}

/** Issues a put: the new channel values as blobs, the checkpoint record without values, its timeline row. */
export function issuePut(tx: WriteTx, batch: WriteBatch, op: Extract<WriteOp, { kind: 'put' }>): void {
  const { config, checkpoint, metadata, newVersions } = op;
  const thread = requireThreadId(config, 'IndexedDBSaver.put');
  const ns = config.configurable?.checkpoint_ns ?? '';
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
  batch.issue('(row)', () => tx.objectStore('rows').put(newRow(thread, ns, checkpoint.id)));
}

/** Issues a putWrites: the task's writes merged into its record (WRITES_IDX_MAP rules), counted on the row. */
export async function issueWrites(tx: WriteTx, batch: WriteBatch, op: Extract<WriteOp, { kind: 'writes' }>, nextSeq: () => number): Promise<void> {
  const { config, writes, taskId } = op;
  const thread = requireThreadId(config, 'IndexedDBSaver.putWrites');
  const checkpointId = requireCheckpointId(config, 'IndexedDBSaver.putWrites');
  const ns = config.configurable?.checkpoint_ns ?? '';
  // Resolve WRITES_IDX_MAP within the call first: a special channel repeated in one call keeps
  // its first position and its last value.
  const incoming = new Map<number, PendingWriteValue>();
  writes.forEach(([channel, value], position) => {
    const idx = writeIndex(channel, position);
    if (!incoming.has(idx) || isSpecialWrite(channel)) incoming.set(idx, [channel, value]);
  });
  const store = tx.objectStore('writes');
  const stored = await store.get([thread, ns, checkpointId, taskId]);
  const list: StoredWrite[] = stored?.writes ?? [];
  const added: StoredWrite[] = [];
  const counted: string[] = [];
  for (const [idx, [channel, value]] of incoming) {
    const at = list.findIndex((w) => w.idx === idx);
    if (at >= 0 && !isSpecialWrite(channel)) continue; // regular: first wins
    const write: StoredWrite = { seq: at >= 0 ? list[at]!.seq : nextSeq(), idx, channel, value };
    if (at >= 0) list[at] = write; // special: replace in place (last wins)
    else {
      list.push(write);
      counted.push(channel);
    }
    added.push(write);
  }
  if (added.length > 0) {
    const record: TaskWritesRecord = { thread_id: thread, checkpoint_ns: ns, checkpoint_id: checkpointId, task_id: taskId, writes: list };
    const culprit = () => added.find((w) => firstUncloneableKey({ v: w.value }) !== undefined)?.channel ?? '(writes)';
    batch.issue(culprit, () => store.put(record));
  }
  const row = counted.length > 0 ? await countWrites(tx, thread, ns, checkpointId, counted) : null;
  if (row) batch.issue('(row)', () => tx.objectStore('rows').put(row));
}
