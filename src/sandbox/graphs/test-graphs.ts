/**
 * Graphs for tests only (registered in the browser when the page URL has `testGraphs=1`):
 * a counter that loops for `target` supersteps (optionally awaiting between steps), one whose
 * node loops forever without awaiting after a few committed steps, one with a subgraph node, and one whose two parallel nodes interrupt.
 */
import { Annotation, END, START, StateGraph, interrupt, type BaseCheckpointSaver } from '../../engine/index';
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

const Shared = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

export const subgraphGraph: GraphModule = {
  id: 'test-subgraph',
  title: 'Subgraph (test)',
  description: 'A parent whose middle node is a compiled two-step graph, checkpointed in its own namespace. Used to test namespaces, per-namespace history and checkpoint detail.',
  exampleInput: { log: [] },
  build(checkpointer: BaseCheckpointSaver) {
    const child = new StateGraph(Shared)
      .addNode('step1', () => ({ log: ['child step 1'] }))
      .addNode('step2', () => ({ log: ['child step 2'] }))
      .addEdge(START, 'step1')
      .addEdge('step1', 'step2')
      .addEdge('step2', END)
      .compile();
    return new StateGraph(Shared)
      .addNode('prepare', () => ({ log: ['prepared'] }))
      .addNode('child', child)
      .addNode('finish', () => ({ log: ['finished'] }))
      .addEdge(START, 'prepare')
      .addEdge('prepare', 'child')
      .addEdge('child', 'finish')
      .addEdge('finish', END)
      .compile({ checkpointer });
  },
};

const Review = Annotation.Root({
  doc: Annotation<string>(),
  notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

export const parallelReviewGraph: GraphModule = {
  id: 'test-parallel-review',
  title: 'Parallel reviews (test)',
  description: 'Two reviewers run in the same superstep and each calls interrupt(), so the run stops with two interrupts. Used to test answering parallel interrupts one at a time or together.',
  exampleInput: { doc: 'contract' },
  build(checkpointer: BaseCheckpointSaver) {
    const reviewer = (who: string) => () => {
      const answer: unknown = interrupt({ question: `Does ${who} approve?` });
      return { notes: [`${who}: ${typeof answer === 'string' ? answer : JSON.stringify(answer)}`] };
    };
    return new StateGraph(Review)
      .addNode('legal', reviewer('legal'))
      .addNode('tech', reviewer('tech'))
      .addNode('sign', (s) => ({ notes: [`signed ${s.doc}`] }))
      .addEdge(START, 'legal')
      .addEdge(START, 'tech')
      .addEdge(['legal', 'tech'], 'sign')
      .addEdge('sign', END)
      .compile({ checkpointer });
  },
};
