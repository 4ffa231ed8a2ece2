/**
 * Opening files that would freeze a reader, through the storage worker's registry over real
 * SQLite files made with LangGraph.js's own saver (`tests/formats/hostile-files.ts`), read at
 * offsets from disk with every byte counted: the open and the thread list never read a large
 * checkpoint, a file of very many threads is listed page by page, and the open gives the message
 * loop a turn between chunks of its work.
 */
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCheckpointSource, type ByteSource, type ReadStats } from '../../src/formats/index';
import { hostileThreadId, makeHugeBlobFile, makeManyThreadsFile } from './hostile-files';
import { FIRST_PAGE, OpenedFiles, type FilesOpener } from '../../src/worker/files/registry';
import { INDEX_CHUNK, yieldToLoop } from '../../src/worker/files/thread-index';
import { CHUNKED_READ_BYTES } from '../../src/formats/sqlite/store';

const BLOB = 8 * 1024 * 1024;
const MANY = 20_000;
let dir = '';
let huge = '';
let many = '';
const fds: number[] = [];

/** A file read at offsets, counting every byte (the browser reads `File` slices the same way). */
function diskSource(path: string, stats: ReadStats): ByteSource {
  const fd = openSync(path, 'r');
  fds.push(fd);
  const size = fstatSync(fd).size;
  return {
    name: path.split('/').pop()!,
    size,
    read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = new Uint8Array(n);
      const got = n ? readSync(fd, out, 0, n, offset) : 0;
      stats.reads++;
      stats.bytes += got;
      return out.subarray(0, got);
    },
  };
}

/** Opens `path` whatever the files chosen, as the worker's opener does with a `File`. */
const diskOpener = (path: string): FilesOpener => async () => {
  const stats: ReadStats = { reads: 0, bytes: 0 };
  return { result: await openCheckpointSource([diskSource(path, stats)]), stats };
};
const chosen = (path: string) => [{ name: path.split('/').pop()!, size: 0, slice: () => new Blob([]) }];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rg-hostile-'));
  huge = await makeHugeBlobFile(join(dir, 'huge.sqlite'), 3, BLOB);
  many = await makeManyThreadsFile(join(dir, 'many.sqlite'), MANY);
}, 60_000);

