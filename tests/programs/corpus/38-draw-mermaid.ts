import { Annotation, END, START, StateGraph } from '@langchain/langgraph';

// Visualising a graph: getGraph() nodes and edges, and its Mermaid text.
const State = Annotation.Root({ question: Annotation<string>, route: Annotation<string> });

const graph = new StateGraph(State)
  .addNode('classify', (s) => ({ route: s.question.endsWith('?') ? 'answer' : 'clarify' }))
  .addNode('answer', () => ({}))
  .addNode('clarify', () => ({}))
  .addNode('log', () => ({}))
  .addEdge(START, 'classify')
  .addConditionalEdges('classify', (s) => s.route, { answer: 'answer', clarify: 'clarify' })
  .addEdge('answer', 'log')
  .addEdge('clarify', END)
  .addEdge('log', END)
  .compile();

const drawable = graph.getGraph();
console.log('nodes', Object.keys(drawable.nodes).join(','));
for (const e of drawable.edges) console.log('edge', e.source, '->', e.target, e.conditional ? 'conditional' : 'plain', e.data ?? '');
console.log(drawable.drawMermaid());
console.log(drawable.drawMermaid({ withStyles: false }));
