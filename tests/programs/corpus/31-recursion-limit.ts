import { Annotation, GraphRecursionError, START, StateGraph } from '@langchain/langgraph';

// A loop that never ends hits the recursion limit; a limit large enough lets a long loop finish.
const State = Annotation.Root({ count: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });

const endless = new StateGraph(State)
  .addNode('ping', () => ({ count: 1 }))
  .addNode('pong', () => ({ count: 1 }))
  .addEdge(START, 'ping')
  .addEdge('ping', 'pong')
  .addEdge('pong', 'ping')
  .compile();

try {
  await endless.invoke({ count: 0 }, { recursionLimit: 6 });
} catch (error) {
  console.log('is GraphRecursionError', error instanceof GraphRecursionError, (error as Error).name);
  console.log((error as Error).message.split('\n')[0]);
}

let chunks = 0;
try {
  for await (const _ of await endless.stream({ count: 0 }, { recursionLimit: 4, streamMode: 'values' })) chunks += 1;
} catch (error) {
  console.log('stream stopped after', chunks, 'chunks:', (error as Error).name);
}

const bounded = new StateGraph(State)
  .addNode('step', () => ({ count: 1 }))
  .addEdge(START, 'step')
  .addConditionalEdges('step', (s) => (s.count < 30 ? 'step' : '__end__'))
  .compile();
try {
  await bounded.invoke({ count: 0 });
} catch (error) {
  console.log('default limit:', (error as Error).name);
}
console.log('with limit 50:', (await bounded.invoke({ count: 0 }, { recursionLimit: 50 })).count);
