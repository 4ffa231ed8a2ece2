/**
 * Rows of a SQLite checkpoint file larger than 256 KiB are read from its pages in chunks, with a
 * turn of the message loop between them, whatever is read of them: the history page's metadata
 * (stored after the checkpoint blob, so SQLite reaches it only through the blob's overflow pages),
 * the checkpoint itself (a BLOB or, as some tools keep it, TEXT) and a large pending write. Each
 * read is watched from the message loop: the bytes read from the file between two of its turns
 * stay far below the value's size (a `SELECT` reading the row read all of it in one step).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, openCheckpointSource, type ByteSource, type CheckpointSource } from '../../src/formats/index';
import { hostileCheckpointId } from './hostile-files';

const BIG = 3 * 1024 * 1024;
let dir = '';
let path = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rg-large-rows-'));
  path = join(dir, 'large.sqlite');
  const db = new Database(path);
  const saver = new SqliteSaver(db);
  const checkpoint = (n: number, payload: string) => ({
    v: 4,
    id: hostileCheckpointId(1, n),
    ts: `2026-12-01T10:00:0${n}.000Z`,
    channel_values: { topic: 'large', payload },
    channel_versions: { topic: n + 1, payload: n + 1 },
    versions_seen: {},
  });
  const root = { configurable: { thread_id: 'big', checkpoint_ns: '' } };
  const first = await saver.put(root, checkpoint(0, 'y'.repeat(BIG)), { source: 'input', step: -1, parents: {} });
  // A pending write of the head as large as the checkpoint, and a small one beside it.
  const head = await saver.put(first, checkpoint(1, 'z'.repeat(BIG)), { source: 'loop', step: 0, parents: {} });
  await saver.putWrites(head, [['payload', 'w'.repeat(BIG)], ['topic', 'small']], 'task-1');
  // The same checkpoint kept as TEXT (a tool that copied the rows as text).
  db.prepare(`INSERT INTO checkpoints SELECT 'text', checkpoint_ns, checkpoint_id, NULL, type, CAST(checkpoint AS TEXT), CAST(metadata AS TEXT) FROM checkpoints WHERE checkpoint_id = ?`)
    .run(hostileCheckpointId(1, 1));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file as a source whose reads are counted, and the most bytes read between two turns of the loop. */
async function watched(): Promise<{ source: CheckpointSource; during: <T>(read: () => Promise<T>) => Promise<{ value: T; mostPerTurn: number; turns: number }> }> {
  let sinceTurn = 0;
  const file = bytesSource('large.sqlite', new Uint8Array(readFileSync(path)));
  const counted: ByteSource = {
    name: file.name,
    size: file.size,
    read(offset, length) {
      const out = file.read(offset, length);
      sinceTurn += out.length;
      return out;
    },
  };
  const result = await openCheckpointSource([counted]);
  if (!result.ok) throw new Error(result.error.message);
  const during = async <T>(read: () => Promise<T>) => {
    let done = false;
    let mostPerTurn = 0;
    let turns = 0;
    sinceTurn = 0;
    const ticking = (async () => {
      while (!done) {
        await new Promise<void>((r) => setImmediate(r));
        mostPerTurn = Math.max(mostPerTurn, sinceTurn);
        sinceTurn = 0;
        turns++;
      }
    })();
    const value = await read().finally(() => (done = true));
    await ticking;
    return { value, mostPerTurn: Math.max(mostPerTurn, sinceTurn), turns };
  };
  return { source: result.source, during };
}

describe('a row larger than 256 KiB', () => {
  it('gives its metadata to a history page from its pages in chunks', async () => {
    const { source, during } = await watched();
    const { value: page, mostPerTurn, turns } = await during(() => source.listCheckpoints('big', '', { limit: 10 }));
    expect(page.map((c) => [c.metadata?.source, c.metadata?.step, c.writeCount])).toEqual([['loop', 0, 2], ['input', -1, 0]]);
    expect(mostPerTurn).toBeLessThan(BIG / 4);
    expect(turns).toBeGreaterThan(10);
    source.close();
  });

  it('is read with its pending writes in chunks, to the values SQLite holds', async () => {
    const { source, during } = await watched();
    const { value: cp, mostPerTurn } = await during(() => source.getCheckpoint('big', '', hostileCheckpointId(1, 1)));
    expect(mostPerTurn).toBeLessThan(BIG / 4);
    expect(cp!.tuple.checkpoint.channel_values.payload).toBe('z'.repeat(BIG));
    expect(cp!.tuple.metadata).toMatchObject({ source: 'loop', step: 0 });
    expect(cp!.tuple.pendingWrites).toEqual([['task-1', 'payload', 'w'.repeat(BIG)], ['task-1', 'topic', 'small']]);
    source.close();
  });

  it('kept as TEXT is read in chunks too, to the same checkpoint', async () => {
    const { source, during } = await watched();
    const { value: cp, mostPerTurn } = await during(() => source.getCheckpoint('text', ''));
    expect(mostPerTurn).toBeLessThan(BIG / 4);
    expect(cp!.tuple.checkpoint.channel_values.payload).toBe('z'.repeat(BIG));
    expect(cp!.tuple.metadata).toMatchObject({ source: 'loop', step: 0 });
    source.close();
  });
});
