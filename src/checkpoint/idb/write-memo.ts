/**
 * What one writer's earlier group commits stored for the checkpoints it put, kept so its next
 * groups need not read it back: each such checkpoint's timeline row, its record's inline values
 * (which the next put inherits from) and every one of its task writes records. A putWrites usually
 * lands on the checkpoint the previous group put, and without this memo every one of them reads
 * that row and its writes record again (two reads a superstep), and every put its parent's record.
 *
 * It is exact, not a cache that may go stale, as long as nobody else writes the thread's
 * checkpoint stores while the writer uses it: a run's session holds the thread's lock for its whole
 * life (one writer per thread), a thread is deleted only while idle, and the trace appends of a
 * run leave rows alone. A put replaces its checkpoint's row, so the row the memo keeps is the one
 * stored; the writes records that already existed for a checkpoint when it was put (there are none
 * for a new checkpoint) are read once, for a whole group, with one range read. Entries are updated
 * only once their group committed, and the oldest are dropped past `capacity` (a write to a dropped
 * checkpoint reads storage, as without a memo).
 */
import type { InlineValues } from './inline-values';
import type { RowRecord, TaskWritesRecord } from './schema';

interface MemoEntry {
  row: RowRecord;
  /** The inline values of its record (inline-values.ts), which a put never changes once stored. */
  inline: InlineValues | undefined;
  /** Every writes record of the checkpoint, by task id. */
  writes: Map<string, TaskWritesRecord>;
}

/** The records a group left, as write-ops.ts's batch holds them (keys: recordKey parts joined by NUL). */
export interface GroupRecords {
  writes: Map<string, TaskWritesRecord | undefined>;
  rows: Map<string, RowRecord | undefined>;
  inline: Map<string, InlineValues | undefined>;
}

const copyRow = (row: RowRecord): RowRecord => ({ ...row });
const copyWrites = (r: TaskWritesRecord): TaskWritesRecord => ({ ...r, writes: [...r.writes] });

/** One writer's memo of what it stored (see the module comment). */
export class WriteMemo {
  private readonly entries = new Map<string, MemoEntry>();

  /** @param capacity checkpoints remembered at most (the most recently written are kept) */
  constructor(private readonly capacity = 4096) {}

  /** True when checkpoint `key` (thread, ns, id) is remembered. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The stored row of a remembered checkpoint, as a copy the batch may change. */
  row(key: string): RowRecord {
    return copyRow(this.entries.get(key)!.row);
  }

  /** The stored writes record of `task` on a remembered checkpoint (undefined: none), as a copy. */
  writes(key: string, taskId: string): TaskWritesRecord | undefined {
    const r = this.entries.get(key)!.writes.get(taskId);
    return r && copyWrites(r);
  }

  /** The inline values stored in a remembered checkpoint's record (read only). */
  inline(key: string): InlineValues | undefined {
    return this.entries.get(key)!.inline;
  }

  /** Every stored writes record of a remembered checkpoint, by task (read only: not to be changed). */
  allWrites(key: string): Map<string, TaskWritesRecord> {
    return new Map(this.entries.get(key)!.writes);
  }

  /**
   * Records what a committed group stored. `put` holds the checkpoints the group put, each with the
   * writes records it had in storage before the group; every other remembered checkpoint the group
   * touched is updated from `records`.
   */
  remember(put: ReadonlyMap<string, TaskWritesRecord[]>, records: GroupRecords): void {
    for (const [key, before] of put) {
      const old = this.entries.get(key);
      const writes = old?.writes ?? new Map(before.map((r) => [r.task_id, copyWrites(r)]));
      this.entries.delete(key);
      this.entries.set(key, { row: records.rows.get(key)!, inline: records.inline.get(key), writes });
    }
    for (const [key, row] of records.rows) {
      const entry = this.entries.get(key);
      if (!entry || !row || put.has(key)) continue;
      entry.row = row;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    for (const [wkey, record] of records.writes) {
      if (!record) continue;
      const entry = this.entries.get(wkey.slice(0, wkey.lastIndexOf('\u0000')));
      entry?.writes.set(record.task_id, record);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(key);
    }
  }
}
