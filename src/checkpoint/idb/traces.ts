/**
 * The persisted trace of a thread: the engine's trace events (plain JSON data), keyed
 * (thread, run id, seq) with `seq` counted per thread (the counter lives in the thread's record),
 * so events can be read for one run or for the whole thread in append order.
 */
import { CheckpointValueError } from '../../engine/checkpoint/types';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { WriteBatch } from './requests';
import { prefixRange, type ThreadRecord, type TraceRecord } from './schema';
import { TickTracker } from '../../shared/ticks';
import { reportedNext } from './rows';
import { checkpointKey, runsKey, topicKeysOf } from './trace-keys';

/** The run an event belongs to: its `runId` when it has one. */
function runOf(event: unknown): string {
  const runId = typeof event === 'object' && event !== null ? (event as { runId?: unknown }).runId : undefined;
  return typeof runId === 'string' ? runId : '';
}

/** Appends events to a thread's trace, in order, in one transaction. */
export async function appendTrace(conn: DbConnection, threadId: string, events: readonly unknown[]): Promise<void> {
  if (events.length === 0) return;
  const operation = `save ${events.length} trace events of thread "${threadId}"`;
  const tx = await conn.transaction(['traces', 'threads', 'rows'], 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  try {
    // The `next` a run reported for its checkpoints goes to their timeline rows (rows.ts); a
    // checkpoint without a row (saved before rows were kept) keeps being read the old way.
    const rows = tx.objectStore('rows');
    const reported = reportedNext(events);
    const found = await Promise.all(reported.map(({ ns, id }) => rows.get([threadId, ns, id])));
    found.forEach((row, i) => {
      if (row) batch.issue('(row)', () => rows.put({ ...row, next: reported[i]!.next }));
    });
    const threads = tx.objectStore('threads');
    const thread: ThreadRecord = (await threads.get(threadId)) ?? { thread_id: threadId, running: false, updated_at: new Date().toISOString() };
    let seq = thread.trace_seq ?? -1;
    const ticks = new TickTracker(thread.open_ticks);
    const store = tx.objectStore('traces');
    for (const event of events) {
      const record: TraceRecord = { thread_id: threadId, run_id: runOf(event), seq: ++seq, event };
      const keys = topicKeysOf(threadId, event, ticks);
      if (keys.length > 0) record.topic_keys = keys;
      batch.issue('(trace)', () => store.put(record));
    }
    thread.trace_seq = seq;
    thread.open_ticks = ticks.openCheckpoints();
    batch.issue('(thread)', () => threads.put(thread));
  } catch (err) {
    const cause = err instanceof CheckpointValueError ? new CheckpointValueError('(trace)', 'a trace event is not plain data') : err;
    return batch.fail(cause);
  }
  await batch.commit();
}

/**
 * A thread's trace events: of one run in append order, or of every run ordered by (run start,
 * append order) — runs are grouped even if their appends interleaved.
 */
export async function readTrace(conn: DbConnection, threadId: string, runId?: string): Promise<unknown[]> {
  let records: TraceRecord[];
  try {
    const tx = await conn.transaction(['traces'], 'readonly');
    const range = runId === undefined ? prefixRange(threadId) : prefixRange(threadId, runId);
    records = await tx.objectStore('traces').getAll(range);
  } catch (err) {
    throw toStorageError(err, `read the trace of thread "${threadId}"`);
  }
  return inRunOrder(records);
}

/**
 * The trace events of a thread that are about one checkpoint (see trace-keys.ts), in the order
 * `readTrace` gives them: what a checkpoint's inspector needs, without reading the whole trace.
 */
export function readCheckpointTrace(conn: DbConnection, threadId: string, ns: string, checkpointId: string): Promise<unknown[]> {
  return readTopic(conn, threadId, checkpointKey(threadId, ns, checkpointId), `read the trace of checkpoint ${checkpointId} of thread "${threadId}"`);
}

/** The run summary records (`{ kind: 'run' }`) of a thread, in `readTrace` order. */
export function readRunRecords(conn: DbConnection, threadId: string): Promise<unknown[]> {
  return readTopic(conn, threadId, runsKey(threadId), `read the runs of thread "${threadId}"`);
}

async function readTopic(conn: DbConnection, threadId: string, key: string, operation: string): Promise<unknown[]> {
  let records: TraceRecord[];
  try {
    const tx = await conn.transaction(['traces'], 'readonly');
    records = await tx.objectStore('traces').index('by_topic').getAll(key);
  } catch (err) {
    throw toStorageError(err, operation);
  }
  return inRunOrder(records);
}

/**
 * Up to `count` events of one run from position `from` (0 = its first event), in append order.
 * The position is found by skipping keys, so no event before it is read.
 */
export async function readRunSlice(conn: DbConnection, threadId: string, runId: string, from: number, count: number): Promise<unknown[]> {
  try {
    const tx = await conn.transaction(['traces'], 'readonly');
    const store = tx.objectStore('traces');
    let cursor = await store.openKeyCursor(prefixRange(threadId, runId));
    if (cursor && from > 0) cursor = await cursor.advance(from);
    if (!cursor || count <= 0) return [];
    const records = await store.getAll(IDBKeyRange.bound(cursor.key, [threadId, runId, []]), count);
    return records.map((r) => r.event);
  } catch (err) {
    throw toStorageError(err, `read the trace of run ${runId} of thread "${threadId}"`);
  }
}

/** Events ordered by (run start, append order): keys sort by run id, then seq; runs go by their first seq instead. */
function inRunOrder(records: TraceRecord[]): unknown[] {
  const start = new Map<string, number>();
  for (const r of records) start.set(r.run_id, Math.min(start.get(r.run_id) ?? Infinity, r.seq));
  records.sort((a, b) => start.get(a.run_id)! - start.get(b.run_id)! || a.seq - b.seq);
  return records.map((r) => r.event);
}
