import { Annotation, START, StateGraph } from '@langchain/langgraph';

// Branches of different lengths: a deferred node waits until every branch has finished.
const State = Annotation.Root({
  trace: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const add = (name: string) => (s: typeof State.State) => ({ trace: [`${name}(${s.trace.length})`] });

const build = (defer: boolean) =>
  new StateGraph(State)
    .addNode('a', add('a'))
    .addNode('b', add('b'))
    .addNode('b2', add('b2'))
    .addNode('c', add('c'))
    .addNode('summarize', add('summarize'), { defer })
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('a', 'c')
    .addEdge('b', 'b2')
    .addEdge('b2', 'summarize')
    .addEdge('c', 'summarize')
    .compile();

console.log('deferred:', (await build(true).invoke({})).trace.join(' '));
console.log('not deferred:', (await build(false).invoke({})).trace.join(' '));
for await (const chunk of await build(true).stream({}, { streamMode: 'updates' })) console.log(Object.keys(chunk).join(','));
