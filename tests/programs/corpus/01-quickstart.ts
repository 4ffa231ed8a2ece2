import { Annotation, END, START, StateGraph } from '@langchain/langgraph';

// The smallest useful graph: two nodes over an Annotation state with a list reducer.
const State = Annotation.Root({
  topic: Annotation<string>,
  steps: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const graph = new StateGraph(State)
  .addNode('plan', (state) => ({ steps: [`plan ${state.topic}`] }))
  .addNode('write', (state) => ({ steps: [`write after ${state.steps.length} step(s)`] }))
  .addEdge(START, 'plan')
  .addEdge('plan', 'write')
  .addEdge('write', END)
  .compile();

const result = await graph.invoke({ topic: 'cats' });
console.log(JSON.stringify(result));
console.log('nodes:', Object.keys(graph.nodes).join(','));
