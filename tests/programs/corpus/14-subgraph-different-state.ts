import { Annotation, START, StateGraph } from '@langchain/langgraph';

// A subgraph with its own state, called from inside a node that maps the state in and out.
const Translate = Annotation.Root({
  source: Annotation<string>,
  target: Annotation<string>,
  passes: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
});
const translator = new StateGraph(Translate)
  .addNode('reverse', (s) => ({ target: s.source.split('').reverse().join(''), passes: 1 }))
  .addNode('capitalize', (s) => ({ target: s.target.charAt(0).toUpperCase() + s.target.slice(1), passes: 1 }))
  .addEdge(START, 'reverse')
  .addEdge('reverse', 'capitalize')
  .compile();

const App = Annotation.Root({
  words: Annotation<string[]>,
  translated: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  passes: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
});

const app = new StateGraph(App)
  .addNode('translateAll', async (state) => {
    const translated: string[] = [];
    let passes = 0;
    for (const word of state.words) {
      const result = await translator.invoke({ source: word });
      translated.push(result.target);
      passes += result.passes;
    }
    return { translated, passes };
  })
  .addNode('summary', (s) => ({ translated: [`${s.translated.length} words`] }))
  .addEdge(START, 'translateAll')
  .addEdge('translateAll', 'summary')
  .compile();

console.log(JSON.stringify(await app.invoke({ words: ['olleh', 'dlrow'] })));

// Streaming with subgraphs: true shows the subgraph's own updates with its namespace.
for await (const [ns, update] of await app.stream({ words: ['abc'] }, { streamMode: 'updates', subgraphs: true })) {
  const where = ns.length === 0 ? 'root' : ns.map((part: string) => part.split(':')[0]).join('/');
  console.log(where, JSON.stringify(update));
}
