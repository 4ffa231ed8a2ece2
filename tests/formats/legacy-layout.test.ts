/**
 * The SQLite saver's tables before mid-2024 (langgraph 0.0.x): `thread_ts` ids, no namespace nor
 * type, JSON values, format-1 checkpoints with `pending_sends`. Built here with real SQLite in
 * that exact schema (the saver's `setup()` of that time), with and without a `writes` table,
 * and empty; the real file of the corpus (`real/delivery-service-2024`) is read by
 * `real-corpus.test.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../src/formats/index';
import { open } from './fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CHECKPOINTS = `CREATE TABLE IF NOT EXISTS checkpoints (thread_id TEXT NOT NULL, thread_ts TEXT NOT NULL, parent_ts TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, thread_ts))`;
const WRITES = `CREATE TABLE IF NOT EXISTS writes (thread_id TEXT NOT NULL, thread_ts TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL, value BLOB, PRIMARY KEY (thread_id, thread_ts, task_id, idx))`;

function file(withWrites: boolean, fill: (db: Database) => void = () => {}): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'rg-legacy-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'old.sqlite'));
  db.exec(CHECKPOINTS);
  if (withWrites) db.exec(WRITES);
  fill(db);
  db.close();
  return new Uint8Array(readFileSync(join(dir, 'old.sqlite')));
}

const send = (node: string, arg: unknown) => ({ lc: 2, type: 'constructor', id: ['langgraph', 'constants', 'Send'], kwargs: { node, arg } });
const human = (content: string) => ({ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'HumanMessage'], kwargs: { content, type: 'human' } });
const cp = (id: string, values: Record<string, unknown>, versions: Record<string, number>, pendingSends: unknown[] = []) =>
  Buffer.from(JSON.stringify({ v: 1, ts: '2024-05-01T10:00:00+00:00', id, channel_values: values, channel_versions: versions, versions_seen: {}, pending_sends: pendingSends }));
const meta = (step: number) => Buffer.from(JSON.stringify({ source: 'loop', step, writes: null }));

function twoCheckpoints(db: Database) {
  const put = db.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?)');
  put.run('t1', '1ef0c000-0000-6000-8000-000000000001', null, cp('1ef0c000-0000-6000-8000-000000000001', { messages: [human('hi')] }, { messages: 1 }), meta(0));
  put.run('t1', '1ef0c000-0000-6000-8000-000000000002', '1ef0c000-0000-6000-8000-000000000001', cp('1ef0c000-0000-6000-8000-000000000002', { messages: [human('hi')], topics: ['a', 'b'] }, { messages: 1, topics: 3 }, [send('write', { topic: 'a' }), send('write', { topic: 'b' })]), meta(1));
}

describe('the pre-mid-2024 SQLite layout (thread_ts)', () => {
  it('opens with a writes table: ids, parents, values, pending_sends as __pregel_tasks at the greatest version, writes', async () => {
    const bytes = file(true, (db) => {
      twoCheckpoints(db);
      db.prepare('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?)').run('t1', '1ef0c000-0000-6000-8000-000000000002', 'task-1', 0, 'topics', Buffer.from(JSON.stringify(['c'])));
    });
    const source = await open([bytesSource('old.sqlite', bytes)]);
    expect(source.info.notes.join(' ')).toMatch(/pre-mid-2024 layout/);
    expect(await source.listThreads()).toMatchObject([{ threadId: 't1', checkpointCount: 2, namespaceCount: 1 }]);
    const page = await source.listCheckpoints('t1', '');
    expect(page.map((c) => [c.checkpointId, c.parentCheckpointId, c.metadata.step, c.writeCount])).toEqual([
      ['1ef0c000-0000-6000-8000-000000000002', '1ef0c000-0000-6000-8000-000000000001', 1, 1],
      ['1ef0c000-0000-6000-8000-000000000001', null, 0, 0],
    ]);
    const head = (await source.getCheckpoint('t1', ''))!;
    expect(head.blobType).toBe('json');
    expect(head.tuple.checkpoint.channel_values).toMatchObject({
      messages: [{ $type: 'message', type: 'human', content: 'hi' }],
      topics: ['a', 'b'],
      __pregel_tasks: [{ lg_name: 'Send', node: 'write', args: { topic: 'a' } }, { lg_name: 'Send', node: 'write', args: { topic: 'b' } }],
    });
    expect(head.tuple.checkpoint.channel_versions.__pregel_tasks).toBe(3);
    expect(head.tuple.pendingWrites).toEqual([['task-1', 'topics', ['c']]]);
    // The first checkpoint has no sends: left as it was (LangGraph's rule).
    const first = (await source.getCheckpoint('t1', '', '1ef0c000-0000-6000-8000-000000000001'))!;
    expect(Object.keys(first.tuple.checkpoint.channel_values)).toEqual(['messages']);
    source.close();
  });

  it('opens without a writes table, saying so', async () => {
    const source = await open([bytesSource('old.sqlite', file(false, twoCheckpoints))]);
    expect(source.info.notes).toContain('The database has no "writes" table: checkpoints are shown without pending writes.');
    expect((await source.getCheckpoint('t1', ''))!.tuple.pendingWrites).toEqual([]);
    expect((await source.listCheckpoints('t1', '')).length).toBe(2);
    source.close();
  });

  it('opens empty when it holds no checkpoint', async () => {
    for (const withWrites of [true, false]) {
      const source = await open([bytesSource('old.sqlite', file(withWrites))]);
      expect(await source.listThreads()).toEqual([]);
      expect(await source.getCheckpoint('t1', '')).toBeUndefined();
      source.close();
    }
  });
});
