import { Annotation, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// Stream mode "debug": checkpoints, tasks and task results, step by step.
const State = Annotation.Root({
  text: Annotation<string>,
  words: Annotation<number>,
});

const graph = new StateGraph(State)
  .addNode('clean', (s) => ({ text: s.text.trim().toLowerCase() }))
  .addNode('count', (s) => ({ words: s.text.split(/\s+/).length }))
  .addEdge(START, 'clean')
  .addEdge('clean', 'count')
  .compile({ checkpointer: new MemorySaver() });

type DebugChunk = { type: string; step: number; payload: Record<string, unknown> };
const describe = (chunk: DebugChunk): string => {
  const p = chunk.payload;
  if (chunk.type === 'checkpoint') return `values=${JSON.stringify(p.values)} next=${JSON.stringify(p.next)} tasks=${(p.tasks as unknown[]).length}`;
  if (chunk.type === 'task') return `name=${String(p.name)} input=${JSON.stringify(p.input)} triggers=${JSON.stringify(p.triggers)}`;
  return `name=${String(p.name)} result=${JSON.stringify(p.result)} error=${JSON.stringify(p.error ?? null)} interrupts=${JSON.stringify(p.interrupts)}`;
};

for await (const chunk of await graph.stream({ text: '  Hello Big World ' }, { streamMode: 'debug', configurable: { thread_id: 'd' } })) {
  const c = chunk as DebugChunk;
  console.log(c.type, c.step, describe(c));
}

// Without a checkpointer there are no checkpoint chunks.
const plain = new StateGraph(State).addNode('count', (s) => ({ words: s.text.length })).addEdge(START, 'count').compile();
const types: string[] = [];
for await (const chunk of await plain.stream({ text: 'abc' }, { streamMode: 'debug' })) types.push((chunk as DebugChunk).type);
console.log('without checkpointer', types.join(','));
