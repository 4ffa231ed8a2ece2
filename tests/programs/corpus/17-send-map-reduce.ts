import { Annotation, END, START, Send, StateGraph } from '@langchain/langgraph';

// Map-reduce with Send: one "describe" task per subject, results gathered by a reducer.
const Overall = Annotation.Root({
  subjects: Annotation<string[]>,
  descriptions: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  best: Annotation<string>,
});
/** What each Send carries to "describe". */
type Item = { subject: string; index: number };

const graph = new StateGraph(Overall)
  .addNode('list', () => ({ subjects: ['lions', 'tigers', 'bears', 'owls'] }))
  .addNode('describe', (s: Item) => ({ descriptions: [`${s.index}:${s.subject} (${s.subject.length})`] }))
  .addNode('pick', (s) => ({ best: [...s.descriptions].sort((a, b) => b.length - a.length)[0] }))
  .addEdge(START, 'list')
  .addConditionalEdges('list', (s) => s.subjects.map((subject, index) => new Send('describe', { subject, index })), ['describe'])
  .addEdge('describe', 'pick')
  .addEdge('pick', END)
  .compile();

const out = await graph.invoke({});
console.log(JSON.stringify(out.descriptions));
console.log('best', out.best);

for await (const chunk of await graph.stream({}, { streamMode: 'updates' })) console.log(JSON.stringify(chunk));

// Sends straight from START.
const direct = new StateGraph(Overall)
  .addNode('describe', (s: Item) => ({ descriptions: [s.subject.toUpperCase()] }))
  .addConditionalEdges(START, (s) => s.subjects.map((subject, index) => new Send('describe', { subject, index })))
  .compile();
console.log(JSON.stringify((await direct.invoke({ subjects: ['x', 'y'] })).descriptions));
