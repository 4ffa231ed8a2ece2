import { Annotation, START, StateGraph } from '@langchain/langgraph';

// subgraphs: true with a nested subgraph two levels deep, in values and updates modes.
const S = Annotation.Root({
  path: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const inner = new StateGraph(S).addNode('leaf', () => ({ path: ['leaf'] })).addEdge(START, 'leaf').compile();
const middle = new StateGraph(S)
  .addNode('before', () => ({ path: ['before'] }))
  .addNode('inner', inner)
  .addEdge(START, 'before')
  .addEdge('before', 'inner')
  .compile();
const outer = new StateGraph(S)
  .addNode('middle', middle)
  .addNode('end', (s) => ({ path: [`end(${s.path.length})`] }))
  .addEdge(START, 'middle')
  .addEdge('middle', 'end')
  .compile();

const label = (ns: string[]) => (ns.length === 0 ? '-' : ns.map((p) => p.split(':')[0]).join('/'));

for await (const [ns, chunk] of await outer.stream({ path: ['root'] }, { streamMode: 'updates', subgraphs: true })) {
  console.log('updates', label(ns), JSON.stringify(chunk));
}
for await (const [ns, chunk] of await outer.stream({ path: [] }, { streamMode: 'values', subgraphs: true })) {
  console.log('values', label(ns), JSON.stringify(chunk));
}
for await (const [ns, mode, chunk] of await outer.stream({ path: [] }, { streamMode: ['updates', 'values'], subgraphs: true })) {
  if (mode === 'updates') console.log('multi', label(ns), mode, Object.keys(chunk).join(','));
}
// Without subgraphs: true only the root's chunks appear.
let rootOnly = 0;
for await (const _ of await outer.stream({ path: [] }, { streamMode: 'updates' })) rootOnly += 1;
console.log('root-only chunks', rootOnly);
