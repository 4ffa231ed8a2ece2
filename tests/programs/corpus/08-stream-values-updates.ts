import { Annotation, START, StateGraph } from '@langchain/langgraph';

// Stream modes values and updates, and both at once.
const State = Annotation.Root({
  n: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
  seen: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const graph = new StateGraph(State)
  .addNode('one', () => ({ n: 1, seen: ['one'] }))
  .addNode('twoA', () => ({ n: 10, seen: ['twoA'] }))
  .addNode('twoB', () => ({ n: 100, seen: ['twoB'] }))
  .addNode('join', (s) => ({ seen: [`join@${s.n}`] }))
  .addEdge(START, 'one')
  .addEdge('one', 'twoA')
  .addEdge('one', 'twoB')
  .addEdge(['twoA', 'twoB'], 'join')
  .compile();

console.log('-- values');
for await (const v of await graph.stream({ n: 0 }, { streamMode: 'values' })) console.log(JSON.stringify(v));
console.log('-- updates');
for await (const u of await graph.stream({ n: 0 }, { streamMode: 'updates' })) console.log(JSON.stringify(u));
console.log('-- both');
for await (const [mode, chunk] of await graph.stream({ n: 5 }, { streamMode: ['values', 'updates'] })) console.log(mode, JSON.stringify(chunk));
