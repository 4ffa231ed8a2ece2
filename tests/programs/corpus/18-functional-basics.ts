import { MemorySaver, entrypoint, task } from '@langchain/langgraph';

// The functional API: tasks called from an entrypoint, in parallel and in sequence.
const calls: string[] = [];
const square = task('square', async (n: number) => {
  calls.push(`square ${n}`);
  return n * n;
});
const label = task('label', (values: number[]) => values.map((v) => `#${v}`).join(' '));

const workflow = entrypoint({ name: 'squares', checkpointer: new MemorySaver() }, async (numbers: number[]) => {
  const squares = await Promise.all(numbers.map((n) => square(n)));
  const text = await label(squares);
  return { squares, text };
});

const config = { configurable: { thread_id: 'f1' } };
console.log(JSON.stringify(await workflow.invoke([1, 2, 3], config)));
console.log('calls', calls.length);

for await (const chunk of await workflow.stream([4], { configurable: { thread_id: 'f2' }, streamMode: 'updates' })) {
  console.log('update', JSON.stringify(chunk));
}
const state = await workflow.getState(config);
console.log('state', JSON.stringify(state.values), 'next', JSON.stringify(state.next));
let n = 0;
for await (const _ of workflow.getStateHistory(config)) n += 1;
console.log('checkpoints', n);

// Without a checkpointer.
const plain = entrypoint('plain', async (x: string) => `${x}!`);
console.log(await plain.invoke('hi'));
