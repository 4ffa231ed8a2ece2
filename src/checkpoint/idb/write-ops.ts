/**
 * The write path of checkpoint data: the requests of a put and of a putWrites, issued into one
 * read-write transaction, so several of them can share it (`commitWrites`: `IndexedDBSaver.put`
 * and `putWrites` commit groups of one, `AppDatabase.writeBatch` the session's group commit).
 * What the putWrites of a batch read (their task's writes record, their checkpoint's row) is read
 * for the whole batch at once, before anything is written: one round trip per batch rather than
 * two per putWrites. The batch then keeps those records in memory as it writes them, so a
 * putWrites sees what an earlier op of the same batch wrote, exactly as if each had read the store
 * in turn, and puts each timeline row it touched once, at the end. Writes are bare IDBRequests (no
 * promise and listeners per request): a failed one aborts the transaction, and the batch's commit
 * reports it.
 */
import { unwrap, type IDBPTransaction, type StoreNames } from 'idb';
import type { ChannelVersions, Checkpoint, CheckpointMetadata, PendingWriteValue, RunnableConfig } from '../../engine/checkpoint/types';
import { isSpecialWrite, requireCheckpointId, requireThreadId, writeIndex } from '../../engine/checkpoint/rules';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { firstUncloneableKey, WriteBatch } from './requests';
import { countWrites, newRow } from './rows';
import type { WriteMemo } from './write-memo';
import { storedValues, type InlineValues } from './inline-values';
import { prefixRange, type CheckpointRecord, type ReplayGraphDB, type RowRecord, type StoredWrite, type TaskWritesRecord } from './schema';

/**
 * One write of a group: a checkpointer `put` or `putWrites` with that call's arguments, or the
 * `next` a run reported for a checkpoint, set on its timeline row (rows.ts) in the group's
 * transaction, so the row is put once for its put, its writes and its `next` when they share a
 * group, and the trace append touches no row.
 */
export type WriteOp =
  | { kind: 'put'; config: RunnableConfig; checkpoint: Checkpoint; metadata: CheckpointMetadata; newVersions: ChannelVersions }
  | { kind: 'writes'; config: RunnableConfig; writes: PendingWriteValue[]; taskId: string; taskPath?: string }
  | NextOp;

