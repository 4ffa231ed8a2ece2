import { Annotation, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// A node throws: the caller catches the error, the thread keeps the failed step, and a retry resumes it.
const State = Annotation.Root({
  orders: Annotation<number[]>,
  total: Annotation<number>,
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

let allowNegative = false;
let validateRuns = 0;
let priceRuns = 0;

const graph = new StateGraph(State)
  .addNode('validate', (s) => {
    validateRuns += 1;
    return { log: [`validated ${s.orders.length}`] };
  })
  .addNode('price', (s) => {
    priceRuns += 1;
    if (!allowNegative && s.orders.some((o) => o < 0)) throw new RangeError(`negative order in ${JSON.stringify(s.orders)}`);
    return { total: s.orders.reduce((a, b) => a + b, 0), log: ['priced'] };
  })
  .addNode('audit', () => ({ log: ['audited'] }))
  .addEdge(START, 'validate')
  .addEdge('validate', 'price')
  .addEdge('validate', 'audit')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'orders' } };
try {
  await graph.invoke({ orders: [5, -2, 7] }, config);
} catch (error) {
  console.log('caught', (error as Error).name, '-', (error as Error).message, '- RangeError?', error instanceof RangeError);
}

const state = await graph.getState(config);
console.log('next', JSON.stringify([...state.next].sort()));
for (const t of [...state.tasks].sort((a, b) => a.name.localeCompare(b.name))) {
  console.log('task', t.name, 'error', t.error ? JSON.stringify({ name: (t.error as Error).name ?? null, message: (t.error as Error).message ?? String(t.error) }) : 'none');
}
console.log('log', JSON.stringify(state.values.log));

allowNegative = true;
const resumed = await graph.invoke(null, config);
console.log('resumed total', resumed.total, 'log', JSON.stringify(resumed.log));
console.log('runs validate', validateRuns, 'price', priceRuns);

// Errors in streams surface at the loop.
const seen: string[] = [];
try {
  for await (const chunk of await graph.stream({ orders: [-1] }, { configurable: { thread_id: 'other' }, streamMode: 'updates' })) {
    seen.push(Object.keys(chunk).join(','));
  }
} catch (error) {
  console.log('stream ended with', (error as Error).name, 'after', JSON.stringify(seen));
}
