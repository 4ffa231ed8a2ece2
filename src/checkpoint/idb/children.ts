/** The children of a checkpoint (those whose parent it is), through the `by_parent` index. */
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';

/** The checkpoints of (thread, ns) whose parent is `checkpointId`: ids and metadata, no values. */
export async function readChildren(conn: DbConnection, threadId: string, ns: string, checkpointId: string): Promise<LedgerCheckpoint[]> {
  try {
    const tx = await conn.transaction(['checkpoints'], 'readonly');
    const records = await tx.objectStore('checkpoints').index('by_parent').getAll([threadId, ns, checkpointId]);
    return records.map((r) => ({ checkpoint: { id: r.checkpoint_id }, metadata: r.metadata }));
  } catch (err) {
    throw toStorageError(err, `read the children of checkpoint ${checkpointId} of thread "${threadId}"`);
  }
}
