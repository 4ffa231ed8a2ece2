/**
 * Bad files get a clear refusal (an ErrorData with a code from the shared catalogue) and change
 * nothing; a huge file is never read into memory. Sizes and bytes read are counted through the
 * ByteSource, so "not read" is measured, not assumed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource, countingSource, FormatError, openCheckpointSource, type ByteSource } from '../../src/formats/index';
import { ERROR_CODES } from '../../src/shared/errors';
import { fixtureBytes, open, refusal } from './fixtures';

const RUNS = fixtureBytes('js/runs.sqlite');
const PAGE = new DataView(RUNS.buffer, RUNS.byteOffset).getUint16(16);
const GB2 = 2 * 1024 ** 3;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A database made with real SQLite by `setup`. */
function sqliteFile(setup: (db: Database) => void): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'rg-bad-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'x.sqlite'));
  setup(db);
  db.close();
  return new Uint8Array(readFileSync(join(dir, 'x.sqlite')));
}

/** A `size`-byte file that is `head` followed by zeros, without holding the zeros. */
function sparse(name: string, head: Uint8Array, size: number): ByteSource {
  return {
    name,
    size,
    read(offset, length) {
      const end = Math.min(offset + length, size);
      const out = new Uint8Array(Math.max(0, end - offset));
      if (offset < head.length) out.set(head.subarray(offset, Math.min(end, head.length)));
      return out;
    },
  };
}

