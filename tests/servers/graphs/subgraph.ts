/**
 * A parent graph whose `inner` node runs a compiled subgraph. With `{ ask: true }` in the input the
 * subgraph interrupts in its second node, so the parent's state has a task with a subgraph state.
 */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({
    log: lg.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    ask: lg.Annotation(),
  });
  const inner = new lg.StateGraph(State)
    .addNode('inner_a', () => ({ log: ['inner_a'] }))
    .addNode('inner_b', (s: { ask?: boolean }) => ({ log: [s.ask ? `inner_b:${String(lg.interrupt('inner?'))}` : 'inner_b'] }))
    .addEdge(lg.START, 'inner_a')
    .addEdge('inner_a', 'inner_b')
    .addEdge('inner_b', lg.END)
    .compile();
  return new lg.StateGraph(State)
    .addNode('prepare', () => ({ log: ['prepare'] }))
    .addNode('inner', inner)
    .addNode('finish', () => ({ log: ['finish'] }))
    .addEdge(lg.START, 'prepare')
    .addEdge('prepare', 'inner')
    .addEdge('inner', 'finish')
    .addEdge('finish', lg.END)
    .compile();
}

export const graph = build(langgraph);
