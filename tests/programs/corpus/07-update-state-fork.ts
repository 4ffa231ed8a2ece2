import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';

// Forking: edit an earlier checkpoint with updateState (as a node) and continue from the fork.
const State = Annotation.Root({
  topic: Annotation<string>,
  joke: Annotation<string>,
});

const graph = new StateGraph(State)
  .addNode('pickTopic', () => ({ topic: 'penguins' }))
  .addNode('tellJoke', (s) => ({ joke: `Why do ${s.topic} never get lost? They follow the flock.` }))
  .addEdge(START, 'pickTopic')
  .addEdge('pickTopic', 'tellJoke')
  .addEdge('tellJoke', END)
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'jokes' } };
const first = await graph.invoke({}, config);
console.log('first', first.joke);

const snaps = [];
for await (const s of graph.getStateHistory(config)) snaps.push(s);
const beforeJoke = snaps.find((s) => s.next.includes('tellJoke'));
if (!beforeJoke) throw new Error('missing checkpoint');
console.log('fork point step', beforeJoke.metadata?.step, 'topic', beforeJoke.values.topic);

const forkConfig = await graph.updateState(beforeJoke.config, { topic: 'otters' });
const forkState = await graph.getState(forkConfig);
console.log('fork next', JSON.stringify(forkState.next), 'source', forkState.metadata?.source, 'step', forkState.metadata?.step);
console.log('fork writes', JSON.stringify((forkState.metadata as { writes?: unknown } | undefined)?.writes));

const forked = await graph.invoke(null, forkConfig);
console.log('forked', forked.joke);

// updateState as a named node decides what runs next.
const asNode = await graph.updateState(beforeJoke.config, { joke: 'no joke today' }, 'tellJoke');
const asNodeState = await graph.getState(asNode);
console.log('as node next', JSON.stringify(asNodeState.next), 'joke', asNodeState.values.joke);

const latest = await graph.getState(config);
console.log('latest joke', latest.values.joke);
let n = 0;
for await (const _ of graph.getStateHistory(config)) n += 1;
console.log('checkpoints', n);
