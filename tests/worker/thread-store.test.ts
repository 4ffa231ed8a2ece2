/**
 * The store in the app: a run's `getStore()` reaches the thread's store over the sandbox session
 * (sandbox/proxy-store.ts ⇄ worker/thread-memory.ts); items are kept beside the thread (in
 * IndexedDB in the app), bound to it, read by the inspector with `rg/store.items`, and deleted
 * with the thread.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Annotation, END, InMemoryStore, START, StateGraph, getStore } from '../../src/engine/index';
import { standaloneModule } from '../../src/sandbox/graphs/gallery/standalone';
import { createThreadMemory, openIdbMemoryBackend } from '../../src/worker/thread-memory';
import { connect, newThread, STORES } from './harness';

const State = Annotation.Root({ visits: Annotation<number>() });
const counter = (store?: InMemoryStore) => new StateGraph(State)
  .addNode('count', async () => {
    const s = getStore()!;
    const seen = await s.get(['visits'], 'count');
    const visits = ((seen?.value.n as number | undefined) ?? 0) + 1;
    await s.put(['visits'], 'count', { n: visits });
    return { visits };
  })
  .addEdge(START, 'count')
  .addEdge('count', END)
  .compile(store ? { store } : {});

const MODULES = [
  standaloneModule('store-counter', { default: new StateGraph(State).addNode('count', async () => {
    const s = getStore()!;
    const visits = (((await s.get(['visits'], 'count'))?.value.n as number | undefined) ?? 0) + 1;
    await s.put(['visits'], 'count', { n: visits });
    return { visits };
  }).addEdge(START, 'count').addEdge('count', END) }, ''),
  // Compiled with a store of its own: the thread's store replaces it, as the checkpointer is replaced.
  standaloneModule('store-own', { default: counter(new InMemoryStore()) }, ''),
];

describe.each(STORES)('the thread store (%s)', (_name, makeStore) => {
  it('keeps what runs put beside the thread, one store per thread, and drops it with the thread', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, MODULES, { openMemory: async () => createThreadMemory(await openIdbMemoryBackend(`rg-stores-${newThread()}`)) });
    const a = newThread();
    const b = newThread();
    const run = async (threadId: string, graphId: string) => (await client.waitForRun((await client.startRun({ threadId, graphId, input: {} })).runId));
    expect(await run(a, 'store-counter')).toMatchObject({ outcome: 'done', result: { visits: 1 } });
    expect(await run(a, 'store-counter')).toMatchObject({ outcome: 'done', result: { visits: 2 } });
    expect(await run(b, 'store-own')).toMatchObject({ outcome: 'done', result: { visits: 1 } });
    const items = await client.storeItems(a);
    expect(items).toEqual([{ namespace: ['visits'], key: 'count', value: { n: 2 }, createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    expect(Date.parse(items[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(items[0]!.createdAt));
    expect((await client.storeItems(b)).map((i) => i.value)).toEqual([{ n: 1 }]);
    await client.deleteThread(a);
    expect(await client.storeItems(a)).toEqual([]);
    expect(await client.storeItems(b)).toHaveLength(1);
  });
});

describe('thread stores in IndexedDB', () => {
  it('come back after the storage worker restarts, with their times; deletes are kept too', async () => {
    const name = `rg-stores-${newThread()}`;
    const first = createThreadMemory(await openIdbMemoryBackend(name));
    await first.batch('t', [
      { op: 'put', namespace: ['users', 'u1'], key: 'prefs', value: { theme: 'dark' } },
      { op: 'put', namespace: ['users', 'u1'], key: 'gone', value: { x: 1 } },
    ]);
    await first.batch('t', [{ op: 'put', namespace: ['users', 'u1'], key: 'gone', value: null }]);
    await first.batch('other', [{ op: 'put', namespace: ['users'], key: 'k', value: { y: 2 } }]);
    const before = await first.items('t');
    const again = createThreadMemory(await openIdbMemoryBackend(name));
    expect(await again.items('t')).toEqual(before);
    expect(before.map((i) => i.key)).toEqual(['prefs']);
    const [found] = (await again.batch('t', [{ op: 'search', namespacePrefix: ['users'], filter: { theme: 'dark' } }])) as { key: string }[][];
    expect(found!.map((i) => i.key)).toEqual(['prefs']);
  });
});
