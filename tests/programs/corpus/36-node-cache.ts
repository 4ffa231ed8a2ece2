import { Annotation, START, StateGraph } from '@langchain/langgraph';
import { InMemoryCache } from '@langchain/langgraph-checkpoint';

// Node caching: a node with a cachePolicy runs once per distinct input while the entry lives.
const State = Annotation.Root({ n: Annotation<number>, result: Annotation<number> });

let slowRuns = 0;
const graph = new StateGraph(State)
  .addNode(
    'slowSquare',
    (s) => {
      slowRuns += 1;
      return { result: s.n * s.n };
    },
    { cachePolicy: { ttl: 120 } },
  )
  .addEdge(START, 'slowSquare')
  .compile({ cache: new InMemoryCache() });

for (const n of [3, 3, 4, 3]) {
  const out = await graph.invoke({ n });
  console.log(`n=${n} result=${out.result} runs=${slowRuns}`);
}

for await (const chunk of await graph.stream({ n: 4 }, { streamMode: 'updates' })) console.log('update', JSON.stringify(chunk));

await graph.clearCache();
await graph.invoke({ n: 3 });
console.log('after clearCache runs', slowRuns);

// A custom key function: only the parity of n matters.
let parityRuns = 0;
const parity = new StateGraph(State)
  .addNode('parity', (s) => ((parityRuns += 1), { result: s.n % 2 }), { cachePolicy: { keyFunc: (input: unknown) => String((input as { n: number }).n % 2) } })
  .addEdge(START, 'parity')
  .compile({ cache: new InMemoryCache() });
for (const n of [1, 3, 2, 5, 4]) await parity.invoke({ n });
console.log('parity runs', parityRuns);
