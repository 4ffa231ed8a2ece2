/**
 * Per-thread records kept beside the checkpoints: the thread list (graph id, status facts, step,
 * last update), the "running" flag the worker sets and the name a user gives a thread.
 */
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { WriteBatch } from './requests';
import { checkpointKeyPast, prefixRange, type ThreadRecord } from './schema';

/**
 * One thread as the database lists it: the facts its status is made of (the running flag, what
 * the head's pending writes say), not the status itself, which the storage worker computes in one
 * place (src/worker/thread-status.ts) with what only it knows (its own runs, other tabs' locks).
 */
export interface ThreadListing {
  threadId: string;
  /** `metadata.graph_id` of the latest root checkpoint, else the id given to setThreadRunning. */
  graphId: string | null;
  /** The running flag the worker sets around a run (stale when a tab closed mid-run). */
  running: boolean;
  /** The latest root checkpoint holds an `__error__` write (or the thread's records could not be read). */
  error: boolean;
  /** The latest root checkpoint holds an `__interrupt__` write. */
  interrupted: boolean;
  /** `metadata.step` of the latest root checkpoint (null before the first checkpoint). */
  step: number | null;
  /** The nodes that run next from the latest root checkpoint, as its run reported them (absent: not reported). */
  next?: string[];
  /** How many root checkpoints (supersteps, inputs, updates and forks) the thread has. */
  checkpointCount: number;
  /** ISO time of the newest checkpoint or flag change. */
  updatedAt: string | null;
  /** Set when the thread's records could not be read as they should (a malformed record): the other threads are listed anyway. */
  problem?: string;
  /** The name the user gave the thread (absent: none). */
  name?: string;
}

/** Lists every thread that has a checkpoint or a flag, most recently updated first. */
export async function listThreads(conn: DbConnection): Promise<ThreadListing[]> {
  try {
    const tx = await conn.transaction(['checkpoints', 'writes', 'threads', 'rows'], 'readonly');
    const checkpoints = tx.objectStore('checkpoints');
    const flags = new Map((await tx.objectStore('threads').getAll()).map((r) => [r.thread_id, r]));
    const threadIds = new Set(flags.keys());
    // Skip-scan: one key per thread, jumping past the rest of its keys.
    let cursor = await checkpoints.openKeyCursor();
    while (cursor) {
      const thread = cursor.key[0];
      threadIds.add(thread);
      cursor = await cursor.continue(checkpointKeyPast(thread));
    }
    const rows = await Promise.all([...threadIds].map(async (threadId): Promise<ThreadListing> => {
      const flag = flags.get(threadId);
      try {
        const [latestRoot, newest, count] = await Promise.all([
          checkpoints.openCursor(prefixRange(threadId, ''), 'prev'),
          checkpoints.index('by_thread').openCursor(prefixRange(threadId), 'prev'),
          checkpoints.count(prefixRange(threadId, '')),
        ]);
        const root = latestRoot?.value;
        const [writes, headRow] = root
          ? await Promise.all([tx.objectStore('writes').getAll(prefixRange(threadId, '', root.checkpoint_id)), tx.objectStore('rows').get([threadId, '', root.checkpoint_id])])
          : [[], undefined];
        const channels = new Set(writes.flatMap((r) => (Array.isArray(r?.writes) ? r.writes.map((w) => w?.channel) : [])));
        // Records are read defensively: a malformed one makes this thread's row say so, never the list fail.
        const meta = root?.metadata as Record<string, unknown> | undefined;
        const graphId = meta?.graph_id ?? flag?.graph_id;
        const step = typeof meta?.step === 'number' ? meta.step : null;
        const ts = (newest?.value as { checkpoint?: { ts?: unknown } } | undefined)?.checkpoint?.ts;
        const times = [ts, flag?.updated_at].filter((t): t is string => typeof t === 'string' && t !== '');
        const row: ThreadListing = {
          threadId, graphId: typeof graphId === 'string' ? graphId : null, running: flag?.running === true, error: channels.has('__error__'), interrupted: channels.has('__interrupt__'),
          step, checkpointCount: count, updatedAt: times.sort().at(-1) ?? null,
        };
        if (typeof flag?.name === 'string' && flag.name !== '') row.name = flag.name;
        if (Array.isArray(headRow?.next) && headRow.next.every((n: unknown) => typeof n === 'string')) row.next = [...headRow.next];
        if (root && (typeof meta !== 'object' || meta === null || step === null)) row.problem = `The latest checkpoint of this thread has malformed metadata.`;
        return row;
      } catch (err) {
        return {
          threadId, graphId: typeof flag?.graph_id === 'string' ? flag.graph_id : null, running: flag?.running === true, error: true, interrupted: false, step: null, checkpointCount: 0,
          updatedAt: typeof flag?.updated_at === 'string' ? flag.updated_at : null, problem: `This thread's records could not be read: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
    }));
    return rows.sort((a, b) => ((a.updatedAt ?? '') < (b.updatedAt ?? '') ? 1 : (a.updatedAt ?? '') > (b.updatedAt ?? '') ? -1 : 0));
  } catch (err) {
    throw toStorageError(err, 'list threads');
  }
}

/** Rewrites a thread's record in one transaction: `change` gets the stored record (if any) and returns the new one. */
async function updateThreadRecord(conn: DbConnection, threadId: string, operation: string, change: (before: ThreadRecord | undefined) => ThreadRecord): Promise<void> {
  const tx = await conn.transaction(['threads'], 'readwrite').catch((err: unknown) => {
    throw toStorageError(err, operation);
  });
  const batch = new WriteBatch(tx, operation);
  try {
    const store = tx.objectStore('threads');
    const record = change(await store.get(threadId));
    batch.issue('(thread)', () => store.put(record));
  } catch (err) {
    return batch.fail(err);
  }
  await batch.commit();
}

/**
 * Sets or clears the "running" flag of a thread, recording its graph id when given (LangGraph
 * does not put one in checkpoint metadata; the worker knows it). Other fields of the record
 * (a graph id set before, the trace counter) are kept.
 */
export function setThreadRunning(conn: DbConnection, threadId: string, running: boolean, graphId?: string): Promise<void> {
  return updateThreadRecord(conn, threadId, `mark thread "${threadId}" as ${running ? 'running' : 'not running'}`, (before) => {
    const record: ThreadRecord = { ...before, thread_id: threadId, running, updated_at: new Date().toISOString() };
    if (graphId !== undefined) record.graph_id = graphId;
    return record;
  });
}

/**
 * Names a thread (an empty `name` removes the name). Only the name changes: the running flag,
 * graph id, trace counter and update time are kept, so a rename does not reorder the thread list.
 * The name goes with the thread's record when the thread is deleted.
 */
export function setThreadName(conn: DbConnection, threadId: string, name: string): Promise<void> {
  return updateThreadRecord(conn, threadId, `rename thread "${threadId}"`, (before) => {
    // A thread known only by its checkpoints gets a record with no update time of its own.
    const record: ThreadRecord = { ...(before ?? { thread_id: threadId, running: false, updated_at: '' }) };
    if (name === '') delete record.name;
    else record.name = name;
    return record;
  });
}