describe('files that are not checkpoint stores', () => {
  it('a text file, an empty file and random bytes are not recognised', async () => {
    expect(await refusal([bytesSource('notes.txt', new TextEncoder().encode('hello, world'))])).toMatchObject({ code: 'FORMAT_UNRECOGNIZED' });
    expect(await refusal([bytesSource('empty.sqlite', new Uint8Array(0))])).toEqual({ code: 'FORMAT_UNRECOGNIZED', message: ERROR_CODES.FORMAT_UNRECOGNIZED('empty.sqlite', 'the file is empty') });
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) & 255);
    expect((await refusal([bytesSource('x.bin', random)])).code).toBe('FORMAT_UNRECOGNIZED');
  });

  it('an encrypted (SQLCipher-like) database says so', async () => {
    const scrambled = RUNS.map((b, i) => b ^ ((i * 31) & 255));
    expect((await refusal([bytesSource('secret.db', scrambled)])).message).toMatch(/not a SQLite database, a JSON store or a CSV dump \(an encrypted database, such as SQLCipher makes/);
  });

  it('a truncated database is refused, whether cut in the header or between pages', async () => {
    expect(await refusal([bytesSource('a.sqlite', RUNS.slice(0, 50))])).toMatchObject({ code: 'FORMAT_TRUNCATED', message: expect.stringMatching(/less than a SQLite header/) });
    expect(await refusal([bytesSource('b.sqlite', RUNS.slice(0, PAGE * 3 + 17))])).toMatchObject({ code: 'FORMAT_TRUNCATED', message: expect.stringMatching(/not a whole number/) });
    expect(await refusal([bytesSource('c.sqlite', RUNS.slice(0, PAGE * 3))])).toMatchObject({ code: 'FORMAT_TRUNCATED', message: expect.stringMatching(/header counts \d+ pages but the file holds 3/) });
  });

  it('a SQLite database of another app has the wrong schema, with its tables named', async () => {
    const other = sqliteFile((db) => db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE orders (id INTEGER)'));
    expect(await refusal([bytesSource('app.db', other)])).toMatchObject({ code: 'FORMAT_SCHEMA', message: expect.stringMatching(/no "checkpoints" table \(tables: (users, orders|orders, users)\)/) });
    const partial = sqliteFile((db) => db.exec('CREATE TABLE checkpoints (thread_id TEXT, checkpoint_ns TEXT, checkpoint_id TEXT)'));
    expect((await refusal([bytesSource('partial.db', partial)])).message).toMatch(/lacks the column\(s\) parent_checkpoint_id, type, checkpoint, metadata/);
  });

  it('a database without a writes table opens, saying it has no pending writes', async () => {
    const only = sqliteFile((db) => {
      db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id))`);
      db.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)').run('t', '', 'c1', null, 'json', JSON.stringify({ v: 4, id: 'c1', ts: '', channel_values: { a: 1 }, channel_versions: { a: 1 }, versions_seen: {} }), '{"source":"input","step":-1,"parents":{}}');
    });
    const source = await open([bytesSource('only.db', only)]);
    expect(source.info.notes).toContain('The database has no "writes" table: checkpoints are shown without pending writes.');
    expect((await source.getCheckpoint('t', ''))?.tuple).toMatchObject({ checkpoint: { channel_values: { a: 1 } }, pendingWrites: [] });
    source.close();
  });

  it('damaged pages give FORMAT_CORRUPT errors as data, never another exception', async () => {
    const damaged = RUNS.slice();
    damaged.fill(0xff, PAGE * 2, PAGE * 6);
    const result = await openCheckpointSource([bytesSource('damaged.sqlite', damaged)]);
    const codes = new Set<string>();
    if (!result.ok) codes.add(result.error.code);
    else {
      for (const read of [() => result.source.listThreads(), () => result.source.listCheckpoints('chat', '', { limit: 100 }), () => result.source.getCheckpoint('chat', '')]) {
        await read().then(
          () => codes.add('ok'),
          (err: unknown) => {
            expect(err).toBeInstanceOf(FormatError);
            codes.add((err as FormatError).code);
          },
        );
      }
      result.source.close();
    }
    expect(codes.has('FORMAT_CORRUPT')).toBe(true);
  });

  it('a file that can no longer be read (changed on disk) is reported as such', async () => {
    let reads = 0;
    const flaky: ByteSource = {
      name: 'moved.sqlite',
      size: RUNS.length,
      read(offset, length) {
        if (++reads > 6) throw new Error('NotReadableError: the file changed');
        return RUNS.subarray(offset, offset + length);
      },
    };
    const source = await open([flaky]);
    await expect(source.getCheckpoint('chat', '')).rejects.toMatchObject({ code: 'FORMAT_CORRUPT', message: expect.stringMatching(/reading the file failed \(NotReadableError: the file changed\)/) });
    source.close();
  });

  it('a WAL file alone, two databases, or two JSON stores are refused with what to do', async () => {
    expect((await refusal([fixtureBytes('js/wal.sqlite-wal')].map((b) => bytesSource('x-wal', b)))).message).toMatch(/choose it together with its database/);
    expect((await refusal([bytesSource('a.sqlite', RUNS), bytesSource('b.sqlite', RUNS)])).message).toMatch(/one SQLite database at a time/);
    expect(await refusal([])).toMatchObject({ code: 'FORMAT_UNRECOGNIZED' });
  });
});

describe('a 2 GB file is never read into memory', () => {
  it('a 2 GB SQLite file (a real database at its start) opens, reading a few pages', async () => {
    const { source, stats } = countingSource(sparse('big.sqlite', RUNS, GB2));
    // The in-header page count is valid, so SQLite reads the database's own pages only.
    const opened = await open([source]);
    expect((await opened.listThreads()).map((t) => t.threadId)).toContain('chat');
    expect((await opened.getCheckpoint('chat', ''))?.tuple.checkpoint.channel_values.messages).toHaveLength(5);
    expect(stats.bytes).toBeLessThan(RUNS.length + 4096);
    opened.close();
  });

  it('2 GB of junk is refused after its first bytes', async () => {
    const junk = new Uint8Array(512).fill(0x41);
    const { source, stats } = countingSource(sparse('junk.bin', junk, GB2));
    expect((await refusal([source])).code).toBe('FORMAT_UNRECOGNIZED');
    expect(stats.bytes).toBeLessThanOrEqual(64);
  });

  it('a 2 GB JSON store is refused as too large without being read', async () => {
    const { source, stats } = countingSource(sparse('store.json', new TextEncoder().encode('{"json":'), GB2));
    expect(await refusal([source])).toMatchObject({ code: 'FORMAT_TOO_LARGE', message: expect.stringMatching(/read whole, up to 536870912 bytes \(a SQLite file has no such limit\)/) });
    expect(stats.bytes).toBeLessThanOrEqual(64);
  });
});

describe('read-only', () => {
  it('the saver refuses put, putWrites and deleteThread with READ_ONLY, and the bytes stay as they were', async () => {
    const bytes = RUNS.slice();
    const source = await open([bytesSource('runs.sqlite', bytes)]);
    const saver = source.saver();
    const config = { configurable: { thread_id: 'chat', checkpoint_ns: '', checkpoint_id: 'x' } };
    const checkpoint = { v: 4, id: 'y', ts: '', channel_values: {}, channel_versions: {}, versions_seen: {} };
    for (const attempt of [saver.put(config, checkpoint, { source: 'loop', step: 0, parents: {} }, {}), saver.putWrites(config, [['a', 1]], 't'), saver.deleteThread('chat')]) {
      await expect(attempt).rejects.toMatchObject({ code: 'READ_ONLY', data: { code: 'READ_ONLY', name: 'FormatError', message: expect.stringMatching(/"runs.sqlite" \((put|putWrites|deleteThread)\) is read-only/) } });
    }
    for await (const _ of saver.list({ configurable: {} })) {
      // reads every checkpoint of every thread
    }
    source.close();
    expect(bytes).toEqual(RUNS);
  });
});

describe('hostile keys in a real file', () => {
  it('a __proto__ key in a stored value stays an own key of every copy a reader gets', async () => {
    const db = sqliteFile((d) => {
      d.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id))`);
      const checkpoint = '{"v":4,"id":"c1","ts":"","channel_values":{"state":{"__proto__":{"polluted":true},"ok":1}},"channel_versions":{"state":1},"versions_seen":{}}';
      d.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)').run('t', '', 'c1', null, 'json', checkpoint, '{"source":"input","step":-1,"parents":{},"__proto__":{"polluted":true}}');
    });
    const source = await open([bytesSource('hostile.db', db)]);
    for (let i = 0; i < 2; i++) {
      const c = (await source.getCheckpoint('t', ''))!;
      const state = c.tuple.checkpoint.channel_values.state as Record<string, unknown>;
      expect(Object.hasOwn(state, '__proto__')).toBe(true);
      expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
      expect(state.polluted).toBeUndefined();
      expect((c.tuple.metadata as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    source.close();
  });
});
