/**
 * Timeline rows kept beside the checkpoints (store `rows`, schema version 7), so a history page is
 * read from small records alone: no channel value, no pending write value, no engine code.
 * - `put` creates a checkpoint's row in its own transaction, counting the writes already saved
 *   against it (under async durability the engine may save a task's writes before their checkpoint);
 * - `putWrites` counts the writes it adds in the same transaction (a special channel written again
 *   replaces its write and is not counted twice);
 * - the engine's `next`, reported when it saved the checkpoint, is set by a `next` op of the run's
 *   group commit (write-ops.ts; the row is put once when it shares a group with the checkpoint's
 *   put or writes), or, for records appended otherwise (an import), by the `{ kind: 'checkpoint' }`
 *   trace record in the transaction that appends it.
 *
 * A checkpoint saved before version 7 has no row, and one whose run did not report it (a subgraph
 * checkpoint, an imported one) has no `next`: `listRows` says so (`writes`/`next` undefined) and
 * the reader falls back for those rows only (writes read from `writes`; `next` from the engine).
 */
import type { CheckpointMetadata, CheckpointTuple, RunnableConfig } from '../../engine/checkpoint/types';
import { checkpointConfig } from '../../engine/checkpoint/rules';
import type { IDBPTransaction } from 'idb';
import type { CheckpointRecord, ReplayGraphDB, RowRecord } from './schema';
import { inInsertionOrder } from './tuple';
import { isFailureWrite } from '../../shared/control-flow';

/** What a timeline row shows of a checkpoint, as storage keeps it. */
export interface CheckpointRow {
  config: RunnableConfig;
  parentConfig?: RunnableConfig;
  metadata: CheckpointMetadata | undefined;
  /** The checkpoint's time stamp. */
  ts: string;
  /** The nodes that run next, when the run that saved it reported them. */
  next?: string[];
  /** Its pending writes, counted. */
  writes: { count: number; interrupts: boolean; error: boolean; channels: string[] };
}

type RowsTx = IDBPTransaction<ReplayGraphDB, ('checkpoints' | 'writes' | 'rows')[], IDBTransactionMode>;

/** A new checkpoint's row (no writes yet, `next` not reported yet). */
export function newRow(thread: string, ns: string, id: string): RowRecord {
  return { thread_id: thread, checkpoint_ns: ns, checkpoint_id: id, writes: 0, interrupts: false, error: false, channels: [] };
}

/** Counts `writes` (newly added) on `row`, in place; a hand-off saved as `__error__` is no error. */
export function countWrites(row: RowRecord, writes: readonly { channel: string; value: unknown }[]): RowRecord {
  const channels = writes.map((w) => w.channel);
  row.writes += channels.length;
  row.interrupts ||= channels.includes('__interrupt__');
  row.error ||= writes.some((w) => isFailureWrite(w.channel, w.value, row.checkpoint_ns));
  row.channels = [...new Set([...(row.channels ?? []), ...channels])];
  return row;
}

/** The `{ kind: 'checkpoint', checkpoint: { checkpointId, ns, next } }` records among trace records. */
export function reportedNext(records: readonly unknown[]): { ns: string; id: string; next: string[] }[] {
  const out: { ns: string; id: string; next: string[] }[] = [];
  for (const r of records) {
    if (typeof r !== 'object' || r === null || (r as { kind?: unknown }).kind !== 'checkpoint') continue;
    const c = (r as { checkpoint?: { checkpointId?: unknown; ns?: unknown; next?: unknown } }).checkpoint;
    if (typeof c?.checkpointId !== 'string' || typeof c.ns !== 'string' || !Array.isArray(c.next) || !c.next.every((n) => typeof n === 'string')) continue;
    out.push({ ns: c.ns, id: c.checkpointId, next: c.next as string[] });
  }
  return out;
}

/** The rows of `records` (all of one thread), in the same order, with one range read per namespace. */
export async function loadRows(tx: RowsTx, records: readonly CheckpointRecord[]): Promise<CheckpointRow[]> {
  if (records.length === 0) return [];
  const thread = records[0]!.thread_id;
  const byNs = new Map<string, string[]>();
  for (const r of records) byNs.set(r.checkpoint_ns, [...(byNs.get(r.checkpoint_ns) ?? []), r.checkpoint_id]);
  const stored = new Map<string, RowRecord>();
  await Promise.all([...byNs].map(async ([ns, ids]) => {
    const sorted = [...ids].sort();
    const range = IDBKeyRange.bound([thread, ns, sorted[0]!], [thread, ns, sorted.at(-1)!]);
    for (const row of await tx.objectStore('rows').getAll(range)) stored.set(`${ns}\u0000${row.checkpoint_id}`, row);
  }));
  return Promise.all(records.map(async (record) => {
    const { checkpoint_ns: ns, checkpoint_id: id } = record;
    const row = stored.get(`${ns}\u0000${id}`);
    const out: CheckpointRow = {
      config: checkpointConfig(thread, ns, id),
      metadata: record.metadata,
      ts: record.checkpoint.ts,
      writes: row ? { count: row.writes, interrupts: row.interrupts, error: row.error, channels: row.channels ?? [] } : await writesOf(tx, thread, ns, id),
    };
    if (row?.next) out.next = row.next;
    if (record.parent_id !== undefined) out.parentConfig = checkpointConfig(thread, ns, record.parent_id);
    return out;
  }));
}

/** Fallback for a checkpoint saved before rows were kept: its writes, read and counted. */
async function writesOf(tx: RowsTx, thread: string, ns: string, id: string): Promise<CheckpointRow['writes']> {
  const writes = inInsertionOrder(await tx.objectStore('writes').getAll(IDBKeyRange.bound([thread, ns, id], [thread, ns, id, []])));
  return { count: writes.length, interrupts: writes.some((w) => w[1] === '__interrupt__'), error: writes.some((w) => isFailureWrite(w[1], w[2], ns)), channels: [...new Set(writes.map((w) => w[1]))] };
}

/** The row a tuple stands for (its writes counted), for stores that keep no rows of their own; `next` when known. */
export function rowOfTuple(tuple: CheckpointTuple, next?: readonly string[]): CheckpointRow {
  const writes = tuple.pendingWrites ?? [];
  const { thread_id: thread = '', checkpoint_ns: ns = '' } = tuple.config.configurable ?? {};
  const row: CheckpointRow = {
    config: checkpointConfig(thread, ns, tuple.checkpoint.id),
    metadata: tuple.metadata,
    ts: tuple.checkpoint.ts,
    writes: { count: writes.length, interrupts: writes.some((w) => w[1] === '__interrupt__'), error: writes.some((w) => isFailureWrite(w[1], w[2], ns)), channels: [...new Set(writes.map((w) => w[1]))] },
  };
  if (tuple.parentConfig) row.parentConfig = tuple.parentConfig;
  if (next) row.next = [...next];
  return row;
}
