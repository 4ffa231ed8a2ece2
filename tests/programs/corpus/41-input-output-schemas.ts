import { Annotation, START, StateGraph } from '@langchain/langgraph';

// Separate input and output schemas, and a private channel passed between two nodes.
const InputState = Annotation.Root({ question: Annotation<string> });
const OutputState = Annotation.Root({ answer: Annotation<string> });
const OverallState = Annotation.Root({
  question: Annotation<string>,
  answer: Annotation<string>,
  notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
const PrivateState = Annotation.Root({ draft: Annotation<string> });

const graph = new StateGraph({ input: InputState, output: OutputState, stateSchema: OverallState })
  .addNode('think', (s) => ({ notes: [`thinking about ${s.question}`] }))
  .addNode('draft', (s: typeof OverallState.State) => ({ draft: `draft after ${s.notes.length} note(s)` }) as typeof PrivateState.Update)
  .addNode('respond', (s: typeof PrivateState.State) => ({ answer: `${s.draft}: 42` }), { input: PrivateState })
  .addEdge(START, 'think')
  .addEdge('think', 'draft')
  .addEdge('draft', 'respond')
  .compile();

console.log(JSON.stringify(await graph.invoke({ question: 'life?' })));
for await (const chunk of await graph.stream({ question: 'why?' }, { streamMode: 'values' })) console.log('values', JSON.stringify(chunk));
for await (const chunk of await graph.stream({ question: 'how?' }, { streamMode: 'updates' })) console.log('updates', JSON.stringify(chunk));
