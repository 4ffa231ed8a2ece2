import { describe, expect, it } from 'vitest';
import { START, StateGraph, Annotation, getStore } from '../index';
import { AsyncBatchedStore, BaseStore, InMemoryStore, InvalidNamespaceError, type Item, type Operation, type OperationResults, type SearchItem } from './index';

/** Embeddings that place a text by the words it contains (deterministic, no model). */
const WORDS = ['tea', 'coffee', 'paris', 'rome'];
const embeddings = {
  embedQuery: async (text: string) => WORDS.map((w) => (text.toLowerCase().includes(w) ? 1 : 0)),
  embedDocuments: async (texts: string[]) => Promise.all(texts.map((t) => embeddings.embedQuery(t))),
};

describe('InMemoryStore', () => {
  it('reads in a batch see the state before its writes; the last write of a key wins', async () => {
    const store = new InMemoryStore();
    await store.put(['a'], 'k', { v: 1 });
    const results = await store.batch([
      { namespace: ['a'], key: 'k' },
      { namespace: ['a'], key: 'k', value: { v: 2 } },
      { namespace: ['a'], key: 'k', value: { v: 3 } },
      { namespacePrefix: ['a'], limit: 10, offset: 0 },
    ]);
    const before = results[0] as Item | null;
    const listed = results[3] as SearchItem[];
    expect(before?.value).toEqual({ v: 1 });
    expect(listed.map((i) => i.value)).toEqual([{ v: 1 }]);
    expect((await store.get(['a'], 'k'))?.value).toEqual({ v: 3 });
  });

  it('keeps its own copies: changing a value after put or after get changes nothing stored', async () => {
    const store = new InMemoryStore();
    const value = { list: [1] };
    await store.put(['a'], 'k', value);
    value.list.push(2);
    const got = await store.get(['a'], 'k');
    got!.value.list.push(3);
    expect((await store.get(['a'], 'k'))?.value).toEqual({ list: [1] });
  });

  it('keeps createdAt and moves updatedAt on a rewrite', async () => {
    const store = new InMemoryStore();
    await store.put(['a'], 'k', { v: 1 });
    const first = (await store.get(['a'], 'k'))!;
    await new Promise((r) => setTimeout(r, 5));
    await store.put(['a'], 'k', { v: 2 });
    const second = (await store.get(['a'], 'k'))!;
    expect(second.createdAt.getTime()).toBe(first.createdAt.getTime());
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
  });

  it('ranks a query by similarity of the indexed fields, unindexed items last', async () => {
    const store = new InMemoryStore({ index: { dims: 4, embeddings, fields: ['text'] } });
    await store.put(['docs'], 'tea', { text: 'I like tea' });
    await store.put(['docs'], 'coffee', { text: 'coffee in Rome' });
    await store.put(['docs'], 'raw', { text: 'tea notes' }, false);
    const hits = await store.search(['docs'], { query: 'rome coffee' });
    expect(hits.map((h) => h.key)).toEqual(['coffee', 'tea', 'raw']);
    expect(hits[0].score).toBeCloseTo(1);
    expect(hits[2].score).toBeUndefined();
    expect((await store.search(['docs'], { query: 'tea', limit: 1, offset: 1 })).map((h) => h.key)).toEqual(['coffee']);
  });

  it('rejects bad namespaces with InvalidNamespaceError and stores nothing', async () => {
    const store = new InMemoryStore();
    await expect(store.put([], 'k', {})).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(['a:b'], 'k', {})).rejects.toThrow(/colons/);
    await expect(store.put(['langgraph'], 'k', {})).rejects.toThrow(/cannot be "langgraph"/);
    await expect(store.batch([{ namespace: [''], key: 'k', value: {} }])).rejects.toThrow(/empty strings/);
    expect(await store.listNamespaces()).toEqual([]);
  });

  it('lists namespaces inside a node (LangGraph.js 1.7.3 throws there)', async () => {
    const store = new InMemoryStore();
    await store.put(['users', 'u1'], 'k', { v: 1 });
    const graph = new StateGraph(Annotation.Root({ seen: Annotation<string[][]>() }))
      .addNode('list', async () => ({ seen: await getStore()!.listNamespaces({ prefix: ['users'] }) }))
      .addEdge(START, 'list')
      .compile({ store });
    expect((await graph.invoke({})).seen).toEqual([['users', 'u1']]);
  });
});

describe('BaseStore (the port)', () => {
  /** A backend that writes only `batch`: everything else comes from BaseStore. */
  class LoggingStore extends BaseStore {
    readonly log: string[] = [];
    private readonly inner = new InMemoryStore();
    async batch<Ops extends Operation[]>(ops: Ops): Promise<OperationResults<Ops>> {
      this.log.push(ops.map((o) => ('namespacePrefix' in o ? 'search' : 'value' in o ? (o.value === null ? 'delete' : 'put') : 'key' in o ? 'get' : 'list')).join(','));
      return this.inner.batch(ops);
    }
  }

  it('builds get, search, put, delete and listNamespaces on batch', async () => {
    const store = new LoggingStore();
    await store.put(['n'], 'a', { x: 1 });
    await store.put(['n', 'deep'], 'b', { x: 2 });
    expect((await store.get(['n'], 'a'))?.value).toEqual({ x: 1 });
    expect((await store.search(['n'], { filter: { x: { $gt: 1 } } })).map((i) => i.key)).toEqual(['b']);
    expect(await store.listNamespaces({ maxDepth: 1 })).toEqual([['n']]);
    await store.delete(['n'], 'a');
    expect(await store.get(['n'], 'a')).toBeNull();
    expect(store.log).toEqual(['put', 'put', 'get', 'search', 'list', 'delete', 'get']);
  });
});

describe('AsyncBatchedStore', () => {
  it('sends operations issued together to the wrapped store as one batch, each caller its result', async () => {
    const inner = new InMemoryStore();
    const sizes: number[] = [];
    const counting = { ...inner, batch: (ops: Operation[]) => (sizes.push(ops.length), inner.batch(ops)) } as unknown as InMemoryStore;
    const store = new AsyncBatchedStore(counting);
    await Promise.all([store.put(['a'], '1', { v: 1 }), store.put(['a'], '2', { v: 2 })]);
    const [one, found, spaces] = await Promise.all([store.get(['a'], '1'), store.search(['a']), store.listNamespaces()]);
    expect(one?.value).toEqual({ v: 1 });
    expect(found.map((i) => i.key)).toEqual(['1', '2']);
    expect(spaces).toEqual([['a']]);
    expect(sizes).toEqual([2, 3]);
    expect(new AsyncBatchedStore(store).store).toBe(counting);
  });

  it('rejects every caller of a batch that fails', async () => {
    const store = new AsyncBatchedStore({ batch: async () => { throw new Error('backend down'); } } as unknown as InMemoryStore);
    await expect(Promise.all([store.get(['a'], 'x'), store.get(['b'], 'y')])).rejects.toThrow('backend down');
  });
});
