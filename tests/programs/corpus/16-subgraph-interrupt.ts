import { Annotation, Command, MemorySaver, START, StateGraph, interrupt } from '@langchain/langgraph';

// An interrupt raised inside a subgraph pauses the parent; resume goes back down into it.
const S = Annotation.Root({
  request: Annotation<string>,
  decision: Annotation<string>,
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

let askRuns = 0;
const review = new StateGraph(S)
  .addNode('prepare', (s) => ({ log: [`prepare ${s.request}`] }))
  .addNode('ask', () => {
    askRuns += 1;
    const decision = interrupt(`decide on the request`) as string;
    return { decision, log: [`decided ${decision}`] };
  })
  .addEdge(START, 'prepare')
  .addEdge('prepare', 'ask')
  .compile();

const app = new StateGraph(S)
  .addNode('receive', (s) => ({ log: [`received ${s.request}`] }))
  .addNode('review', review)
  .addNode('apply', (s) => ({ log: [`apply ${s.decision}`] }))
  .addEdge(START, 'receive')
  .addEdge('receive', 'review')
  .addEdge('review', 'apply')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'sub-hitl' } };
for await (const chunk of await app.stream({ request: 'refund' }, { ...config, streamMode: 'updates', subgraphs: true })) {
  const [ns, update] = chunk as [string[], Record<string, unknown>];
  console.log(ns.map((p) => p.split(':')[0]).join('/') || '-', JSON.stringify(update, (k, v) => (k === 'id' ? undefined : v)));
}

const paused = await app.getState(config, { subgraphs: true });
console.log('next', JSON.stringify(paused.next));
const task = paused.tasks[0];
console.log('task', task.name, 'interrupts', task.interrupts.map((i) => i.value).join('|'));
const sub = task.state as { next: string[]; values: { log: string[] } } | undefined;
console.log('subgraph next', JSON.stringify(sub?.next), 'subgraph log', JSON.stringify(sub?.values.log));

const done = await app.invoke(new Command({ resume: 'approve' }), config);
console.log(JSON.stringify(done.log), done.decision);
console.log('ask ran', askRuns);
console.log('final next', JSON.stringify((await app.getState(config)).next));
