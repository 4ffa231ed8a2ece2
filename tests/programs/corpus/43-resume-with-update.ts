import { Annotation, Command, END, MemorySaver, START, StateGraph, interrupt } from '@langchain/langgraph';

// Resuming with a Command that also updates state and routes; breakpoints before a subgraph node.
const State = Annotation.Root({
  plan: Annotation<string>,
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const review = new StateGraph(State)
  .addNode('check', (s) => ({ log: [`check ${s.plan}`] }))
  .addEdge(START, 'check')
  .compile();

const graph = new StateGraph(State)
  .addNode('propose', () => ({ plan: 'A', log: ['propose'] }))
  .addNode('ask', (s) => {
    const edit = interrupt({ plan: s.plan }) as string;
    return new Command({ update: { plan: edit, log: [`edited to ${edit}`] }, goto: edit === 'skip' ? END : 'review' });
  }, { ends: ['review', END] })
  .addNode('review', review)
  .addEdge(START, 'propose')
  .addEdge('propose', 'ask')
  .compile({ checkpointer: new MemorySaver(), interruptBefore: ['review'] });

const config = { configurable: { thread_id: 'p' } };
await graph.invoke({ plan: '' }, config);
console.log('paused at', JSON.stringify((await graph.getState(config)).next));

await graph.invoke(new Command({ resume: 'B', update: { log: ['note from the reviewer'] } }), config);
let state = await graph.getState(config);
console.log('paused at', JSON.stringify(state.next), 'plan', state.values.plan, JSON.stringify(state.values.log));

const done = await graph.invoke(null, config);
console.log('done', JSON.stringify(done.log));

const other = { configurable: { thread_id: 'q' } };
await graph.invoke({ plan: '' }, other);
const skipped = await graph.invoke(new Command({ resume: 'skip' }), other);
state = await graph.getState(other);
console.log('skipped', JSON.stringify(skipped.log), 'next', JSON.stringify(state.next));
