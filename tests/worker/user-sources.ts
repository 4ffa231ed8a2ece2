/** User graph sources the worker tests save, import and run. */

/** A one-node graph that doubles `n`. */
export const DOUBLER_SOURCE = `import { Annotation, END, START, StateGraph } from 'replaygraph';
const State = Annotation.Root({ n: Annotation<number>() });
export const title = 'Doubler';
export default new StateGraph(State)
  .addNode('double', (s) => ({ n: s.n * 2 }))
  .addEdge(START, 'double')
  .addEdge('double', END);
`;
