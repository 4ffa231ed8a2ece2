/**
 * A checkpoint blob that cannot be decoded (nested past the depth limit, an object with none of a
 * checkpoint's fields, a msgpack string declaring 2 GB, a Python pickle) is shown as what it is:
 * the checkpoint's values hold one opaque value whose reason says "this checkpoint could not be
 * decoded: …", the same reason the same bytes get as a pending write; never an empty `{}`.
 * The files are real SQLite databases with the Python saver's tables, written by better-sqlite3.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../src/formats/index';
import { userValues } from '../../src/worker/dto-map';
import { open } from './fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const deepJson = '['.repeat(200_000) + ']'.repeat(200_000);
const protoOnly = '{"__proto__":{"channel_values":{"polluted":true}}}';
// msgpack str32 (0xdb) declaring 2 GB of text, followed by two bytes.
const str32 = Buffer.from([0xdb, 0x80, 0x00, 0x00, 0x00, 0x61, 0x62]);
// The start of a protocol-4 pickle.
const pickle = Buffer.from([0x80, 0x04, 0x95, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x7d, 0x94, 0x2e]);

const CASES: [name: string, type: string, bytes: string | Buffer, reason: RegExp][] = [
  ['200,000-deep nesting', 'json', deepJson, /nested deeper than 512 levels/],
  ['only a __proto__ key', 'json', protoOnly, /none of a checkpoint's fields/],
  ['a str32 declaring 2 GB', 'msgpack', str32, /msgpack/],
  ['a pickle', 'pickle', pickle, /pickle/],
];

/** A database with the Python saver's tables: one good checkpoint, then one per hostile blob, each also stored as a pending write. */
function hostileDatabase(): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'rg-undecodable-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'x.sqlite'));
  db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
    CREATE TABLE writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL, type TEXT, value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));`);
  const cp = db.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)');
  const write = db.prepare('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const good = '{"v":4,"id":"c0","ts":"2026-01-01T00:00:00Z","channel_values":{"x":1},"channel_versions":{"x":1},"versions_seen":{}}';
  cp.run('t', '', 'c0', null, 'json', good, '{"source":"input","step":-1,"parents":{}}');
  CASES.forEach(([, type, bytes], i) => {
    cp.run('t', '', `c${i + 1}`, 'c0', type, bytes, `{"source":"loop","step":${i},"parents":{}}`);
    write.run('t', '', 'c0', 'task', i, 'x', type, bytes);
  });
  db.close();
  return new Uint8Array(readFileSync(join(dir, 'x.sqlite')));
}

describe('an undecodable checkpoint blob', () => {
  const file = hostileDatabase();
  const before = file.slice();

  it.each(CASES.map((c, i) => [c[0], i, c[1], c[3]] as const))('%s: shown as opaque with the reason, as the same bytes are as a pending write', async (_name, i, type, reason) => {
    const source = await open([bytesSource('hostile.sqlite', file)]);
    const c = (await source.getCheckpoint('t', '', `c${i + 1}`))!;
    const values = c.tuple.checkpoint.channel_values;
    expect(Object.keys(values).filter((k) => !k.startsWith('__'))).toEqual(['undecodable checkpoint']);
    const shown = values['undecodable checkpoint'] as { $type: string; type: string; reason: string };
    expect(shown).toMatchObject({ $type: 'opaque', type });
    expect(shown.reason).toMatch(/^this checkpoint could not be decoded: /);
    expect(shown.reason).toMatch(reason);
    expect(c.issues).toContain(shown.reason);
    // The same bytes as a pending write: the same opaque value, the same reason.
    const parent = (await source.getCheckpoint('t', '', 'c0'))!;
    const asWrite = parent.writes.find((w) => w.idx === i)!.value as { $type?: string; reason?: string };
    // An object without a checkpoint's fields is a fine write value; every other case is opaque as a write too.
    if (type === 'json' && i === 1) expect(asWrite.$type).toBeUndefined();
    else expect(shown.reason).toBe(`this checkpoint could not be decoded: ${asWrite.reason}`);
    // What the inspector's Values tab gets (the worker's user channels): the reason, never {}.
    expect(userValues(values)).toEqual({ 'undecodable checkpoint': expect.objectContaining({ reason: shown.reason }) });
    // Through the saver (what the worker reads): the same.
    const tuple = await source.saver().getTuple({ configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: `c${i + 1}` } });
    expect(tuple?.checkpoint.channel_values).toEqual(values);
    source.close();
  });

  it('a good checkpoint is unchanged and the file is never written', async () => {
    const source = await open([bytesSource('hostile.sqlite', file)]);
    const c = (await source.getCheckpoint('t', '', 'c0'))!;
    expect(c.tuple.checkpoint.channel_values).toEqual({ x: 1 });
    expect(c.issues.filter((s) => s.startsWith('this checkpoint'))).toEqual([]);
    source.close();
    expect(file).toEqual(before);
  });
});
