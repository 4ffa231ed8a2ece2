/**
 * Graphs for tests only (registered in the browser when the page URL has `testGraphs=1`):
 * a counter that loops for `target` supersteps (optionally awaiting between steps), and one whose
 * node loops forever without awaiting after a few committed steps.
 */
import { Annotation, END, START, StateGraph, type BaseCheckpointSaver } from '../../engine/index';
import type { GraphModule } from './registry';

const Counter = Annotation.Root({
  count: Annotation<number>(),
  target: Annotation<number>(),
  delayMs: Annotation<number>(),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const counterGraph: GraphModule = {
  id: 'test-counter',
  title: 'Counter (test)',
  description: 'Counts up one per superstep until `target`, waiting `delayMs` in each step. Used to test long runs, batching and cooperative cancel.',
  exampleInput: { count: 0, target: 100, delayMs: 0 },
  build(checkpointer: BaseCheckpointSaver) {
    return new StateGraph(Counter)
      .addNode('inc', async (s) => {
        if (s.delayMs > 0) await sleep(s.delayMs);
        return { count: s.count + 1 };
      })
      .addEdge(START, 'inc')
      .addConditionalEdges('inc', (s) => (s.count < s.target ? 'inc' : END))
      .compile({ checkpointer });
  },
};

const Spinner = Annotation.Root({ count: Annotation<number>() });

export const spinForeverGraph: GraphModule = {
  id: 'test-spin-forever',
  title: 'Spins forever (test)',
  description: 'Counts three supersteps, then a node loops forever without awaiting. Used to test that cancel restarts the worker and keeps the committed checkpoints.',
  exampleInput: { count: 0 },
  build(checkpointer: BaseCheckpointSaver) {
    return new StateGraph(Spinner)
      .addNode('inc', (s) => ({ count: s.count + 1 }))
      .addNode('spin', () => {
        // Deliberately never returns and never yields to the event loop.
        for (;;) {
          /* spin */
        }
      })
      .addEdge(START, 'inc')
      .addConditionalEdges('inc', (s) => (s.count < 3 ? 'inc' : 'spin'))
      .addEdge('spin', END)
      .compile({ checkpointer });
  },
};
