import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// Static breakpoints: interruptBefore / interruptAfter, then invoke(null) to go on; updateState in between.
const State = Annotation.Root({
  query: Annotation<string>,
  results: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const builder = new StateGraph(State)
  .addNode('search', (s) => ({ results: [`result for ${s.query}`] }))
  .addNode('rank', (s) => ({ results: [`ranked ${s.results.length}`] }))
  .addNode('answer', (s) => ({ results: [`answer from ${s.results.length}`] }))
  .addEdge(START, 'search')
  .addEdge('search', 'rank')
  .addEdge('rank', 'answer')
  .addEdge('answer', END);

const graph = builder.compile({ checkpointer: new MemorySaver(), interruptBefore: ['rank'], interruptAfter: ['answer'] });
const config = { configurable: { thread_id: 't' } };

const paused = await graph.invoke({ query: 'owls' }, config);
console.log('paused with', JSON.stringify(paused.results));
let state = await graph.getState(config);
console.log('next', JSON.stringify(state.next));

await graph.updateState(config, { query: 'barn owls', results: ['hand-picked'] });
state = await graph.getState(config);
console.log('after update next', JSON.stringify(state.next), 'source', state.metadata?.source, 'results', state.values.results.length);

const second = await graph.invoke(null, config);
console.log('second stop', JSON.stringify(second.results));
state = await graph.getState(config);
console.log('next', JSON.stringify(state.next));

const last = await graph.invoke(null, config);
console.log('finished', JSON.stringify(last.results));
console.log('final next', JSON.stringify((await graph.getState(config)).next));

// Breakpoints can also be given at run time.
const runtime = builder.compile({ checkpointer: new MemorySaver() });
const c2 = { configurable: { thread_id: 'r' } };
for await (const chunk of await runtime.stream({ query: 'bats' }, { ...c2, interruptAfter: ['search'], streamMode: 'updates' })) {
  console.log('runtime', JSON.stringify(chunk));
}
console.log('runtime next', JSON.stringify((await runtime.getState(c2)).next));
