/**
 * Following over the protocol: `rg/files.follow` opens what the server serves (here the files of a
 * database a real LangGraph.js app writes, read by `fs` as the server reads them), each change
 * heard is read again and sent as `rg/files.changed` with the threads that changed, the history
 * of a followed thread is then what SQLite holds, and `rg/files.unfollow` stops it.
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
import type { FilesChangedEvent } from '../../src/protocol/files';
import { fileThreadId } from '../../src/protocol/files';
import type { FollowServer } from '../../src/worker/files/follow-http';
import { connect, STORES } from '../worker/harness';
import { nodeRefs } from './follow-node';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function write(path: string, count: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'writer.ts'), path, String(count), '0'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited with ${code}`)))));
}

function rootIds(path: string, thread: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '' ORDER BY checkpoint_id DESC").all(thread) as { checkpoint_id: string }[]).map((r) => r.checkpoint_id);
  } finally {
    db.close();
  }
}

/** The app's server serving `path`, and its change stream, heard here when the test says the files changed. */
function servedBy(path: string): { server: FollowServer; listeners: Set<() => void> } {
  const listeners = new Set<() => void>();
  const server: FollowServer = {
    files: async () => nodeRefs(followedFiles(path)),
    changes(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return { server, listeners };
}

describe('following a file over the protocol', () => {
  it('opens the served files, sends what changed after each change, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'follow-protocol-'));
    dirs.push(dir);
    const path = join(dir, 'checkpoints.sqlite');
    await write(path, 1);
    const { server, listeners } = servedBy(path);
    const { client } = connect(STORES[0]![1](), {}, undefined, undefined, [], {
      follow: { server, open: (files) => openFollowed(files, { open: (sources) => openCheckpointSource(sources) }) },
    });
    const events: FilesChangedEvent[] = [];
    client.onFilesChanged((e) => events.push(e));

    const opened = await client.request('rg/files.follow', {});
    expect(opened.problem).toBeNull();
    const file = opened.file!;
    expect(file.followed).toBe(true);
    expect(file.threads.map((t) => [t.originalId, t.checkpoints])).toEqual([['main', 3]]);
    const main = fileThreadId(file.fileId, 'main');
    expect((await client.request('rg/history.page', { threadId: main, ns: '', limit: 100 })).page.items).toHaveLength(3);

    // The app runs 11 more times (the 10th on a thread of its own) and closes its database.
    await write(path, 11);
    for (const hear of listeners) hear();
    await expect.poll(() => events.length).toBe(1);
    const changed = events[0]!;
    expect(changed.fileId).toBe(file.fileId);
    expect(changed.changed.sort()).toEqual([fileThreadId(file.fileId, 'extra-10'), main].sort());
    expect(changed.file.threads.map((t) => [t.originalId, t.checkpoints])).toEqual([['extra-10', 3], ['main', rootIds(path, 'main').length]]);
    const page = await client.request('rg/history.page', { threadId: main, ns: '', limit: 100 });
    expect(page.page.items.map((c) => c.checkpointId)).toEqual(rootIds(path, 'main'));

    // Nothing changed: nothing is sent.
    for (const hear of listeners) hear();
    await new Promise((r) => setTimeout(r, 200));
    expect(events.map((e) => e.changed)).toEqual([changed.changed]);

    await client.request('rg/files.unfollow', { fileId: file.fileId });
    expect(listeners.size).toBe(0);
    expect((await client.request('rg/files.list', {})).files[0]!.followed).toBe(false);
  }, 60_000);

  it('a read that fails while the app writes is tried again, so its last change is not lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'follow-retry-'));
    dirs.push(dir);
    const path = join(dir, 'checkpoints.sqlite');
    await write(path, 1);
    const { server, listeners } = servedBy(path);
    // The next snapshot cannot be read (as when the files are caught mid-write), the one after can.
    let failNext = false;
    const { client } = connect(STORES[0]![1](), {}, undefined, undefined, [], {
      follow: {
        server,
        open: (files) => openFollowed(files, {
          open: (sources) => {
            if (failNext) {
              failNext = false;
              throw new Error('the database is being written');
            }
            return openCheckpointSource(sources);
          },
        }),
      },
    });
    const events: FilesChangedEvent[] = [];
    client.onFilesChanged((e) => events.push(e));
    const file = (await client.request('rg/files.follow', {})).file!;

    // The app's last write: one change heard, and its read fails once. No other change comes.
    await write(path, 2);
    failNext = true;
    for (const hear of listeners) hear();
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(1);
    expect(failNext).toBe(false);
    const main = fileThreadId(file.fileId, 'main');
    const page = await client.request('rg/history.page', { threadId: main, ns: '', limit: 100 });
    expect(page.page.items.map((c) => c.checkpointId)).toEqual(rootIds(path, 'main'));
    await client.request('rg/files.unfollow', { fileId: file.fileId });
  }, 60_000);
});
