/**
 * The full details of the last few checkpoints the page opened, kept in the storage worker: the
 * page gets a bounded preview (handlers-detail.ts) and asks for more of a value, or for the diff,
 * without the checkpoint being read and rebuilt again.
 */
import type { CheckpointDetail, Json, StateChangeDTO } from '../protocol/dto';

/**
 * A checkpoint's detail as the storage worker keeps it: what the page gets, plus the parent's
 * values, which only the diff needs and which therefore never cross to the page.
 */
export interface FullDetail extends CheckpointDetail {
  /** The parent's state values, read in the same shape as `values` (null at the first checkpoint). */
  parentValues: Record<string, Json> | null;
}

/** One cached checkpoint. */
export interface CachedDetail {
  detail: FullDetail;
  /** The diff against the parent, once asked for. */
  diff?: StateChangeDTO[];
}

/** The cache key of a checkpoint. */
export const detailKey = (threadId: string, ns: string, checkpointId: string) => JSON.stringify([threadId, ns, checkpointId]);

/** A small LRU of full details. */
export class DetailCache {
  private readonly entries = new Map<string, CachedDetail>();
  constructor(private readonly max = 3) {}

  get(key: string): CachedDetail | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedDetail): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets a thread's checkpoints (it was written or deleted). */
  dropThread(threadId: string): void {
    for (const key of [...this.entries.keys()]) if ((JSON.parse(key) as string[])[0] === threadId) this.entries.delete(key);
  }
}
