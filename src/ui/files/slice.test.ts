import { describe, expect, it } from 'vitest';
import type { ThreadSummary } from '../../protocol/dto';
import type { OpenedFileDTO } from '../../protocol/files';
import type { ToWorker } from '../../protocol/messages';
import { createAppStore } from '../store/createAppStore';
import type { StoreClient } from '../store/types';

/** A client answering from a table of handlers, recording every request. */
function client(answers: Partial<Record<ToWorker['type'], (body: Record<string, unknown>) => unknown>>) {
  const seen: { type: string; body: Record<string, unknown> }[] = [];
  const c: StoreClient = {
    request(type, body) {
      seen.push({ type, body: body as Record<string, unknown> });
      const answer = answers[type];
      return answer ? Promise.resolve(answer(body as Record<string, unknown>) as never) : Promise.reject(new Error(`unexpected ${type}`));
    },
    hello: () => Promise.resolve({ type: 'rg/hello-ok', id: 1 as never, protocolVersion: 1, storage: { dbName: 'db', version: 1 } }),
  };
  return { c, seen };
}

const opened: OpenedFileDTO = {
  fileId: 'f1', name: 'checkpoints.sqlite', files: ['checkpoints.sqlite'], format: 'sqlite', size: 4096, wal: null, notes: [], bytesRead: 4096, followed: false, threadCount: 1, counted: true,
  threads: [{ threadId: 'file:f1:chat', originalId: 'chat', checkpoints: 5, namespaces: 1, latestCheckpointId: 'c5', language: 'js', status: 'idle' }],
};
const row: ThreadSummary = { threadId: 'file:f1:chat', graphId: null, status: 'idle', steps: 5, updatedAt: null, readOnly: true, file: { fileId: 'f1', fileName: 'checkpoints.sqlite', originalId: 'chat', language: 'js' } };

describe('files slice', () => {
  it('a refused file shows its problem and changes nothing', async () => {
    const { c, seen } = client({ 'rg/files.open': () => ({ type: 'rg/files.opened', file: null, problem: { code: 'FORMAT_SCHEMA', name: 'FormatError', message: '"x.sqlite" does not hold LangGraph checkpoints.' } }) });
    const { store } = createAppStore(c);
    const r = await store.getState().openCheckpointFiles([new File(['x'], 'x.sqlite')]);
    expect(r).toBeNull();
    expect(store.getState().openedFiles).toEqual([]);
    expect(store.getState().filesProblem).toMatchObject({ code: 'FORMAT_SCHEMA', files: ['x.sqlite'] });
    expect(seen.map((s) => s.type)).toEqual(['rg/files.open']);
  });

  it('an opened file lists its threads; closing it drops them and leaves its open thread', async () => {
    let threads: ThreadSummary[] = [row];
    const { c, seen } = client({
      'rg/files.open': () => ({ type: 'rg/files.opened', file: opened, problem: null }),
      'rg/files.close': () => {
        threads = [];
        return { type: 'rg/ok' };
      },
      'rg/threads.list': () => ({ type: 'rg/threads', threads }),
      'rg/history.page': () => ({ type: 'rg/history', page: { items: [], nextBefore: null } }),
      'rg/runs.list': () => ({ type: 'rg/runs', runs: [] }),
      'rg/namespaces.list': () => ({ type: 'rg/namespaces', root: { ns: '', name: '', children: [], checkpoints: 5 } }),
    });
    const { store } = createAppStore(c);
    await store.getState().openCheckpointFiles([new File(['x'], 'checkpoints.sqlite')]);
    expect(store.getState().openedFiles.map((f) => f.fileId)).toEqual(['f1']);
    expect(store.getState().threads).toEqual([row]);
    await store.getState().openFileThread('file:f1:chat');
    expect(store.getState()).toMatchObject({ view: 'debugger', threadId: 'file:f1:chat', graphId: null });
    await store.getState().closeCheckpointFile('f1');
    expect(store.getState().openedFiles).toEqual([]);
    expect(store.getState().threadId).toBeNull();
    expect(store.getState().threads).toEqual([]);
    expect(seen.filter((s) => s.type === 'rg/files.close').map((s) => s.body)).toEqual([{ fileId: 'f1' }]);
  });

  it('a file\'s thread list is loaded page by page, each page once, as rows come into view', async () => {
    const many: OpenedFileDTO = { ...opened, threadCount: 250 };
    const t = (i: number) => ({ ...opened.threads[0]!, threadId: `file:f1:t${i}`, originalId: `t${i}` });
    const { c, seen } = client({
      'rg/files.open': () => ({ type: 'rg/files.opened', file: many, problem: null }),
      'rg/threads.list': () => ({ type: 'rg/threads', threads: [row] }),
      'rg/files.threads': (b) => {
        const offset = b.offset as number;
        const n = Math.min(b.limit as number, 250 - offset);
        return { type: 'rg/files.threadPage', fileId: 'f1', offset, total: 250, threads: Array.from({ length: n }, (_, i) => t(offset + i)) };
      },
    });
    const { store } = createAppStore(c);
    await store.getState().openCheckpointFiles([new File(['x'], 'checkpoints.sqlite')]);
    expect(store.getState().fileThreadRows.f1!.total).toBe(250);
    expect(Object.keys(store.getState().fileThreadRows.f1!.rows)).toEqual(['0']);
    await Promise.all([store.getState().loadFileThreads('f1', 120, 160), store.getState().loadFileThreads('f1', 130, 140)]);
    await store.getState().loadFileThreads('f1', 190, 260);
    // The open reply brought row 0 only: rows 60 … 70 need the second page, rows 0 … 99 the first.
    await store.getState().loadFileThreads('f1', 60, 70);
    await store.getState().loadFileThreads('f1', 0, 99);
    expect(seen.filter((s) => s.type === 'rg/files.threads').map((s) => s.body)).toEqual([
      { fileId: 'f1', offset: 100, limit: 50 },
      { fileId: 'f1', offset: 150, limit: 50 },
      { fileId: 'f1', offset: 200, limit: 50 },
      { fileId: 'f1', offset: 50, limit: 50 },
      { fileId: 'f1', offset: 0, limit: 50 },
    ]);
    const rows = store.getState().fileThreadRows.f1!.rows;
    expect(rows[120]!.originalId).toBe('t120');
    expect(rows[249]!.originalId).toBe('t249');
    expect(rows[60]!.originalId).toBe('t60');
  });
});
