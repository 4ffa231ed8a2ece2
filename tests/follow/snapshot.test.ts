/**
 * Following a database a real LangGraph.js app is writing: a writer process (SqliteSaver on
 * better-sqlite3, WAL mode, a `wal_checkpoint(TRUNCATE)` half-way) appends checkpoints while
 * this test reads snapshot after snapshot. Every read is consistent (never "damaged"), the
 * history only grows, and once the writer is done it equals what SQLite itself reads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { followedFiles } from '../../scripts/follow/files';
import { openCheckpointSource } from '../../src/formats/index';
import { openFollowed } from '../../src/formats/follow/followed-source';
import { takeSnapshot, SnapshotRaced } from '../../src/formats/follow/snapshot';
import { nodeRefs } from './follow-node';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'follow-'));
  dirs.push(dir);
  return join(dir, 'checkpoints.sqlite');
}

function startWriter(path: string, count: number, truncateAt: number): { done: Promise<void>; written: () => number } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'writer.ts'), path, String(count), String(truncateAt)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let written = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const m of chunk.matchAll(/wrote (\d+)/g)) written = Number(m[1]);
  });
  const done = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited with ${code}`)))));
  return { done, written: () => written };
}

/** The ids SQLite itself holds for a thread, newest first. */
function sqliteIds(path: string, thread: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '' ORDER BY checkpoint_id DESC").all(thread).map((r) => (r as { checkpoint_id: string }).checkpoint_id);
  } finally {
    db.close();
  }
}

describe('a followed SQLite store', () => {
  it('reads consistent snapshots while a LangGraph.js app writes, across a WAL truncation', async () => {
    const path = tempDb();
    // The database exists before it is followed, as an app's does once it ran.
    const seed = startWriter(path, 1, 0);
    await seed.done;
    const files = followedFiles(path);
    let retried = 0;
    const opened = await openFollowed(nodeRefs(files), { open: (sources) => openCheckpointSource(sources), pause: async () => void retried++ });
    if (!opened.ok) throw new Error(opened.error.message);
    const source = opened.source;

    const writer = startWriter(path, 60, 30);
    let finished = false;
    void writer.done.then(() => (finished = true), () => (finished = true));
    let last: string[] = [];
    let snapshots = 0;
    while (!finished) {
      if (await source.refresh()) snapshots++;
      const page = await source.listCheckpoints('main', '', { limit: 1000 });
      const ids = page.map((c) => c.checkpointId);
      // Newest first, no id twice, and everything seen before is still there.
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort().reverse()).toEqual(ids);
      expect(ids.slice(ids.length - last.length)).toEqual(last);
      // The newest checkpoint of the snapshot reads whole.
      if (ids[0]) expect((await source.getCheckpoint('main', '', ids[0]))?.tuple.config.configurable?.checkpoint_id).toBe(ids[0]);
      last = ids;
      // Lets the writer's output and exit be noticed (the reads above are synchronous underneath).
      await new Promise((r) => setTimeout(r, 5));
    }
    await writer.done;
    await source.refresh();
    const final = (await source.listCheckpoints('main', '', { limit: 1000 })).map((c) => c.checkpointId);
    expect(final).toEqual(sqliteIds(path, 'main'));
    expect((await source.listThreads()).map((t) => t.threadId).sort()).toEqual(['extra-10', 'extra-20', 'extra-30', 'extra-40', 'extra-50', 'extra-60', 'main']);
    // It followed the writer: several snapshots in between, not just the first and the last.
    expect(snapshots).toBeGreaterThan(2);
    console.log(`snapshots ${snapshots}, raced reads asked again ${retried}`);
    source.close();
  }, 120_000);

  it('refuses a read of a database that changed since the snapshot was taken', async () => {
    const path = tempDb();
    // Enough runs for a database larger than the first block a snapshot reads.
    await startWriter(path, 40, 40).done;
    const files = followedFiles(path);
    const snapshot = takeSnapshot(nodeRefs(files));
    const db = snapshot.sources[0]!;
    expect(db.read(0, 16)).toHaveLength(16);
    // The app writes and checkpoints: the main file changes under the snapshot.
    await startWriter(path, 3, 3).done;
    expect(() => db.read(db.size - 4096, 4096)).toThrow(SnapshotRaced);
    expect(snapshot.raced).toBe(true);
  }, 60_000);
});
