/**
 * A `-wal` file of another database. Nothing in a WAL names its database (SQLite merges whatever
 * `-wal` sits beside the file), so one is refused when it cannot be a later state of the chosen
 * file (`src/formats/sqlite/wal.ts`): a transaction before the WAL first rewrites page 1 must leave
 * the page count of the file's header, and every page a commit counts must be in the file or in
 * the WAL. The databases are real: written by LangGraph.js's `SqliteSaver` on better-sqlite3,
 * copied while the apps still had them open, as a person copying an app's files would.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRun } from '../../scripts/fixtures/js-graphs';
import { bytesSource } from '../../src/formats/index';
import { continuityProblem } from '../../src/formats/sqlite/wal';
import { allIds, fixtureBytes, open } from './fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Copied {
  main: Uint8Array;
  wal: Uint8Array;
}

/**
 * An app's database: `before` threads written and checkpointed into the main file, then `after`
 * threads written to the WAL only; both files copied while the database is still open.
 */
async function appDatabase(prefix: string, before: number, after: number, backfill = false): Promise<Copied> {
  const dir = mkdtempSync(join(tmpdir(), 'rg-foreign-wal-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'app.sqlite'));
  const saver = new SqliteSaver(db);
  for (let i = 0; i < before; i++) await appendRun(saver, `${prefix}-${i}`, 'first');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
  for (let i = 0; i < after; i++) await appendRun(saver, `${prefix}-${i % Math.max(1, before)}`, `more-${i}`);
  // A checkpoint that copies the WAL into the file but leaves the WAL in place (until the next write).
  if (backfill) db.pragma('wal_checkpoint(PASSIVE)');
  copyFileSync(join(dir, 'app.sqlite'), join(dir, 'copy.sqlite'));
  copyFileSync(join(dir, 'app.sqlite-wal'), join(dir, 'copy.sqlite-wal'));
  db.close();
  return { main: new Uint8Array(readFileSync(join(dir, 'copy.sqlite'))), wal: new Uint8Array(readFileSync(join(dir, 'copy.sqlite-wal'))) };
}

/** What we read from a database and a WAL: the ids, and the WAL report. */
async function ours(main: Uint8Array, wal: Uint8Array) {
  const mainCopy = main.slice();
  const walCopy = wal.slice();
  const source = await open([bytesSource('app.sqlite', main), bytesSource('app.sqlite-wal', wal)]);
  const threads = (await source.listThreads()).map((t) => t.threadId).sort();
  const ids = await allIds(source);
  const report = source.info.wal;
  const notes = source.info.notes;
  source.close();
  // Nothing was written to either file.
  expect(main).toEqual(mainCopy);
  expect(wal).toEqual(walCopy);
  return { threads, ids, report, notes };
}

async function withoutWal(main: Uint8Array): Promise<string[]> {
  const source = await open([bytesSource('app.sqlite', main)]);
  const ids = await allIds(source);
  source.close();
  return ids;
}

/** What real SQLite reads from the pair, as `thread/ns/id`, sorted. */
function sqliteReads(main: Uint8Array, wal: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'rg-foreign-wal-read-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'db.sqlite'), main);
  writeFileSync(join(dir, 'db.sqlite-wal'), wal);
  const db = new Database(join(dir, 'db.sqlite'));
  const rows = db.prepare('SELECT thread_id, checkpoint_ns, checkpoint_id FROM checkpoints').all() as { thread_id: string; checkpoint_ns: string; checkpoint_id: string }[];
  db.close();
  return rows.map((r) => `${r.thread_id}/${r.checkpoint_ns}/${r.checkpoint_id}`).sort();
}

let big: Copied;
let small: Copied;
beforeAll(async () => {
  big = await appDatabase('nine', 9, 3);
  small = await appDatabase('two', 2, 2);
});

describe('a -wal of another database', () => {
  it("each app's own WAL is merged: its newest checkpoints are read", async () => {
    const a = await ours(big.main, big.wal);
    expect(a.report).toMatchObject({ merged: true });
    expect(a.threads).toHaveLength(9);
    expect(a.ids.length).toBeGreaterThan((await withoutWal(big.main)).length);
    expect(a.ids).toEqual(sqliteReads(big.main, big.wal));
    const b = await ours(small.main, small.wal);
    expect(b.report).toMatchObject({ merged: true });
    expect(b.threads).toEqual(['two-0', 'two-1']);
  });

  it('a WAL already copied into its file (a checkpoint without a reset) is still its own, and reads as real SQLite reads it', async () => {
    const done = await appDatabase('done', 3, 4, true);
    const r = await ours(done.main, done.wal);
    expect(r.report).toMatchObject({ merged: true });
    expect(r.ids).toEqual(sqliteReads(done.main, done.wal));
    expect(r.ids).toEqual(await withoutWal(done.main));
  });

  it("the nine-thread database with the two-thread app's WAL: refused, and the database is read as it is", async () => {
    const r = await ours(big.main, small.wal);
    expect(r.report).toMatchObject({ merged: false, reason: expect.stringMatching(/^this -wal belongs to another database: /) });
    expect(r.notes.join(' ')).toContain('this -wal belongs to another database');
    expect(r.threads).toHaveLength(9);
    expect(r.ids).toEqual(await withoutWal(big.main));
  });

  it("the two-thread database with the nine-thread app's WAL: refused too", async () => {
    const r = await ours(small.main, big.wal);
    expect(r.report).toMatchObject({ merged: false, reason: expect.stringMatching(/^this -wal belongs to another database: /) });
    expect(r.threads).toEqual(['two-0', 'two-1']);
    expect(r.ids).toEqual(await withoutWal(small.main));
  });

  it('the committed fixtures: runs.sqlite (7 threads) with wal.sqlite-wal is refused, not read as 2 threads', async () => {
    const r = await ours(fixtureBytes('js/runs.sqlite'), fixtureBytes('js/wal.sqlite-wal'));
    expect(r.report?.merged).toBe(false);
    expect(r.report?.reason).toMatch(/^this -wal belongs to another database: its first transaction leaves \d+ pages without rewriting page 1, where this database's header counts 18$/);
    expect(r.threads).toHaveLength(7);
  });
});

describe('the continuity rules on their own', () => {
  /** A page 1 whose header counts `pages` (valid: change counter = version-valid-for). */
  const page1 = (pages: number) => {
    const b = new Uint8Array(512);
    const v = new DataView(b.buffer);
    v.setUint32(24, 3);
    v.setUint32(92, 3);
    v.setUint32(28, pages);
    return b;
  };

  it('a commit counting a page that neither the file nor the WAL holds is refused; one that wrote it is not', () => {
    const main = { pages: 5, page1: page1(5) };
    expect(continuityProblem(main, [{ dbPages: 8, page1Written: true, missingPage: 6 }], false)).toBe(
      'this -wal belongs to another database: it counts 8 pages, but page 6 is neither in the database file (5 pages) nor in the WAL',
    );
    expect(continuityProblem(main, [{ dbPages: 5, page1Written: false }, { dbPages: 8, page1Written: true }], false)).toBeUndefined();
  });

  it('a size change before page 1 is rewritten is refused unless the file was checkpointed from the WAL', () => {
    const main = { pages: 5, page1: page1(5) };
    const commits = [{ dbPages: 4, page1Written: false }];
    expect(continuityProblem(main, commits, false)).toMatch(/leaves 4 pages without rewriting page 1, where this database's header counts 5/);
    expect(continuityProblem(main, commits, true)).toBeUndefined();
  });
});
