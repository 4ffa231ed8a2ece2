import { MemorySaver, entrypoint, getPreviousState } from '@langchain/langgraph';

// Short-term memory across invocations: getPreviousState and entrypoint.final.
const counter = entrypoint({ name: 'counter', checkpointer: new MemorySaver() }, async (step: number) => {
  const previous = getPreviousState<number>() ?? 0;
  const total = previous + step;
  return entrypoint.final({ value: `added ${step}`, save: total });
});

const config = { configurable: { thread_id: 'c' } };
for (const step of [1, 5, 10]) {
  console.log(JSON.stringify(await counter.invoke(step, config)));
}
const state = await counter.getState(config);
console.log('saved', JSON.stringify(state.values));

const other = { configurable: { thread_id: 'other' } };
console.log(JSON.stringify(await counter.invoke(2, other)));

// Without entrypoint.final the return value itself is what the next call sees.
const chat = entrypoint({ name: 'chat', checkpointer: new MemorySaver() }, async (line: string) => {
  const history = getPreviousState<string[]>() ?? [];
  return [...history, line];
});
const c2 = { configurable: { thread_id: 'h' } };
await chat.invoke('one', c2);
await chat.invoke('two', c2);
console.log(JSON.stringify(await chat.invoke('three', c2)));
