/** Two parallel branches: `steady` succeeds, `boom` throws, so the superstep fails with one write pending. */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

export const BOOM = 'boom: the tool is out of order';

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({
    done: lg.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
  });
  return new lg.StateGraph(State)
    .addNode('steady', () => ({ done: ['steady'] }))
    .addNode('boom', () => {
      throw new Error(BOOM);
    })
    .addEdge(lg.START, 'steady')
    .addEdge(lg.START, 'boom')
    .addEdge('steady', lg.END)
    .addEdge('boom', lg.END)
    .compile();
}

export const graph = build(langgraph);
