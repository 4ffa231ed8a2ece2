/**
 * A checkpoint whose stored metadata has no `source` (or one LangGraph never writes) is shown with
 * the source unknown, never made up as `loop`: a `loop` child is the evidence on which the write
 * ledger calls a step's writes applied, so a guessed one would be a guessed disposition. The files
 * are real SQLite databases with the Python saver's tables, written by better-sqlite3.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { rowOfTuple } from '../../src/checkpoint/idb/rows';
import { bytesSource } from '../../src/formats/index';
import { childrenOf } from '../../src/worker/files/children';
import { checkpointSummary, writesToDto } from '../../src/worker/dto-map';
import { open } from './fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** c0 (input) with one task output and one `__error__` saved against it; c1 made from c0 with `childMeta`. */
function database(childMeta: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'rg-source-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'x.sqlite'));
  db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
    CREATE TABLE writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL, type TEXT, value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));`);
  const body = (id: string, x: number) => `{"v":1,"id":"${id}","ts":"2026-01-01T00:00:0${x}Z","channel_values":{"x":${x}},"channel_versions":{"x":${x + 1}},"versions_seen":{}}`;
  const cp = db.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)');
  cp.run('t', '', 'c0', null, 'json', body('c0', 0), '{"source":"input","step":-1,"parents":{}}');
  cp.run('t', '', 'c1', 'c0', 'json', body('c1', 1), childMeta);
  const write = db.prepare('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  write.run('t', '', 'c0', 'task-a', 0, 'x', 'json', '1');
  write.run('t', '', 'c0', 'task-b', -1, '__error__', 'json', '{"message":"boom"}');
  db.close();
  return new Uint8Array(readFileSync(join(dir, 'x.sqlite')));
}

/** What the inspector shows for c1's row and c0's writes. */
async function shown(childMeta: string) {
  const source = await open([bytesSource('x.sqlite', database(childMeta))]);
  try {
    const c1 = (await source.getCheckpoint('t', '', 'c1'))!;
    const c0 = (await source.getCheckpoint('t', '', 'c0'))!;
    const children = (await childrenOf(source, 't', '')).get('c0') ?? [];
    return {
      source: checkpointSummary(rowOfTuple(c1.tuple)).source,
      issues: c1.issues,
      writes: writesToDto(c0.tuple, [], [], children).map((w) => [w.channel, w.disposition.kind]).sort(),
    };
  } finally {
    source.close();
  }
}

describe('a checkpoint whose metadata does not say its source', () => {
  it('with source "loop" (the control): its step completed, so the output is applied and the control signal skipped', async () => {
    expect(await shown('{"source":"loop","step":0,"parents":{}}')).toMatchObject({
      source: 'loop', writes: [['__error__', 'skipped-control'], ['x', 'applied']],
    });
  });

  it('without a source: shown as unknown, and no write of the step before it is called applied or skipped on that evidence', async () => {
    const s = await shown('{"step":0,"parents":{}}');
    expect(s.source).toBe('unknown');
    expect(s.writes).toEqual([['__error__', 'not-known'], ['x', 'not-known']]);
  });

  it('with a source LangGraph never writes: shown as unknown, with the word in its issues', async () => {
    const s = await shown('{"source":"magic","step":0,"parents":{}}');
    expect(s.source).toBe('unknown');
    expect(s.issues.join(' ')).toContain('"magic"');
    expect(s.writes.map(([, kind]) => kind)).toEqual(['not-known', 'not-known']);
  });
});
