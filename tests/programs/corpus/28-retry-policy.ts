import { Annotation, START, StateGraph } from '@langchain/langgraph';

// Retry policies: a flaky node succeeds on its third attempt; retryOn decides which errors retry.
const State = Annotation.Root({ result: Annotation<string>, attempts: Annotation<number> });

let flakyCalls = 0;
class TransientError extends Error {
  override name = 'TransientError';
}

const graph = new StateGraph(State)
  .addNode(
    'fetch',
    () => {
      flakyCalls += 1;
      if (flakyCalls < 3) throw new TransientError(`attempt ${flakyCalls} failed`);
      return { result: 'payload', attempts: flakyCalls };
    },
    { retryPolicy: { maxAttempts: 5, initialInterval: 1, backoffFactor: 1, jitter: false } },
  )
  .addEdge(START, 'fetch')
  .compile();

console.log(JSON.stringify(await graph.invoke({})));

// Too few attempts: the last error reaches the caller.
let strictCalls = 0;
const strict = new StateGraph(State)
  .addNode(
    'fetch',
    () => {
      strictCalls += 1;
      throw new TransientError(`strict attempt ${strictCalls}`);
    },
    { retryPolicy: { maxAttempts: 2, initialInterval: 1, jitter: false } },
  )
  .addEdge(START, 'fetch')
  .compile();
try {
  await strict.invoke({});
} catch (error) {
  console.log('gave up:', (error as Error).name, (error as Error).message, 'calls', strictCalls);
}

// retryOn: only errors it accepts are retried.
let pickyCalls = 0;
const picky = new StateGraph(State)
  .addNode(
    'fetch',
    () => {
      pickyCalls += 1;
      throw new TypeError('not retryable');
    },
    { retryPolicy: { maxAttempts: 4, initialInterval: 1, jitter: false, retryOn: (e: unknown) => e instanceof TransientError } },
  )
  .addEdge(START, 'fetch')
  .compile();
try {
  await picky.invoke({});
} catch (error) {
  console.log('not retried:', (error as Error).name, (error as Error).message, 'calls', pickyCalls);
}
