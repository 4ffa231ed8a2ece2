/**
 * The pending writes of one task, in order, by task id. Why an index: call-tasks and scratchpads
 * look up their saved writes one task at a time, and a scan of the pending writes per task made a
 * wide step quadratic.
 */
import type { PendingWrite } from '../checkpoint/types';

const EMPTY_WRITES: readonly PendingWrite[] = [];

export class PendingIndex {
  private of: readonly PendingWrite[] | undefined;
  private length = 0;
  private byTask = new Map<string, PendingWrite[]>();

  /**
   * The writes of `taskId` in `pending`. A list only ever grows by push or is replaced by a new
   * array, so appended entries are indexed incrementally and a replaced (or shortened) list is
   * indexed again.
   */
  writesOf(pending: readonly PendingWrite[], taskId: string): readonly PendingWrite[] {
    // Most steps have no pending writes when their tasks start: nothing to index.
    if (pending.length === 0) return EMPTY_WRITES;
    if (this.of !== pending || this.length > pending.length) {
      this.of = pending;
      this.length = 0;
      this.byTask.clear();
    }
    for (let i = this.length; i < pending.length; i++) {
      const w = pending[i];
      let list = this.byTask.get(w[0]);
      if (!list) this.byTask.set(w[0], (list = []));
      list.push(w);
    }
    this.length = pending.length;
    return this.byTask.get(taskId) ?? EMPTY_WRITES;
  }
}
