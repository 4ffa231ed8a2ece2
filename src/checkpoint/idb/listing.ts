/**
 * Listing one thread's checkpoints newest first: tuples in chunks, timeline rows (rows.ts) for
 * history pages, and checkpoints counted per namespace.
 */
import type { CheckpointListOptions, CheckpointTuple } from '../../engine/checkpoint/types';
import { beforeId, metadataMatches } from '../../engine/checkpoint/rules';
import type { DbConnection } from './connection';
import { toStorageError } from './errors';
import { loadRows, type CheckpointRow } from './rows';
import { checkpointKeyPast, prefixRange, type CheckpointRecord } from './schema';
import type { ReadTx } from './tuple';
import { loadTuples } from './tuples-batch';

/** Checkpoints read by the first chunk of a thread listing; later chunks double up to LIST_CHUNK_MAX. */
const LIST_CHUNK_FIRST = 32;
const LIST_CHUNK_MAX = 512;

type ScanTx = Pick<ReadTx, 'objectStore'>;

/** Up to `max` matching records of a thread older than `before`, newest first, and where the scan stopped. */
async function scanThread(
  tx: ScanTx, thread: string, ns: string | undefined, before: string | undefined, max: number, filter: CheckpointListOptions['filter'],
): Promise<{ records: CheckpointRecord[]; lastId: string | undefined; exhausted: boolean }> {
  const store = tx.objectStore('checkpoints');
  const prefix = ns !== undefined ? [thread, ns] : [thread];
  const range = before === undefined ? prefixRange(...prefix) : IDBKeyRange.bound(prefix, [...prefix, before], false, true);
  let cursor = ns !== undefined ? await store.openCursor(range, 'prev') : await store.index('by_thread').openCursor(range, 'prev');
  const records: CheckpointRecord[] = [];
  let lastId: string | undefined;
  while (cursor && records.length < max) {
    const r = cursor.value;
    lastId = r.checkpoint_id;
    if (metadataMatches(r.metadata, filter)) records.push(r);
    cursor = await cursor.continue();
  }
  return { records, lastId, exhausted: cursor === null };
}

/**
 * One thread's checkpoints newest first, read in chunks: each chunk walks the index backwards
 * from where the last one stopped, in its own transaction, and stops at `limit`. A consumer
 * that stops early (or a small `limit`) costs only the chunks it read.
 */
export async function* listThread(conn: DbConnection, thread: string, ns: string | undefined, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
  let left = options?.limit ?? Infinity;
  let before = beforeId(options);
  // A limit already bounds the work: read it in one go (up to the chunk cap). Without one, start
  // small so a consumer that stops early pays little.
  let chunk = options?.limit !== undefined ? Math.max(1, Math.min(options.limit, LIST_CHUNK_MAX)) : LIST_CHUNK_FIRST;
  while (left > 0) {
    let tuples: CheckpointTuple[];
    let done: boolean;
    try {
      const tx = await conn.transaction(['checkpoints', 'blobs', 'writes'], 'readonly');
      const page = await scanThread(tx, thread, ns, before, Math.min(left, chunk), options?.filter);
      tuples = await loadTuples(tx, page.records);
      done = page.exhausted;
      before = page.lastId ?? before;
    } catch (err) {
      throw toStorageError(err, 'list checkpoints');
    }
    left -= tuples.length;
    yield* tuples;
    if (done) return;
    chunk = Math.min(chunk * 2, LIST_CHUNK_MAX);
  }
}

/** Up to `limit` timeline rows of (thread, ns) older than `before`, newest first, in one read transaction. */
export async function listRows(conn: DbConnection, thread: string, ns: string, limit: number, before?: string): Promise<CheckpointRow[]> {
  try {
    const tx = await conn.transaction(['checkpoints', 'writes', 'rows'], 'readonly');
    const page = await scanThread(tx, thread, ns, before, limit, undefined);
    return await loadRows(tx, page.records);
  } catch (err) {
    throw toStorageError(err, `list the checkpoints of thread "${thread}"`);
  }
}

/** How many checkpoints a namespace holds, and the id of its newest (ids grow with time). */
export interface NamespaceCount {
  checkpoints: number;
  latest: string;
}

/**
 * How many checkpoints each namespace of a thread holds, and its newest id. Skips from one
 * namespace to the next over the keys and counts each namespace's key range, without reading any
 * checkpoint.
 */
export async function countNamespaces(conn: DbConnection, threadId: string): Promise<Map<string, NamespaceCount>> {
  const counts = new Map<string, NamespaceCount>();
  try {
    const tx = await conn.transaction(['checkpoints'], 'readonly');
    const store = tx.objectStore('checkpoints');
    let cursor = await store.openKeyCursor(prefixRange(threadId));
    while (cursor) {
      const ns = cursor.key[1];
      const [checkpoints, newest] = await Promise.all([store.count(prefixRange(threadId, ns)), store.openKeyCursor(prefixRange(threadId, ns), 'prev')]);
      counts.set(ns, { checkpoints, latest: newest?.key[2] ?? cursor.key[2] });
      cursor = await cursor.continue(checkpointKeyPast(threadId, ns));
    }
  } catch (err) {
    throw toStorageError(err, `list the namespaces of thread "${threadId}"`);
  }
  return counts;
}
