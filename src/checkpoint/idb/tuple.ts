/** Rebuilding CheckpointTuples from stored records, inside a caller's transaction. */
import type { IDBPTransaction } from 'idb';
import type { CheckpointTuple, PendingWrite } from '../../engine/checkpoint/types';
import { checkpointConfig } from '../../engine/checkpoint/rules';
import { migratePendingSends, needsPendingSendsMigration } from '../../engine/checkpoint/migrate';
import { compareWriteKeys, type WriteSortKey } from '../../engine/checkpoint/base';
import { inlineEntry } from './inline-values';
import { prefixRange, type BlobRecord, type CheckpointRecord, type ReplayGraphDB, type TaskWritesRecord } from './schema';

/** A transaction that can read checkpoints, blobs and writes. */
export type ReadTx = IDBPTransaction<ReplayGraphDB, ('checkpoints' | 'blobs' | 'writes')[], IDBTransactionMode>;

/** The two stores a tuple is rebuilt from, taken from any transaction that has them. */
export interface TupleStores {
  blobs: { get(key: ReplayGraphDB['blobs']['key']): Promise<BlobRecord | undefined> };
  writes: { getAll(range: IDBKeyRange): Promise<TaskWritesRecord[]> };
}

/** `loadTuple` inside a transaction over the checkpointer's stores. */
export function loadTuple(tx: ReadTx, record: CheckpointRecord): Promise<CheckpointTuple> {
  return tupleFrom({ blobs: tx.objectStore('blobs'), writes: tx.objectStore('writes') }, record);
}

/**
 * The tuple of a stored checkpoint: channel values taken from the record's inline values
 * (inline-values.ts) or looked up by (channel, version) in blobs — a version with neither is an
 * empty channel and is left out — and writes in first-insertion order.
 */
export async function tupleFrom(stores: TupleStores, record: CheckpointRecord): Promise<CheckpointTuple> {
  const { thread_id: thread, checkpoint_ns: ns, checkpoint_id: id, inline } = record;
  const blobs = stores.blobs;
  const versions = Object.entries(record.checkpoint.channel_versions);
  const [found, writes] = await Promise.all([
    Promise.all(versions.map(([channel, version]) => (inlineEntry(inline, channel, version) ? undefined : blobs.get([thread, ns, channel, version])))),
    stores.writes.getAll(prefixRange(thread, ns, id)),
  ]);
  const checkpoint = record.checkpoint; // a fresh copy: IndexedDB reads always clone
  checkpoint.channel_values = {};
  found.forEach((blob, i) => {
    const [channel, version] = versions[i]!;
    const entry = blob ? undefined : inlineEntry(inline, channel, version);
    if (blob) checkpoint.channel_values[channel] = blob.value;
    else if (entry) checkpoint.channel_values[channel] = entry[1];
  });
  const tuple: CheckpointTuple = {
    config: checkpointConfig(thread, ns, id),
    checkpoint,
    metadata: record.metadata,
    pendingWrites: inInsertionOrder(writes),
  };
  if (record.parent_id !== undefined) tuple.parentConfig = checkpointConfig(thread, ns, record.parent_id);
  return withSendsMigrated(stores, record, tuple);
}

/**
 * `tuple` (of `record`) brought to format 4: a checkpoint of an older format gets the sends its
 * parent saved as writes (../../engine/checkpoint/migrate.ts). Reads the parent's writes only then.
 */
export async function withSendsMigrated(stores: Pick<TupleStores, 'writes'>, record: CheckpointRecord, tuple: CheckpointTuple): Promise<CheckpointTuple> {
  if (!needsPendingSendsMigration(record.checkpoint, record.parent_id)) return tuple;
  const parentWrites = inInsertionOrder(await stores.writes.getAll(prefixRange(record.thread_id, record.checkpoint_ns, record.parent_id)));
  return { ...tuple, checkpoint: migratePendingSends(tuple.checkpoint, parentWrites) };
}

/** The writes of every task of a checkpoint, in first-insertion order (by `seq`). */
export function inInsertionOrder(records: TaskWritesRecord[]): PendingWrite[] {
  return records
    .flatMap((r) => r.writes.map((w) => ({ seq: w.seq, write: [r.task_id, w.channel, w.value] as PendingWrite })))
    .sort((a, b) => a.seq - b.seq)
    .map((x) => x.write);
}

/** The writes of every task of a checkpoint in the order its step applied them: by (task path, task id, index). */
export function inApplyOrder(records: TaskWritesRecord[]): PendingWrite[] {
  return records
    .flatMap((r) => r.writes.map((w) => ({ key: [r.task_path ?? '', r.task_id, w.idx] as WriteSortKey, write: [r.task_id, w.channel, w.value] as PendingWrite })))
    .sort((a, b) => compareWriteKeys(a.key, b.key))
    .map((x) => x.write);
}
