/**
 * The persisted trace of a thread: the engine's trace events (plain JSON data), stored in chunks —
 * one `trace_chunks` record holds up to TRACE_CHUNK_EVENTS consecutive events of one run, so a
 * superstep's events cost no IndexedDB record of their own (trace-chunks.ts builds them). A chunk
 * is keyed (thread, run id, end), `end` being the position in its run just past its last event,
 * so the chunk holding any position of a run is found with one key range; its `seq` (the thread's
 * trace counter at its first event; the counter lives in the thread's record) orders runs by start.
 */
import { CheckpointValueError } from '../../engine/checkpoint/types';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { WriteBatch } from './requests';
import { prefixRange, type ThreadRecord, type TraceChunkRecord } from './schema';
import { TickTracker } from '../../shared/ticks';
import { reportedNext } from './rows';
import { checkpointKey, runsKey } from './trace-keys';
import { ChunkBuilder, chunkEvents, eventsAboutKey, inRunOrder } from './trace-chunks';

/** How an append treats the `next` its `{ kind: 'checkpoint' }` records report. */
export interface AppendOptions {
  /**
   * Set it on their checkpoints' timeline rows (rows.ts) in the append's transaction. A run's
   * session sets them with its writes instead (write-ops.ts, `next` ops) and passes false.
   * @default true
   */
  setNext?: boolean;
}

/** Appends events to a thread's trace, in order, in one transaction. */
export async function appendTrace(conn: DbConnection, threadId: string, events: readonly unknown[], options: AppendOptions = {}): Promise<void> {
  if (events.length === 0) return;
  const operation = `save ${events.length} trace events of thread "${threadId}"`;
  const setNext = options.setNext !== false;
  // Without rows in its scope, an append does not queue behind (or hold up) a session's group
  // commit, which writes only checkpoint stores: IndexedDB runs transactions with disjoint scopes
  // side by side.
  const scope: ('trace_chunks' | 'threads' | 'rows')[] = setNext ? ['trace_chunks', 'threads', 'rows'] : ['trace_chunks', 'threads'];
  const tx = await conn.transaction(scope, 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  try {
    // The `next` a run reported for its checkpoints goes to their timeline rows (rows.ts); a
    // checkpoint without a row (saved before rows were kept) keeps being read the old way.
    const threads = tx.objectStore('threads');
    const store = tx.objectStore('trace_chunks');
    const reported = setNext ? reportedNext(events) : [];
    const builder = new ChunkBuilder(threadId);
    // Everything the append reads, side by side: the rows to update, the thread record, and how
    // many events each run appended to already has (the key of its last chunk; no value is read).
    const [found, stored] = await Promise.all([
      Promise.all(reported.map(({ ns, id }) => tx.objectStore('rows').get([threadId, ns, id]))),
      threads.get(threadId),
      Promise.all(builder.runsOf(events).map(async (run) => {
        const last = await store.openKeyCursor(prefixRange(threadId, run), 'prev');
        builder.setRunLength(run, last ? last.key[2] : 0);
      })),
    ]);
    found.forEach((row, i) => {
      if (row) batch.issue('(row)', () => tx.objectStore('rows').put({ ...row, next: reported[i]!.next }));
    });
    const thread: ThreadRecord = stored ?? { thread_id: threadId, running: false, updated_at: new Date().toISOString() };
    const ticks = new TickTracker(thread.open_ticks);
    const { chunks, lastSeq } = builder.build(events, thread.trace_seq ?? -1, ticks);
    for (const chunk of chunks) batch.issue('(trace)', () => store.put(chunk));
    thread.trace_seq = lastSeq;
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
  let chunks: TraceChunkRecord[];
  try {
    const tx = await conn.transaction(['trace_chunks'], 'readonly');
    const range = runId === undefined ? prefixRange(threadId) : prefixRange(threadId, runId);
    chunks = await tx.objectStore('trace_chunks').getAll(range);
  } catch (err) {
    throw toStorageError(err, `read the trace of thread "${threadId}"`);
  }
  return inRunOrder(chunks).flatMap(chunkEvents);
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
  let chunks: TraceChunkRecord[];
  try {
    const tx = await conn.transaction(['trace_chunks'], 'readonly');
    chunks = await tx.objectStore('trace_chunks').index('by_topic').getAll(key);
  } catch (err) {
    throw toStorageError(err, operation);
  }
  return inRunOrder(chunks).flatMap((c) => eventsAboutKey(c, key));
}

/**
 * Up to `count` events of one run from position `from` (0 = its first event), in append order.
 * The first chunk read is the one holding position `from` (the first whose `end` is past it), so
 * no chunk before it is read.
 */
export async function readRunSlice(conn: DbConnection, threadId: string, runId: string, from: number, count: number): Promise<unknown[]> {
  const out: unknown[] = [];
  if (count <= 0) return out;
  try {
    const tx = await conn.transaction(['trace_chunks'], 'readonly');
    const range = IDBKeyRange.bound([threadId, runId, Math.max(0, from)], [threadId, runId, []], true);
    let cursor = await tx.objectStore('trace_chunks').openCursor(range);
    while (cursor && out.length < count) {
      const events = chunkEvents(cursor.value);
      const skip = Math.max(0, from - (cursor.value.end - events.length));
      out.push(...events.slice(skip, skip + count - out.length));
      cursor = await cursor.continue();
    }
  } catch (err) {
    throw toStorageError(err, `read the trace of run ${runId} of thread "${threadId}"`);
  }
  return out;
}
