import { Annotation, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// Time travel: list a thread's checkpoints, then replay from one of them.
const State = Annotation.Root({
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const calls: Record<string, number> = {};
const node = (name: string) => () => {
  calls[name] = (calls[name] ?? 0) + 1;
  return { log: [name] };
};

const graph = new StateGraph(State)
  .addNode('a', node('a'))
  .addNode('b', node('b'))
  .addNode('c', node('c'))
  .addEdge(START, 'a')
  .addEdge('a', 'b')
  .addEdge('b', 'c')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'tt' } };
await graph.invoke({ log: ['start'] }, config);

const history = [];
for await (const snap of graph.getStateHistory(config)) history.push(snap);
console.log('checkpoints', history.length);
for (const snap of history) {
  console.log(snap.metadata?.step, snap.metadata?.source, JSON.stringify(snap.next), snap.values.log?.join('>') ?? '', 'parent?', snap.parentConfig !== undefined);
}

// Replay from the checkpoint taken before "b" ran.
const beforeB = history.find((s) => s.next.length === 1 && s.next[0] === 'b');
if (!beforeB) throw new Error('no checkpoint before b');
const replayed = await graph.invoke(null, beforeB.config);
console.log('replayed', replayed.log.join('>'));
console.log('calls', JSON.stringify(calls));

let total = 0;
for await (const _ of graph.getStateHistory(config)) total += 1;
console.log('checkpoints after replay', total);

const limited = [];
for await (const snap of graph.getStateHistory(config, { limit: 2 })) limited.push(snap.metadata?.step);
console.log('limit 2 steps', JSON.stringify(limited));
const filtered = [];
for await (const snap of graph.getStateHistory(config, { filter: { source: 'input' } })) filtered.push(snap.metadata?.step);
console.log('input checkpoints', JSON.stringify(filtered));
