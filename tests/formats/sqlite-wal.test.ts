/**
 * WAL merge. `js/wal.sqlite` + `wal.sqlite-wal` were copied while the app still had the
 * database open (scripts/fixtures/make-js-sqlite.ts): the main file holds the first run, the WAL
 * the newest ones. The reference for every case is real SQLite (better-sqlite3) recovering the
 * same files in a temporary directory, including WAL files damaged in the ways a copy of a live
 * database can be (a torn last frame, a transaction without its commit frame, a bad checksum).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../src/formats/index';
import { allIds, fixtureBytes, open } from './fixtures';

const MAIN = fixtureBytes('js/wal.sqlite');
const WAL = fixtureBytes('js/wal.sqlite-wal');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** What real SQLite reads from these files: every checkpoint as thread/ns/id, sorted. */
function sqliteReads(main: Uint8Array, wal?: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'rg-wal-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'db.sqlite'), main);
  if (wal) writeFileSync(join(dir, 'db.sqlite-wal'), wal);
  const db = new Database(join(dir, 'db.sqlite'));
  const rows = db.prepare('SELECT thread_id, checkpoint_ns, checkpoint_id FROM checkpoints').all() as { thread_id: string; checkpoint_ns: string; checkpoint_id: string }[];
  db.close();
  return rows.map((r) => `${r.thread_id}/${r.checkpoint_ns}/${r.checkpoint_id}`).sort();
}

async function ourReads(main: Uint8Array, wal?: Uint8Array): Promise<string[]> {
  const source = await open([bytesSource('db.sqlite', main), ...(wal ? [bytesSource('db.sqlite-wal', wal)] : [])]);
  try {
    return await allIds(source);
  } finally {
    source.close();
  }
}

const pageSize = new DataView(WAL.buffer, WAL.byteOffset).getUint32(8);
const frameSize = 24 + pageSize;
const frameCount = Math.floor((WAL.length - 32) / frameSize);
/** Frame i's header offset. */
const frameAt = (i: number) => 32 + i * frameSize;
const isCommit = (wal: Uint8Array, i: number) => new DataView(wal.buffer, wal.byteOffset).getUint32(frameAt(i) + 4) !== 0;

describe('WAL merge', () => {
  it('without the WAL the newest checkpoints are missing; with it they are all there', async () => {
    const withoutWal = await ourReads(MAIN);
    const withWal = await ourReads(MAIN, WAL);
    expect(withoutWal.filter((id) => id.startsWith('wal-thread/'))).toHaveLength(3);
    expect(withoutWal.some((id) => id.startsWith('wal-only-thread/'))).toBe(false);
    // The app saw 9 + 3 checkpoints (make-js-sqlite.ts prints them); so does real SQLite.
    expect(withWal.filter((id) => id.startsWith('wal-thread/'))).toHaveLength(9);
    expect(withWal.filter((id) => id.startsWith('wal-only-thread/'))).toHaveLength(3);
    expect(withWal).toEqual(sqliteReads(MAIN, WAL));
    expect(withoutWal).toEqual(sqliteReads(MAIN));
  });

  it('reports what it merged, and the newest checkpoint decodes from WAL pages', async () => {
    const source = await open([bytesSource('wal.sqlite', MAIN), bytesSource('wal.sqlite-wal', WAL)]);
    expect(source.info.wal).toMatchObject({ name: 'wal.sqlite-wal', merged: true, totalFrames: frameCount, validFrames: frameCount, committedFrames: frameCount });
    const latest = await source.getCheckpoint('wal-thread', '');
    expect(latest?.tuple.checkpoint.channel_values.words).toEqual(['first', 'second', 'third']);
    expect((await source.getCheckpoint('wal-only-thread', ''))?.tuple.checkpoint.channel_values.words).toEqual(['hello']);
    source.close();
  });

  it('a torn last frame (the copy caught a write half-way) is dropped, as SQLite drops it', async () => {
    const torn = WAL.slice(0, frameAt(frameCount - 1) + 24 + 100);
    expect(await ourReads(MAIN, torn)).toEqual(sqliteReads(MAIN, torn));
  });

  it('a transaction whose commit frame is missing is not committed', async () => {
    // Cut just before the last commit frame: the frames before it that follow the previous commit are an open transaction.
    let lastCommit = frameCount - 1;
    while (!isCommit(WAL, lastCommit)) lastCommit--;
    let previousCommit = lastCommit - 1;
    while (previousCommit >= 0 && !isCommit(WAL, previousCommit)) previousCommit--;
    expect(lastCommit - previousCommit).toBeGreaterThan(1);
    const open = WAL.slice(0, frameAt(lastCommit));
    const ours = await ourReads(MAIN, open);
    expect(ours).toEqual(sqliteReads(MAIN, open));
    expect(ours.length).toBeLessThan((await ourReads(MAIN, WAL)).length);
  });

  it('a bad checksum ends the log at that frame', async () => {
    const damaged = WAL.slice();
    damaged[frameAt(Math.floor(frameCount / 2)) + 24 + 10] ^= 0xff;
    expect(await ourReads(MAIN, damaged)).toEqual(sqliteReads(MAIN, damaged));
  });

  it('a WAL with a bad header, another page size or no frames is not merged, and says why', async () => {
    const badHeader = WAL.slice();
    badHeader[17] ^= 0xff; // salt-1: the header checksum no longer matches
    let source = await open([bytesSource('db.sqlite', MAIN), bytesSource('db.sqlite-wal', badHeader)]);
    expect(source.info.wal).toMatchObject({ merged: false, reason: 'its header checksum is wrong' });
    expect(source.info.notes.join(' ')).toMatch(/was not merged: its header checksum is wrong/);
    expect(await allIds(source)).toEqual(sqliteReads(MAIN, badHeader));
    source.close();

    const otherPageSize = WAL.slice();
    new DataView(otherPageSize.buffer).setUint32(8, pageSize * 2);
    source = await open([bytesSource('db.sqlite', MAIN), bytesSource('db.sqlite-wal', otherPageSize)]);
    expect(source.info.wal?.reason).toMatch(/page size .* belongs to another database/);
    source.close();

    source = await open([bytesSource('db.sqlite', MAIN), bytesSource('db.sqlite-wal', WAL.slice(0, 32))]);
    expect(source.info.wal).toMatchObject({ merged: false, reason: 'the WAL holds no committed transaction', totalFrames: 0 });
    expect(await allIds(source)).toEqual(await ourReads(MAIN));
    source.close();
  });

  it('the WAL is recognised by its content, whatever its name, and the chosen bytes are never changed', async () => {
    const main = MAIN.slice();
    const wal = WAL.slice();
    const source = await open([bytesSource('copy-of-wal.bin', wal), bytesSource('app.db', main)]);
    expect(source.info.name).toBe('app.db');
    expect(source.info.wal?.merged).toBe(true);
    await allIds(source);
    source.close();
    expect(main).toEqual(MAIN);
    expect(wal).toEqual(WAL);
  });
});
