/**
 * Stores (issue #12, item 6): `compile({ store })`, `config.store` and `getStore()` in nodes,
 * subgraphs, entrypoints and tasks; put / get / search (filters, paging) / delete /
 * listNamespaces (prefix, suffix, maxDepth); namespace errors. Each implementation runs with its
 * own `InMemoryStore`, and a second scenario hands our engine LangGraph.js's own store.
 *
 * Left out, because LangGraph.js 1.7.3 gets them wrong:
 * - `listNamespaces` inside a node: 1.7.3 hands nodes its `AsyncBatchedStore`, whose
 *   `listNamespaces` throws ("The `batch` method is not implemented on `AsyncBatchedStore`").
 *   The scenario lists namespaces on the store itself, after the run; the store unit tests call
 *   it inside a node.
 * - reading an item after writing it again: 1.7.3's InMemoryStore returns the stored item itself,
 *   so a later `put` changes a value the node already read. Ours returns copies. Nodes here read
 *   each value once, before writing.
 */
import { InMemoryStore as LangGraphInMemoryStore } from '@langchain/langgraph-checkpoint';
import { expect } from 'vitest';
import { entry, listState, type Scenario } from '../harness/scenario';

/** An item without its timestamps (they are wall-clock). */
const item = (i: any) => (i == null ? i : { namespace: i.namespace, key: i.key, value: i.value, ...(i.score !== undefined ? { score: i.score } : {}) });

async function errorOf(f: () => Promise<unknown>): Promise<unknown> {
  try {
    await f();
    return null;
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message };
  }
}

/** Builds and runs the store graph with `makeStore()`; records what the nodes saw. */
async function storeScenario(ctx: any, makeStore: () => any): Promise<void> {
  const { impl, rec, saver, thread } = ctx;
  const store = makeStore();
  const seen: Record<string, unknown> = {};
  const sub = new impl.StateGraph(listState(impl))
    .addNode('remember', async (_s: any, config: any) => {
      rec.count('remember');
      await impl.getStore().put(['users', 'u1', 'facts'], 'sub', { text: 'from the subgraph', n: 3 });
      seen.subSameStore = config.store === impl.getStore();
      return { value: ['remembered'] };
    })
    .addEdge(impl.START, 'remember')
    .compile();
  const graph = new impl.StateGraph(listState(impl))
    .addNode('write', async (_s: any, config: any) => {
      rec.count('write');
      await config.store.put(['users', 'u1', 'facts'], 'a', { text: 'likes tea', n: 1 });
      await config.store.put(['users', 'u1', 'facts'], 'b', { text: 'lives in Paris', n: 2 });
      await config.store.put(['users', 'u2', 'facts'], 'a', { text: 'likes coffee', n: 5 });
      await config.store.put(['users', 'u2', 'prefs'], 'theme', { text: 'dark', n: 0 });
      await config.store.put(['users', 'u1', 'facts'], 'a', { text: 'likes green tea', n: 1 });
      return { value: ['written'] };
    })
    .addNode('sub', sub)
    .addNode('read', async () => {
      rec.count('read');
      const s = impl.getStore();
      seen.get = item(await s.get(['users', 'u1', 'facts'], 'a'));
      seen.missing = await s.get(['users', 'u1', 'facts'], 'zzz');
      seen.searchPrefix = (await s.search(['users', 'u1'])).map(item);
      seen.searchAll = (await s.search([], { limit: 2, offset: 1 })).map(item);
      seen.searchFilter = (await s.search(['users'], { filter: { n: { $gte: 2 } } })).map(item);
      seen.searchEq = (await s.search(['users'], { filter: { text: 'dark' } })).map(item);
      await s.delete(['users', 'u2', 'prefs'], 'theme');
      seen.afterDelete = (await s.search(['users', 'u2'])).map(item);
      seen.emptyNamespace = await errorOf(() => s.put([], 'k', { v: 1 }));
      seen.dottedLabel = await errorOf(() => s.put(['a.b'], 'k', { v: 1 }));
      seen.reservedRoot = await errorOf(() => s.put(['langgraph', 'x'], 'k', { v: 1 }));
      return { value: ['read'] };
    })
    .addEdge(impl.START, 'write')
    .addEdge('write', 'sub')
    .addEdge('sub', 'read')
    .compile({ checkpointer: saver, store });
  await rec.invoke('run', graph, { value: [] }, thread());
  rec.note('seen', seen);
  rec.note('namespaces', {
    all: await store.listNamespaces(),
    byPrefix: await store.listNamespaces({ prefix: ['users', 'u2'] }),
    bySuffix: await store.listNamespaces({ suffix: ['facts'] }),
    wildcard: await store.listNamespaces({ prefix: ['users', '*', 'prefs'] }),
    depth: await store.listNamespaces({ maxDepth: 2 }),
    paged: await store.listNamespaces({ limit: 1, offset: 1 }),
  });
  await rec.history('history', graph, thread());

  const bump = impl.task('bump', async (key: string) => {
    rec.count('bump');
    const s = impl.getStore();
    const prev = await s.get(['counters'], key);
    const next = (prev?.value.n ?? 0) + 1;
    await s.put(['counters'], key, { n: next });
    return next;
  });
  const workflow = impl.entrypoint({ name: 'counter', checkpointer: saver, store }, async (key: string) => [await bump(key), await bump(key)]);
  await rec.invoke('entrypoint with a store', workflow, 'k', thread('functional'));
  await rec.invoke('entrypoint again (same store)', workflow, 'k', thread('functional-2'));
  rec.note('counter item', item(await store.get(['counters'], 'k')));
  const bare = new impl.StateGraph(listState(impl)).addNode('n', async () => ({ value: [String(impl.getStore())] })).addEdge(impl.START, 'n').compile();
  await rec.invoke('no store', bare, { value: [] });
}

const ownStore: Scenario = {
  name: 'ST1 store: compile({ store }), config.store / getStore() in nodes, subgraphs and tasks, every operation',
  needs: ['InMemoryStore', 'getStore', 'entrypoint', 'task'],
  run: (ctx) => storeScenario(ctx, () => new ctx.impl.InMemoryStore()),
  check(o) {
    const seen = entry(o, 'seen');
    expect(seen.get.value.text).toBe('likes green tea');
    expect(seen.searchFilter.map((i: any) => i.value.n).sort()).toEqual([2, 3, 5]);
    expect(entry(o, 'entrypoint again (same store)').result).toEqual([3, 4]);
    // A namespace stays listed after its last item is deleted (as 1.7.3's InMemoryStore does).
    expect(entry(o, 'namespaces').all).toEqual([['users', 'u1', 'facts'], ['users', 'u2', 'facts'], ['users', 'u2', 'prefs']]);
    expect(entry(o, 'no store').result.value).toEqual(['undefined']);
  },
};

const langGraphStore: Scenario = {
  name: "ST2 store: LangGraph.js's own InMemoryStore works with either engine",
  needs: ['getStore', 'entrypoint', 'task'],
  run: (ctx) => storeScenario(ctx, () => new LangGraphInMemoryStore()),
};

export const STORE_SCENARIOS: Scenario[] = [ownStore, langGraphStore];
