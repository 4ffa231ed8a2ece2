/**
 * Retries with backoff, then a fork with edited state: "fetch" fails twice and succeeds on its third
 * attempt (the engine traces each retry and its wait); fork the checkpoint after it with another
 * `price` to see a new branch computed from edited state.
 */
import { Annotation, END, START, StateGraph } from 'replaygraph';

export const title = 'Retries with backoff, then a fork';
export const description =
  'The fetch node fails twice and succeeds on its third attempt under a retry policy with backoff: the failed attempts write no checkpoint, and the state after fetch records attempts: 3. ' +
  'Then fork the checkpoint after fetch with an edited price: a new branch computes a new total while the original branch stays in the timeline.';
export const exampleInput = { item: 'book', quantity: 3 };

const State = Annotation.Root({
  item: Annotation<string>(),
  quantity: Annotation<number>(),
  price: Annotation<number>(),
  attempts: Annotation<number>(),
  total: Annotation<number>(),
});

// Attempts per thread in this run's worker (each run has a fresh one): the first two fail.
const attempts = new Map<string, number>();

export default new StateGraph(State)
  .addNode(
    'fetch',
    (s, config) => {
      const thread = String(config.configurable?.thread_id ?? '');
      const n = (attempts.get(thread) ?? 0) + 1;
      attempts.set(thread, n);
      if (n < 3) throw new Error(`price service unavailable (attempt ${n})`);
      return { price: 12, attempts: n };
    },
    { retryPolicy: { maxAttempts: 4, initialInterval: 20, backoffFactor: 2, jitter: false } },
  )
  // A node may not share a state key's name (LangGraph.js rejects it): `compute` writes `total`.
  .addNode('compute', (s) => ({ total: s.price * s.quantity }))
  .addEdge(START, 'fetch')
  .addEdge('fetch', 'compute')
  .addEdge('compute', END);
