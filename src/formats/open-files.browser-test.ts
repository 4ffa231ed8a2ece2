/**
 * The worker path in real Chromium: `File`s posted to a dedicated worker, read lazily with
 * `FileReaderSync` through the read-only SQLite VFS (SQLite WASM), WAL merged, and a large file
 * read only where SQLite looks.
 */
import { describe, expect, it } from 'vitest';
import runsUrl from '../../tests/fixtures/checkpoints/js/runs.sqlite?url';
import pyRunsUrl from '../../tests/fixtures/checkpoints/python/runs.sqlite?url';
import walDbUrl from '../../tests/fixtures/checkpoints/js/wal.sqlite?url';
import walUrl from '../../tests/fixtures/checkpoints/js/wal.sqlite-wal?url';
import devUrl from '../../tests/fixtures/checkpoints/langgraph-dev/.langgraphjs_api.checkpointer.json?url';

async function file(url: string, name: string): Promise<File> {
  return new File([await (await fetch(url)).arrayBuffer()], name);
}

interface Reply {
  ok: boolean;
  error?: { code: string; message: string };
  info?: { format: string; wal?: { merged: boolean } };
  threads?: { threadId: string; checkpointCount: number }[];
  namespaces?: { checkpointNs: string }[];
  history?: { source: string; step: number; writes: number }[];
  latest?: { checkpoint: { channel_values: Record<string, unknown> } };
  bytesRead: number;
  fileSize?: number;
}

function inWorker(files: File[], thread?: string): Promise<Reply> {
  const worker = new Worker(new URL('./__tests__/open-in-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Reply>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<Reply>) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ files, thread });
  }).finally(() => worker.terminate());
}

describe('opening checkpoint files in a worker (Chromium)', () => {
  it('reads a JS SQLite file: threads, namespaces, a history page and decoded messages', async () => {
    const reply = await inWorker([await file(runsUrl, 'runs.sqlite')], 'chat');
    expect(reply.ok).toBe(true);
    expect(reply.info?.format).toBe('sqlite');
    expect(reply.threads?.map((t) => t.threadId).sort()).toEqual(['chat', 'delta', 'error-resume', 'map-reduce', 'parallel-interrupts', 'parallel-interrupts-resumed', 'subgraph']);
    expect(reply.history?.map((c) => `${c.source}:${c.step}`)).toEqual(['loop:3', 'loop:2', 'loop:1', 'loop:0', 'input:-1']);
    const messages = reply.latest?.checkpoint.channel_values.messages as { $type: string; type: string }[];
    expect(messages.map((m) => `${m.$type}:${m.type}`)).toEqual(['message:system', 'message:human', 'message:ai', 'message:tool', 'message:ai']);
  });

  it('reads a Python msgpack file and a dev server store', async () => {
    const py = await inWorker([await file(pyRunsUrl, 'checkpoints.sqlite')], 'py-values');
    expect(py.latest?.checkpoint.channel_values.uuid).toEqual({ $type: 'uuid', value: '12345678-1234-5678-1234-567812345678' });
    const dev = await inWorker([await file(devUrl, '.langgraphjs_api.checkpointer.json')]);
    expect(dev.info?.format).toBe('langgraph-dev');
    expect(dev.threads).toHaveLength(4);
  });

  it('merges the WAL: without it the newest checkpoints are missing', async () => {
    const alone = await inWorker([await file(walDbUrl, 'wal.sqlite')]);
    expect(alone.threads).toEqual([expect.objectContaining({ threadId: 'wal-thread', checkpointCount: 3 })]);
    const merged = await inWorker([await file(walDbUrl, 'wal.sqlite'), await file(walUrl, 'wal.sqlite-wal')], 'wal-thread');
    expect(merged.info?.wal?.merged).toBe(true);
    expect(merged.threads?.map((t) => [t.threadId, t.checkpointCount]).sort()).toEqual([['wal-only-thread', 3], ['wal-thread', 9]]);
    expect(merged.latest?.checkpoint.channel_values.words).toEqual(['first', 'second', 'third']);
  });

  it('reads a 64 MiB file lazily: only the pages SQLite needs', async () => {
    const db = await (await fetch(runsUrl)).arrayBuffer();
    const big = new File([db, new Uint8Array(64 * 1024 * 1024)], 'big.sqlite');
    const reply = await inWorker([big], 'chat');
    expect(reply.ok).toBe(true);
    expect(reply.fileSize).toBeGreaterThan(64 * 1024 * 1024);
    expect(reply.bytesRead).toBeLessThanOrEqual(db.byteLength);
  });

  it('refuses a file that is not a checkpoint store, as data', async () => {
    const reply = await inWorker([new File(['just some text, not a database'], 'notes.txt')]);
    expect(reply).toMatchObject({ ok: false, error: { code: 'FORMAT_UNRECOGNIZED' } });
  });
});