afterAll(() => {
  for (const fd of fds) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

describe('opening files that would freeze the storage worker', () => {
  it('a file of huge checkpoints opens and lists its threads without reading one of them', async () => {
    const files = new OpenedFiles(diskOpener(huge));
    const { file, problem } = await files.open(chosen(huge));
    expect(problem).toBeNull();
    expect(file!.threadCount).toBe(3);
    expect(file!.threads.map((t) => t.originalId)).toEqual([0, 1, 2].map(hostileThreadId));
    expect(file!.threads.every((t) => t.checkpoints === 1 && t.namespaces === 1)).toBe(true);
    // Indexes, record headers and the first bytes of each row: far less than one checkpoint.
    expect(file!.bytesRead).toBeLessThan(BLOB / 8);
    const page = await files.threadPage(file!.fileId, 0, 10);
    expect(page.threads.map((t) => t.originalId)).toEqual([0, 1, 2].map(hostileThreadId));
    expect(files.list()[0]!.bytesRead).toBeLessThan(BLOB / 8);
    // The counter does see a checkpoint when one is read.
    await files.fileOf(file!.threads[0]!.threadId)!.source.getCheckpoint(hostileThreadId(0), '');
    expect(files.list()[0]!.bytesRead).toBeGreaterThan(BLOB);
  });

  it('a huge checkpoint is read in chunks, the message loop getting turns between them', async () => {
    const files = new OpenedFiles(diskOpener(huge));
    const { file } = await files.open(chosen(huge));
    const source = files.fileOf(file!.threads[1]!.threadId)!.source;
    let turns = 0;
    let done = false;
    const reading = source.getCheckpoint(hostileThreadId(1), '').finally(() => (done = true));
    const ticking = (async () => {
      while (!done) {
        await yieldToLoop();
        turns++;
      }
    })();
    const [cp] = await Promise.all([reading, ticking]);
    expect((cp!.tuple.checkpoint.channel_values.payload as string).length).toBe(BLOB);
    // 8 MB in chunks of 256 KiB (CHUNKED_READ_BYTES): 31 turns between them, whatever the clock.
    expect(turns).toBeGreaterThanOrEqual(BLOB / CHUNKED_READ_BYTES - 1);
  });

  it('a file of 20,000 threads is listed page by page with its total, the thread list carries its first page only', async () => {
    const files = new OpenedFiles(diskOpener(many));
    const { file } = await files.open(chosen(many));
    expect(file!.threads).toHaveLength(FIRST_PAGE);
    expect(await files.count(file!.fileId)).toBe(MANY);
    expect(files.list()[0]).toMatchObject({ threadCount: MANY, counted: true });
    // Every 10th thread has the saver's __interrupt__ write at its head.
    expect(file!.threads.slice(0, 3).map((t) => [t.originalId, t.status, t.language])).toEqual([
      [hostileThreadId(0), 'interrupted', 'js'], [hostileThreadId(1), 'idle', 'js'], [hostileThreadId(2), 'idle', 'js'],
    ]);
    const last = await files.threadPage(file!.fileId, MANY - 5, 100);
    expect(last.total).toBe(MANY);
    expect(last.threads.map((t) => t.originalId)).toEqual([5, 4, 3, 2, 1].map((k) => hostileThreadId(MANY - k)));
    // A page across a mark of the index (every 2,000th id) has every id once, in order.
    const across = await files.threadPage(file!.fileId, INDEX_CHUNK - 3, 6);
    expect(across.threads.map((t) => t.originalId)).toEqual([-3, -2, -1, 0, 1, 2].map((k) => hostileThreadId(INDEX_CHUNK + k)));
    expect((await files.threadPage(file!.fileId, MANY, 10)).threads).toEqual([]);
    expect(files.summaries()).toHaveLength(FIRST_PAGE);
    // A thread read in the debugger joins the thread list, so its views know it is a file's.
    const deep = last.threads[0]!.threadId;
    files.touch(deep);
    await yieldToLoop();
    expect(files.summaries().map((s) => s.threadId)).toContain(deep);
  });

  it('opening a file of 20,000 threads reads one chunk of ids and describes one page; the rest is counted after, a turn between chunks', async () => {
    let idsRead = 0;
    let described = 0;
    const opener = diskOpener(many);
    // The source as opened, watched: how many ids and thread descriptions the registry asks for.
    const watching: FilesOpener = async (chosenFiles) => {
      const opened = await opener(chosenFiles);
      if (!opened.result.ok) return opened;
      const source = opened.result.source;
      const listThreadIds = source.listThreadIds.bind(source);
      const describeThread = source.describeThread.bind(source);
      source.listThreadIds = async (after, limit) => {
        const ids = await listThreadIds(after, limit);
        idsRead += ids.length;
        return ids;
      };
      source.describeThread = async (id) => {
        described++;
        return describeThread(id);
      };
      return opened;
    };
    const files = new OpenedFiles(watching);
    const { file } = await files.open(chosen(many));
    expect(file!.counted).toBe(false);
    expect(file!.threadCount).toBeLessThan(MANY);
    expect(idsRead).toBeLessThanOrEqual(INDEX_CHUNK + FIRST_PAGE);
    expect(described).toBe(FIRST_PAGE);

    let turns = 0;
    let done = false;
    const counting = files.count(file!.fileId).finally(() => (done = true));
    const ticking = (async () => {
      while (!done) {
        await yieldToLoop();
        turns++;
      }
    })();
    const [total] = await Promise.all([counting, ticking]);
    expect(total).toBe(MANY);
    // 20,000 ids in chunks of 2,000: a turn after each but the last.
    expect(turns).toBeGreaterThanOrEqual(MANY / INDEX_CHUNK - 2);
    expect(described).toBe(FIRST_PAGE);
  });
});
