import { Annotation, END, START, StateGraph } from '@langchain/langgraph';

// A loop closed by a conditional edge with a path map: draft until the draft is long enough.
const State = Annotation.Root({
  draft: Annotation<string>({ reducer: (_, b) => b, default: () => '' }),
  revisions: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
});

const graph = new StateGraph(State)
  .addNode('write', (s) => ({ draft: s.draft + 'ab', revisions: 1 }))
  .addNode('review', (s) => ({ draft: s.draft.toUpperCase() }))
  .addNode('publish', (s) => ({ draft: `[${s.draft}]` }))
  .addEdge(START, 'write')
  .addEdge('write', 'review')
  .addConditionalEdges('review', (s) => (s.draft.length >= 6 ? 'done' : 'again'), { again: 'write', done: 'publish' })
  .addEdge('publish', END)
  .compile();

const out = await graph.invoke({ draft: 'x' });
console.log('draft', out.draft, 'revisions', out.revisions);

for await (const chunk of await graph.stream({ draft: '' }, { streamMode: 'updates' })) {
  console.log(JSON.stringify(chunk));
}

const drawn = graph.getGraph();
console.log('edges', drawn.edges.map((e) => `${e.source}->${e.target}${e.conditional ? '?' : ''}`).sort().join(' '));
