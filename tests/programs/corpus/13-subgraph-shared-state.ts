import { Annotation, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// A compiled subgraph added as a node: parent and child share the "notes" key.
const Child = Annotation.Root({
  notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  scratch: Annotation<string>,
});
const child = new StateGraph(Child)
  .addNode('draft', (s) => ({ scratch: `draft of ${s.notes.length}` }))
  .addNode('polish', (s) => ({ notes: [`${s.scratch}, polished`] }))
  .addEdge(START, 'draft')
  .addEdge('draft', 'polish')
  .compile();

const Parent = Annotation.Root({
  notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  title: Annotation<string>,
});
const parent = new StateGraph(Parent)
  .addNode('intro', () => ({ notes: ['intro'], title: 'Report' }))
  .addNode('writer', child)
  .addNode('outro', (s) => ({ notes: [`outro after ${s.notes.length}`] }))
  .addEdge(START, 'intro')
  .addEdge('intro', 'writer')
  .addEdge('writer', 'outro')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'shared' } };
const out = await parent.invoke({ notes: [] }, config);
console.log(JSON.stringify(out));

const state = await parent.getState(config);
console.log('parent next', JSON.stringify(state.next), 'keys', Object.keys(state.values).sort().join(','));
let steps = 0;
for await (const _ of parent.getStateHistory(config)) steps += 1;
console.log('parent checkpoints', steps);

for await (const chunk of await parent.stream({ notes: ['again'] }, { ...config, streamMode: 'updates' })) {
  console.log('update', JSON.stringify(chunk));
}
