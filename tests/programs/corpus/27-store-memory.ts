import { Annotation, InMemoryStore, MemorySaver, START, StateGraph, getStore, type LangGraphRunnableConfig } from '@langchain/langgraph';

// Long-term memory: an InMemoryStore shared by threads, reached from nodes with getStore / config.store.
const State = Annotation.Root({
  user: Annotation<string>,
  fact: Annotation<string>,
  recalled: Annotation<string[]>,
});

const store = new InMemoryStore();
const graph = new StateGraph(State)
  .addNode('remember', async (s, config: LangGraphRunnableConfig) => {
    const namespace = ['memories', s.user];
    const existing = await config.store!.search(namespace);
    await config.store!.put(namespace, `fact-${existing.length + 1}`, { text: s.fact });
    return {};
  })
  .addNode('recall', async (s) => {
    const items = await getStore()!.search(['memories', s.user]);
    return { recalled: items.map((i) => `${i.key}=${String(i.value.text)}`).sort() };
  })
  .addEdge(START, 'remember')
  .addEdge('remember', 'recall')
  .compile({ checkpointer: new MemorySaver(), store });

const r1 = await graph.invoke({ user: 'ada', fact: 'likes tea' }, { configurable: { thread_id: '1' } });
console.log(JSON.stringify(r1.recalled));
const r2 = await graph.invoke({ user: 'ada', fact: 'writes programs' }, { configurable: { thread_id: '2' } });
console.log(JSON.stringify(r2.recalled));
const r3 = await graph.invoke({ user: 'bob', fact: 'plays chess' }, { configurable: { thread_id: '3' } });
console.log(JSON.stringify(r3.recalled));

// The store's own API.
const item = await store.get(['memories', 'ada'], 'fact-1');
console.log('get', item?.key, JSON.stringify(item?.value), JSON.stringify(item?.namespace));
const namespaces = await store.listNamespaces({ prefix: ['memories'] });
console.log('namespaces', JSON.stringify(namespaces.sort()));
await store.delete(['memories', 'ada'], 'fact-1');
const left = await store.search(['memories', 'ada']);
console.log('after delete', left.map((i) => i.key).join(','));
const filtered = await store.search(['memories'], { filter: { text: 'plays chess' } });
console.log('filtered', filtered.map((i) => `${i.namespace.join('/')}:${i.key}`).join(','));
const results = await store.batch([
  { namespace: ['prefs'], key: 'theme', value: { dark: true } },
  { namespace: ['prefs'], key: 'theme' },
]);
console.log('batch', JSON.stringify(results.map((r) => (r && typeof r === 'object' && 'value' in r ? r.value : r))));
