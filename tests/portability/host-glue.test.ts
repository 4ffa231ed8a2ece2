/**
 * Export/import against the worker's ThreadStore (records for runs and trace, the store's own
 * delete for rollback), with the in-memory store and with the IndexedDB one.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';
import { createIdbStore } from '../../src/worker/idb-store';
import { createMemoryStore } from '../../src/worker/memory-store';
import type { ThreadStore, TraceRecord } from '../../src/worker/store';
import { exportForHost, importForHost, isImportedReadOnly, previewImport, toTraceRecords } from '../../src/worker/portability';
import { cid, fixtureExtras, writeFixtureThread } from './fixtures';
import { branchedHistory } from './langgraph-fixtures';

async function tuples(store: ThreadStore, threadId: string): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of store.saver.list({ configurable: { thread_id: threadId } })) out.push(t);
  return out;
}

function records(threadId: string): TraceRecord[] {
  const { runs, trace } = fixtureExtras(threadId);
  return [
    { runId: 'run-1', seq: 0, kind: 'run', run: { ...runs[0]!, outcome: 'running', endedAt: null } },
    ...trace.map((event, i): TraceRecord => ({ runId: 'run-1', seq: i + 1, kind: 'trace', event: event as never })),
    { runId: 'run-1', seq: 4, kind: 'checkpoint', checkpoint: { checkpointId: cid(1), parentId: null, ns: '', step: -1, source: 'input', ts: '', next: [], pendingWrites: 0, hasInterrupts: false, hasError: false } },
    { runId: 'run-1', seq: 5, kind: 'run', run: runs[0]! },
  ];
}

let n = 0;
const STORES: [string, () => ThreadStore][] = [
  ['memory store', () => createMemoryStore(new MemorySaver())],
  ['IndexedDB store', () => createIdbStore(`host-glue-${n++}`, 1)],
];

describe.each(STORES)('exportForHost / importForHost (%s)', (_name, newStore) => {
  it('moves checkpoints and every stored record to another store and thread id', async () => {
    const a = newStore();
    await writeFixtureThread(a.saver, 't1');
    await a.appendTrace('t1', records('t1'));
    const file = await exportForHost(a, 't1', { graphId: 'chain' });
    if (!file.ok) throw new Error(file.error.message);
    expect(file).toMatchObject({ fileName: 't1.replaygraph.json', checkpoints: 7 });

    const b = newStore();
    const r = await importForHost(b, file.text, { threadId: 'moved' });
    expect(r).toMatchObject({ ok: true, format: 'replaygraph', summary: { threadId: 'moved', graphId: 'chain' } });
    const rethread = (t: CheckpointTuple) => ({
      ...t,
      config: { configurable: { ...t.config.configurable, thread_id: 'moved' } },
      ...(t.parentConfig ? { parentConfig: { configurable: { ...t.parentConfig.configurable, thread_id: 'moved' } } } : {}),
    });
    expect(await tuples(b, 'moved')).toEqual((await tuples(a, 't1')).map(rethread));
    expect(await b.readTrace('moved')).toEqual(JSON.parse(JSON.stringify(records('t1')).replaceAll('"t1"', '"moved"')));
  });

  it('rolls back checkpoints and records when storing the records fails', async () => {
    const a = newStore();
    await writeFixtureThread(a.saver, 't1');
    await a.appendTrace('t1', records('t1'));
    const file = await exportForHost(a, 't1', { graphId: null });
    if (!file.ok) throw new Error(file.error.message);
    const b = newStore();
    const appendTrace = b.appendTrace.bind(b);
    const failing: ThreadStore = {
      ...b,
      saver: b.saver,
      async appendTrace(threadId, recs) {
        await appendTrace(threadId, recs.slice(0, 2));
        throw new Error('trace store full');
      },
    };
    const r = await importForHost(failing, file.text);
    expect(r).toMatchObject({ ok: false, error: { code: 'write-failed' } });
    expect(await tuples(b, 't1')).toEqual([]);
    expect(await b.readTrace('t1')).toEqual([]);
  });

  it('imports a LangGraph history as a read-only thread', async () => {
    const store = newStore();
    const r = await importForHost(store, JSON.stringify(branchedHistory()));
    expect(r).toMatchObject({ ok: true, format: 'langgraph', summary: { readOnly: true } });
    const head = (await store.saver.getTuple({ configurable: { thread_id: 'lg-thread' } }))!;
    expect(isImportedReadOnly(head.metadata)).toBe(true);
    expect((await store.listThreads()).map((t) => t.threadId)).toContain('lg-thread');
  });
});

describe('toTraceRecords', () => {
  it('wraps bare trace events and adds a record for runs that have none', () => {
    const { runs, trace } = fixtureExtras('t');
    const out = toTraceRecords({ threadId: 't', graphId: null, graphSource: null, runs, trace: trace as never });
    expect(out.slice(0, 3)).toEqual(trace.map((event) => ({ runId: 'run-1', seq: (event as { seq: number }).seq, kind: 'trace', event })));
    expect(out.slice(3)).toEqual([
      { runId: 'run-1', seq: 3, kind: 'run', run: runs[0] },
      { runId: 'run-2', seq: 0, kind: 'run', run: runs[1] },
    ]);
  });
});

describe('previewImport', () => {
  it('describes a file without writing it', async () => {
    const store = createMemoryStore(new MemorySaver());
    await writeFixtureThread(store.saver, 't1');
    await store.appendTrace('t1', records('t1'));
    const file = await exportForHost(store, 't1', { graphId: 'chain' });
    if (!file.ok) throw new Error(file.error.message);
    expect(previewImport(file.text)).toEqual({
      ok: true,
      preview: { format: 'replaygraph', threadId: 't1', graphId: 'chain', checkpoints: 7, namespaces: ['', 'child:6b1c1a4e-0000-0000-0000-000000000001'], runs: 1, readOnly: false, hasSource: false, graphSource: null },
    });
    const withSource = await exportForHost(store, 't1', { graphId: 'user:x', graphSource: 'export default 1;' });
    if (!withSource.ok) throw new Error(withSource.error.message);
    expect(previewImport(withSource.text)).toMatchObject({ ok: true, preview: { graphId: 'user:x', hasSource: true, graphSource: expect.any(String) } });
    expect(previewImport(JSON.stringify(branchedHistory()))).toMatchObject({ ok: true, preview: { format: 'langgraph', threadId: 'lg-thread', checkpoints: 4, readOnly: true, hasSource: false } });
    expect(previewImport(file.text.slice(0, 100))).toMatchObject({ ok: false, error: { code: 'not-json' } });
  });
});
