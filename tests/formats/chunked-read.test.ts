/**
 * Large checkpoints of a SQLite file are read from its pages in chunks (`sqlite/column-reader.ts`),
 * with a turn of the message loop between chunks, so the worker reading a 10 MB checkpoint keeps
 * answering. The bytes are compared with SQLite's own `SELECT` of the same value, over databases
 * written by SQLite (better-sqlite3) with small and large pages, trees of several levels, deleted
 * rows, values on the edge of spilling to overflow pages, and a WAL merged over the file.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../src/formats/index';
import { openSqliteDatabase } from '../../src/formats/sqlite/database';
import { loadSqlite } from '../../src/formats/sqlite/wasm';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rg-chunked-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes that differ at every position (a value read at a wrong offset does not compare equal). */
const pattern = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return b;
};

function write(path: string, pageSize: number, sizes: number[], keepWal = false): Database {
  const db = new Database(path);
  db.pragma(`page_size = ${pageSize}`);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL,
    parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id))`);
  const put = db.prepare('INSERT INTO checkpoints VALUES (?, \'\', ?, NULL, \'json\', ?, ?)');
  db.transaction(() => {
    // Small rows around the large ones, so the table's tree has interior pages.
    for (let i = 0; i < 3000; i++) put.run(`pad-${i}`, `c${i}`, pattern(40 + (i % 50), i), Buffer.from('{}'));
    for (const [i, n] of sizes.entries()) put.run(`big-${i}`, `c${i}`, pattern(n, i), Buffer.from(`{"i":${i}}`));
  })();
  db.exec(`DELETE FROM checkpoints WHERE thread_id LIKE 'pad-1%'`);
  if (!keepWal) {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  return db;
}

async function readBoth(path: string, wal?: string) {
  const sqlite3 = await loadSqlite();
  const db = openSqliteDatabase(sqlite3, bytesSource('db', new Uint8Array(readFileSync(path))), wal ? bytesSource('db-wal', new Uint8Array(readFileSync(wal))) : undefined);
  const root = Number(db.all(`SELECT rootpage FROM sqlite_schema WHERE name = 'checkpoints'`)[0]!.rootpage);
  const rows = db.all(`SELECT rowid AS rid, length(checkpoint) AS n, checkpoint FROM checkpoints WHERE thread_id LIKE 'big-%' ORDER BY thread_id`);
  const out: { sql: Uint8Array; chunked: Uint8Array | undefined }[] = [];
  for (const r of rows) {
    const chunked = await db.readColumn({ rootPage: root, rowid: Number(r.rid), column: 5, kind: 'blob', bytes: Number(r.n) }, 4096);
    out.push({ sql: r.checkpoint as Uint8Array, chunked });
  }
  db.close();
  return out;
}

describe('a checkpoint read from the pages in chunks', () => {
  for (const pageSize of [512, 4096, 65536]) {
    it(`is the value SQLite reads (page size ${pageSize})`, async () => {
      const usable = pageSize;
      // Record overhead aside, these straddle the leaf's local limit (U − 35) and the overflow pages' U − 4.
      const sizes = [0, 1, usable - 100, usable - 60, usable - 35, usable, 3 * usable + 7, 300_000, 2_000_000];
      const path = join(dir, `p${pageSize}.sqlite`);
      write(path, pageSize, sizes);
      const got = await readBoth(path);
      expect(got).toHaveLength(sizes.length);
      for (const { sql, chunked } of got) {
        expect(chunked).toBeDefined();
        expect(Buffer.from(chunked!).equals(Buffer.from(sql))).toBe(true);
      }
    });
  }

  it('reads the pages a WAL holds over the file', async () => {
    const path = join(dir, 'wal.sqlite');
    const db = write(path, 4096, [500_000], true);
    // Rewritten after the last checkpoint: the new value lives only in the WAL.
    db.prepare(`UPDATE checkpoints SET checkpoint = ? WHERE thread_id = 'big-0'`).run(pattern(700_000, 99));
    const [copy, wal] = [join(dir, 'wal-copy.sqlite'), join(dir, 'wal-copy.sqlite-wal')];
    copyFileSync(path, copy);
    copyFileSync(`${path}-wal`, wal);
    db.close();
    const [{ sql, chunked }] = await readBoth(copy, wal) as [{ sql: Uint8Array; chunked: Uint8Array | undefined }];
    expect(sql.length).toBe(700_000);
    expect(Buffer.from(chunked!).equals(Buffer.from(sql))).toBe(true);
  });

  it('gives the message loop a turn between chunks, and refuses a value that is not where SQLite says', async () => {
    const path = join(dir, 'turns.sqlite');
    write(path, 4096, [1_000_000]);
    const sqlite3 = await loadSqlite();
    const db = openSqliteDatabase(sqlite3, bytesSource('db', new Uint8Array(readFileSync(path))));
    const root = Number(db.all(`SELECT rootpage FROM sqlite_schema WHERE name = 'checkpoints'`)[0]!.rootpage);
    const rid = Number(db.all(`SELECT rowid AS rid FROM checkpoints WHERE thread_id = 'big-0'`)[0]!.rid);
    let turns = 0;
    let done = false;
    const reading = db.readColumn({ rootPage: root, rowid: rid, column: 5, kind: 'blob', bytes: 1_000_000 }, 64 * 1024).finally(() => (done = true));
    const ticking = (async () => {
      while (!done) {
        await new Promise<void>((r) => setImmediate(r));
        turns++;
      }
    })();
    const [bytes] = await Promise.all([reading, ticking]);
    expect(bytes).toHaveLength(1_000_000);
    // 1,000,000 bytes in chunks of 64 KiB: 15 turns between them.
    expect(turns).toBeGreaterThanOrEqual(14);
    // Another size, another column or a rowid not there: not read (the caller reads it with SQL).
    expect(await db.readColumn({ rootPage: root, rowid: rid, column: 5, kind: 'blob', bytes: 999_999 }, 64 * 1024)).toBeUndefined();
    expect(await db.readColumn({ rootPage: root, rowid: rid, column: 6, kind: 'blob', bytes: 1_000_000 }, 64 * 1024)).toBeUndefined();
    expect(await db.readColumn({ rootPage: root, rowid: 1e9, column: 5, kind: 'blob', bytes: 1_000_000 }, 64 * 1024)).toBeUndefined();
    db.close();
  });
});
