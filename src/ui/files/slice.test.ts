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
  fileId: 'f1', name: 'checkpoints.sqlite', files: ['checkpoints.sqlite'], format: 'sqlite', size: 4096, wal: null, notes: [], bytesRead: 4096, threadCount: 1,
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
});
