/**
 * One checkpoint as its inspector needs it, read in ONE transaction: its tuple, its parent's tuple,
 * the trace records about it and its children. Each IndexedDB transaction is a round trip to the
 * browser's storage process; the requests of one transaction are pipelined, so reading the four
 * together costs about one of them.
 */
import type { CheckpointTuple } from '../../engine/checkpoint/types';
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import type { CheckpointRecord } from './schema';
import { checkpointKey } from './trace-keys';
import { eventsAboutKey, inRunOrder } from './trace-chunks';
import { tupleFrom } from './tuple';

/** What `readCheckpointView` returns for a stored checkpoint. */
export interface StoredCheckpointView {
  tuple: CheckpointTuple;
  /** The parent's tuple; undefined for a first checkpoint (or a parent that is gone). */
  parent: CheckpointTuple | undefined;
  /** The trace records about the checkpoint (see trace-keys.ts), in `readTrace` order. */
  trace: unknown[];
  /** The checkpoints whose parent it is: ids and metadata, no values. */
  children: LedgerCheckpoint[];
}

/** The checkpoint (thread, ns, id) with its parent, trace and children; undefined when it is not stored. */
export async function readCheckpointView(conn: DbConnection, threadId: string, ns: string, checkpointId: string): Promise<StoredCheckpointView | undefined> {
  try {
    const tx = await conn.transaction(['checkpoints', 'blobs', 'writes', 'trace_chunks'], 'readonly');
    const checkpoints = tx.objectStore('checkpoints');
    const key = checkpointKey(threadId, ns, checkpointId);
    const stores = { blobs: tx.objectStore('blobs'), writes: tx.objectStore('writes') };
    const tupleOf = (record: CheckpointRecord | undefined) => (record ? tupleFrom(stores, record) : Promise.resolve(undefined));
    // Every request is issued before the first answer is awaited; the parent's as soon as the
    // record names it, still inside the same transaction.
    const own = checkpoints.get([threadId, ns, checkpointId]);
    const chunks = tx.objectStore('trace_chunks').index('by_topic').getAll(key);
    const kids = checkpoints.index('by_parent').getAll([threadId, ns, checkpointId]);
    const record = await own;
    if (!record) return undefined;
    const [tuple, parent, traceChunks, children] = await Promise.all([
      tupleFrom(stores, record),
      record.parent_id === undefined ? undefined : checkpoints.get([threadId, ns, record.parent_id]).then(tupleOf),
      chunks,
      kids,
    ]);
    return {
      tuple,
      parent,
      trace: inRunOrder(traceChunks).flatMap((c) => eventsAboutKey(c, key)),
      children: children.map((r) => ({ checkpoint: { id: r.checkpoint_id }, metadata: r.metadata })),
    };
  } catch (err) {
    throw toStorageError(err, `read checkpoint ${checkpointId} of thread "${threadId}"`);
  }
}
