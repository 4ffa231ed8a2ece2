/** A plain three-step chain: each node appends its name to `steps`; `third` writes a note. */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({
    steps: lg.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    note: lg.Annotation(),
  });
  return new lg.StateGraph(State)
    .addNode('first', () => ({ steps: ['first'] }))
    .addNode('second', () => ({ steps: ['second'] }))
    .addNode('third', (s: { steps: string[] }) => ({ steps: ['third'], note: `saw ${s.steps.length} steps` }))
    .addEdge(lg.START, 'first')
    .addEdge('first', 'second')
    .addEdge('second', 'third')
    .addEdge('third', lg.END)
    .compile();
}

export const graph = build(langgraph);