/** The `next` a run reported for checkpoint (thread, ns, id); a checkpoint without a row is left as is. */
export interface NextOp {
  kind: 'next';
  threadId: string;
  ns: string;
  checkpointId: string;
  next: string[];
}

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
 * on any failure, none. Resolves only once the transaction committed. A writer that holds the
 * thread (a run's session) passes its `memo`, so what its earlier groups stored is not read back.
 */
export async function commitWrites(conn: DbConnection, ops: readonly WriteOp[], memo?: WriteMemo): Promise<void> {
  if (ops.length === 0) return;
  const operation = describeOps(ops);
  const tx = await conn.transaction([...CHECKPOINT_STORES], 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  let remember: () => void;
  try {
    remember = await issueOps(tx, batch, ops, nextSeq, memo);
  } catch (err) {
    return batch.fail(err);
  }
  await batch.commit();
  remember();
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
    if (op.kind === 'next') return `record the next nodes of checkpoint ${op.checkpointId} of thread "${op.threadId}"`;
    const thread = op.config.configurable?.thread_id;
    return op.kind === 'put'
      ? `save checkpoint ${op.checkpoint.id} of thread "${thread}"`
      : `save writes of task ${op.taskId} on checkpoint ${op.config.configurable?.checkpoint_id} of thread "${thread}"`;
  };
  return ops.length === 1 ? one(ops[0]!) : `${one(ops[0]!)} and ${ops.length - 1} more writes`;
}

/**
 * The records a batch's putWrites read, keyed by `key(...)`: as stored before the batch (undefined:
 * none), then as the batch's own ops rewrite them.
 */
interface BatchRecords {
  writes: Map<string, TaskWritesRecord | undefined>;
  rows: Map<string, RowRecord | undefined>;
  /** Rows the batch changed, put once when every op was issued. */
  changedRows: Set<RowRecord>;
  /** Every writes record, by task, of each checkpoint the batch puts: as stored, then as rewritten. */
  known: Map<string, Map<string, TaskWritesRecord>>;
  /** The inline values (inline-values.ts) of the parents of the batch's puts, then of the checkpoints it puts. */
  inline: Map<string, InlineValues | undefined>;
}

const emptyRecords = (): BatchRecords => ({ writes: new Map(), rows: new Map(), changedRows: new Set(), known: new Map(), inline: new Map() });

const recordKey = (...parts: string[]) => parts.join('\u0000');

/** The address of a putWrites: thread, namespace, checkpoint id. */
function addressOf(op: Extract<WriteOp, { kind: 'writes' }>): [string, string, string] {
  const thread = requireThreadId(op.config, 'IndexedDBSaver.putWrites');
  const checkpointId = requireCheckpointId(op.config, 'IndexedDBSaver.putWrites');
  return [thread, op.config.configurable?.checkpoint_ns ?? '', checkpointId];
}

/**
 * Reads, side by side, every record the putWrites and `next` ops of `ops` will read. A checkpoint
 * the batch puts is read as a whole instead: its row is the put's (the put replaces it), and the
 * writes records it already has, which its new row counts, are read with one range read per
 * namespace (`put` holds them, by checkpoint). With a `memo`, what it remembers is not read
 * (see write-memo.ts).
 */
async function readAhead(tx: WriteTx, ops: readonly WriteOp[], memo?: WriteMemo): Promise<{ records: BatchRecords; put: Map<string, TaskWritesRecord[]> }> {
  const out = emptyRecords();
  const reads: Promise<void>[] = [];
  const put = new Map<string, TaskWritesRecord[]>();
  for (const op of ops) if (op.kind === 'put') put.set(recordKey(requireThreadId(op.config, 'IndexedDBSaver.put'), op.config.configurable?.checkpoint_ns ?? '', op.checkpoint.id), []);
  /** Writes records to take from the range reads once they are done: [writes key, checkpoint key, task]. */
  const fromRange: [string, string, string][] = [];
  const readRow = (thread: string, ns: string, id: string) => {
    const r = recordKey(thread, ns, id);
    if (out.rows.has(r) || put.has(r)) return;
    if (memo?.has(r)) return void out.rows.set(r, memo.row(r));
    out.rows.set(r, undefined);
    reads.push(tx.objectStore('rows').get([thread, ns, id]).then((row) => void out.rows.set(r, row)));
  };
  for (const op of ops) {
    if (op.kind === 'put') continue;
    if (op.kind === 'next') {
      readRow(op.threadId, op.ns, op.checkpointId);
      continue;
    }
    const [thread, ns, id] = addressOf(op);
    const c = recordKey(thread, ns, id);
    const w = recordKey(thread, ns, id, op.taskId);
    if (!out.writes.has(w)) {
      out.writes.set(w, undefined);
      if (memo?.has(c)) out.writes.set(w, memo.writes(c, op.taskId));
      else if (put.has(c)) fromRange.push([w, c, op.taskId]);
      else reads.push(tx.objectStore('writes').get([thread, ns, id, op.taskId]).then((r) => void out.writes.set(w, r)));
    }
    readRow(thread, ns, id);
  }
  reads.push(...readPutWrites(tx, ops, put, memo), ...readParents(tx, ops, out.inline, memo));
  await Promise.all(reads);
  for (const [w, c, taskId] of fromRange) out.writes.set(w, put.get(c)!.find((r) => r.task_id === taskId));
  for (const [c, before] of put) out.known.set(c, memo?.has(c) ? memo.allWrites(c) : new Map(before.map((r) => [r.task_id, r])));
  return { records: out, put };
}

/**
 * The writes records the checkpoints put by a batch (and not remembered) already have, into `put`:
 * one range read per (thread, namespace), over the ids of its puts. Under async durability the
 * engine may save a task's writes before the checkpoint they are against, so it can find some.
 */
function readPutWrites(tx: WriteTx, ops: readonly WriteOp[], put: Map<string, TaskWritesRecord[]>, memo?: WriteMemo): Promise<void>[] {
  const spans = new Map<string, { thread: string; ns: string; low: string; high: string }>();
  for (const op of ops) {
    if (op.kind !== 'put') continue;
    const thread = requireThreadId(op.config, 'IndexedDBSaver.put');
    const ns = op.config.configurable?.checkpoint_ns ?? '';
    if (memo?.has(recordKey(thread, ns, op.checkpoint.id))) continue;
    const span = spans.get(recordKey(thread, ns));
    const id = op.checkpoint.id;
    if (!span) spans.set(recordKey(thread, ns), { thread, ns, low: id, high: id });
    else if (id < span.low) span.low = id;
    else if (id > span.high) span.high = id;
  }
  // [thread, ns, high, []] sorts after every [thread, ns, high, task]: an array key is above any string.
  return [...spans.values()].map(({ thread, ns, low, high }) => tx.objectStore('writes').getAll(IDBKeyRange.bound([thread, ns, low], [thread, ns, high, []])).then((found) => {
    for (const r of found) put.get(recordKey(thread, ns, r.checkpoint_id))?.push(r);
  }));
}

/**
 * The inline values of the parent of each put, into `inline` by checkpoint key: none to read for a
 * parent the batch puts before it (issuePut records those), or that the memo remembers; the others
 * are read from their records.
 */
function readParents(tx: WriteTx, ops: readonly WriteOp[], inline: Map<string, InlineValues | undefined>, memo?: WriteMemo): Promise<void>[] {
  const reads: Promise<void>[] = [];
  const putBefore = new Set<string>();
  for (const op of ops) {
    if (op.kind !== 'put') continue;
    const thread = requireThreadId(op.config, 'IndexedDBSaver.put');
    const ns = op.config.configurable?.checkpoint_ns ?? '';
    const parent = op.config.configurable?.checkpoint_id;
    const key = parent === undefined ? undefined : recordKey(thread, ns, parent);
    if (key !== undefined && !putBefore.has(key) && !inline.has(key)) {
      if (memo?.has(key)) inline.set(key, memo.inline(key));
      else {
        inline.set(key, undefined);
        reads.push(tx.objectStore('checkpoints').get([thread, ns, parent!]).then((r) => void inline.set(key, r?.inline)));
      }
    }
    putBefore.add(recordKey(thread, ns, op.checkpoint.id));
  }
  return reads;
}

/**
 * Issues every op of a batch, in order: the reads first (readAhead), then each op's writes, none
 * of which waits for IndexedDB. Resolves with what to call once the batch committed (it updates
 * the `memo`, if any).
 */
export async function issueOps(tx: WriteTx, batch: WriteBatch, ops: readonly WriteOp[], nextSeq: () => number, memo?: WriteMemo): Promise<() => void> {
  const read = await readAhead(tx, ops, memo);
  const records = read.records;
  const raw = unwrap(tx);
  for (const op of ops) {
    if (op.kind === 'put') issuePut(raw, batch, op, records);
    else if (op.kind === 'writes') issueWrites(raw, batch, op, nextSeq, records);
    else setNext(op, records);
  }
  const rows = raw.objectStore('rows');
  for (const row of records.changedRows) batch.issue('(row)', () => rows.put(row));
  return () => memo?.remember(read.put, records);
}

/**
 * Issues a put: the new large channel values as blobs, the checkpoint record with its small ones
 * inline (inline-values.ts), its timeline row (the writes it already has counted).
 */
function issuePut(tx: IDBTransaction, batch: WriteBatch, op: Extract<WriteOp, { kind: 'put' }>, records: BatchRecords): void {
  const { config, checkpoint, metadata, newVersions } = op;
  const thread = requireThreadId(config, 'IndexedDBSaver.put');
  const ns = config.configurable?.checkpoint_ns ?? '';
  const parent = config.configurable?.checkpoint_id;
  const stored = storedValues(checkpoint, newVersions, parent === undefined ? undefined : records.inline.get(recordKey(thread, ns, parent)));
  const blobs = tx.objectStore('blobs');
  for (const [channel, version, value] of stored.blobs) {
    batch.issue(channel, () => blobs.put({ thread_id: thread, checkpoint_ns: ns, channel, version, value }));
  }
  const record: CheckpointRecord = {
    thread_id: thread,
    checkpoint_ns: ns,
    checkpoint_id: checkpoint.id,
    checkpoint: { ...checkpoint, channel_values: {} },
    metadata,
  };
  if (parent !== undefined) record.parent_id = parent;
  if (stored.inline !== undefined) record.inline = stored.inline;
  // Which metadata key cannot be cloned is looked for only once IndexedDB refused the record.
  const culprit = () => {
    const key = firstUncloneableKey(metadata);
    return key === undefined ? '(checkpoint)' : `metadata.${key}`;
  };
  // `add`, not `put`: a stored checkpoint is never replaced (committed history is append-only);
  // its id already stored fails the request with a ConstraintError, which aborts the transaction.
  batch.issue(culprit, () => tx.objectStore('checkpoints').add(record));
  const key = recordKey(thread, ns, checkpoint.id);
  records.inline.set(key, stored.inline);
  const replaced = records.rows.get(key);
  if (replaced) records.changedRows.delete(replaced);
  const row = newRow(thread, ns, checkpoint.id);
  // Writes saved against the checkpoint before its put (async durability) are counted on its row.
  const before = [...(records.known.get(key)?.values() ?? [])].flatMap((r) => r.writes);
  if (before.length > 0) countWrites(row, before);
  records.rows.set(key, row);
  records.changedRows.add(row);
}

/** Issues a putWrites: the task's writes merged into its record (WRITES_IDX_MAP rules), counted on the row. */
function issueWrites(tx: IDBTransaction, batch: WriteBatch, op: Extract<WriteOp, { kind: 'writes' }>, nextSeq: () => number, records: BatchRecords): void {
  const { writes, taskId } = op;
  const [thread, ns, checkpointId] = addressOf(op);
  // Resolve WRITES_IDX_MAP within the call first: a special channel repeated in one call keeps
  // its first position and its last value.
  const incoming = new Map<number, PendingWriteValue>();
  writes.forEach(([channel, value], position) => {
    const idx = writeIndex(channel, position);
    if (!incoming.has(idx) || isSpecialWrite(channel)) incoming.set(idx, [channel, value]);
  });
  const store = tx.objectStore('writes');
  const writesKey = recordKey(thread, ns, checkpointId, taskId);
  const known = records.writes.get(writesKey);
  const list: StoredWrite[] = known?.writes ?? [];
  const taskPath = op.taskPath ?? known?.task_path;
  const added: StoredWrite[] = [];
  const counted: StoredWrite[] = [];
  for (const [idx, [channel, value]] of incoming) {
    const at = list.findIndex((w) => w.idx === idx);
    if (at >= 0 && !isSpecialWrite(channel)) continue; // regular: first wins
    const write: StoredWrite = { seq: at >= 0 ? list[at]!.seq : nextSeq(), idx, channel, value };
    if (at >= 0) list[at] = write; // special: replace in place (last wins)
    else {
      list.push(write);
      counted.push(write);
    }
    added.push(write);
  }
  if (added.length > 0) {
    const record: TaskWritesRecord = { thread_id: thread, checkpoint_ns: ns, checkpoint_id: checkpointId, task_id: taskId, writes: list };
    if (taskPath !== undefined) record.task_path = taskPath;
    const culprit = () => added.find((w) => firstUncloneableKey({ v: w.value }) !== undefined)?.channel ?? '(writes)';
    batch.issue(culprit, () => store.put(record));
    records.writes.set(writesKey, record);
    records.known.get(recordKey(thread, ns, checkpointId))?.set(taskId, record);
  }
  // A checkpoint saved before rows were kept has none: its writes are counted when read.
  const row = counted.length > 0 ? records.rows.get(recordKey(thread, ns, checkpointId)) : undefined;
  if (row) records.changedRows.add(countWrites(row, counted));
}

/** Sets a reported `next` on the checkpoint's row, as the batch holds it (put with the batch's other rows). */
function setNext(op: NextOp, records: BatchRecords): void {
  const row = records.rows.get(recordKey(op.threadId, op.ns, op.checkpointId));
  if (!row) return;
  row.next = [...op.next];
  records.changedRows.add(row);
}
