/**
 * Checkpoint databases shaped to freeze a reader, in the real layout of LangGraph.js's
 * `SqliteSaver` (`@langchain/langgraph-checkpoint-sqlite` on `better-sqlite3`: its own `setup()`
 * makes the tables, its own `put` / `putWrites` serialize the first thread):
 *
 * - `makeHugeBlobFile`: a few threads of one checkpoint each whose blob is huge (the 315 MB file
 *   of 30 × 10 MB).
 * - `makeManyThreadsFile`: very many threads of one small checkpoint each (300,000 of them).
 *
 * Used by the bench (`bench/formats/freeze.ts`), the e2e test (`e2e/hostile-files.spec.ts`) and
 * the listing test (`tests/formats/listing-reads.test.ts`). Node only.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';

/** A time-ordered UUIDv6-shaped id for thread `t`, checkpoint `n` (larger `t` is newer). */
export const hostileCheckpointId = (t: number, n = 0): string =>
  `1f1ed6db-${(t >>> 16).toString(16).padStart(4, '0')}-6${(t & 0xfff).toString(16).padStart(3, '0')}-8${((t >>> 12) & 0xf).toString(16)}${n.toString(16).padStart(2, '0')}-000000000000`;

/** The thread id of thread `t`. */
export const hostileThreadId = (t: number): string => `thread-${String(t).padStart(6, '0')}`;

function fresh(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

/** One real checkpoint written by the saver, then its rows as stored (to copy with new ids). */
async function template(db: Database, saver: SqliteSaver, payload: string, interrupted: boolean) {
  const id = hostileCheckpointId(0);
  const checkpoint = {
    v: 4,
    id,
    ts: '2026-12-01T10:00:00.000Z',
    channel_values: { topic: 'hostile', payload, __start__: { topic: 'hostile' } },
    channel_versions: { __start__: 1, topic: 2, payload: 2 },
    versions_seen: { __input__: {}, __start__: { __start__: 1 } },
  };
  const metadata = { source: 'loop' as const, step: 0, parents: {} };
  const config = await saver.put({ configurable: { thread_id: hostileThreadId(0), checkpoint_ns: '' } }, checkpoint, metadata);
  if (interrupted) await saver.putWrites(config, [['__interrupt__', [{ value: 'Approve?', id: 'i0' }]]], 'task-0');
  const row = db.prepare('SELECT type, checkpoint, metadata FROM checkpoints').get() as unknown as { type: string; checkpoint: Buffer; metadata: Buffer };
  const write = db.prepare('SELECT task_id, idx, channel, type, value FROM writes').get() as unknown as { task_id: string; idx: number; channel: string; type: string; value: Buffer } | undefined;
  return { row, write };
}

/**
 * Copies thread 0 (written by the saver) to threads 1 … threads − 1, each with its own ids; one in
 * `interruptEvery` keeps the saver's `__interrupt__` write.
 */
async function fill(path: string, threads: number, payload: string, interruptEvery: number): Promise<void> {
  fresh(path);
  const db = new Database(path);
  const saver = new SqliteSaver(db);
  const { row, write } = await template(db, saver, payload, interruptEvery > 0);
  const head = row.checkpoint.subarray(0, 200).toString('latin1');
  const at = head.indexOf(hostileCheckpointId(0));
  const put = db.prepare('INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) VALUES (?, \'\', ?, NULL, ?, ?, ?)');
  const putWrite = db.prepare('INSERT INTO writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value) VALUES (?, \'\', ?, ?, ?, ?, ?, ?)');
  const batch = db.transaction((from: number, to: number) => {
    for (let t = from; t < to; t++) {
      const id = hostileCheckpointId(t);
      // The checkpoint's own id is inside its JSON: the copy carries the new one (same length).
      const blob = Buffer.from(row.checkpoint);
      if (at >= 0) blob.write(id, at, 'latin1');
      put.run(hostileThreadId(t), id, row.type, blob, row.metadata);
      if (write && t % interruptEvery === 0) putWrite.run(hostileThreadId(t), id, write.task_id, write.idx, write.channel, write.type, write.value);
    }
  });
  for (let t = 1; t < threads; t += 10_000) batch(t, Math.min(threads, t + 10_000));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/**
 * `threads` threads of one checkpoint each, whose blob holds `blobBytes` bytes of text in a channel.
 * @returns the file's path
 */
export async function makeHugeBlobFile(path: string, threads = 30, blobBytes = 10 * 1024 * 1024): Promise<string> {
  await fill(path, threads, 'x'.repeat(blobBytes), 0);
  return path;
}

/**
 * `threads` threads of one small checkpoint each; every 10th has an interrupt pending.
 * @returns the file's path
 */
export async function makeManyThreadsFile(path: string, threads = 300_000): Promise<string> {
  await fill(path, threads, 'small', 10);
  return path;
}
