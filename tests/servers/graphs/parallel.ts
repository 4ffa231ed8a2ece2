/** Two branches that interrupt in the same superstep, then a join that sums up their answers. */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({
    answers: lg.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    summary: lg.Annotation(),
  });
  return new lg.StateGraph(State)
    .addNode('ask_a', () => ({ answers: [`a=${String(lg.interrupt({ ask: 'a' }))}`] }))
    .addNode('ask_b', () => ({ answers: [`b=${String(lg.interrupt({ ask: 'b' }))}`] }))
    .addNode('join', (s: { answers: string[] }) => ({ summary: [...s.answers].sort().join(',') }))
    .addEdge(lg.START, 'ask_a')
    .addEdge(lg.START, 'ask_b')
    .addEdge(['ask_a', 'ask_b'], 'join')
    .addEdge('join', lg.END)
    .compile();
}

export const graph = build(langgraph);
