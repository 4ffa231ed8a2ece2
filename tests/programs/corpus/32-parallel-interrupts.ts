import { Annotation, Command, INTERRUPT, MemorySaver, START, StateGraph, interrupt, isInterrupted } from '@langchain/langgraph';

// Two parallel nodes interrupt in the same step; one Command resumes both by interrupt id.
// Then a node that asks twice: each resume answers the next interrupt() call in order.
const State = Annotation.Root({
  answers: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const graph = new StateGraph(State)
  .addNode('askName', () => ({ answers: [`name=${interrupt('What is your name?') as string}`] }))
  .addNode('askAge', () => ({ answers: [`age=${interrupt('How old are you?') as string}`] }))
  .addNode('askTwice', () => {
    const city = interrupt('City?') as string;
    const country = interrupt(`Country of ${city}?`) as string;
    return { answers: [`place=${city}, ${country}`] };
  })
  .addEdge(START, 'askName')
  .addEdge(START, 'askAge')
  .addEdge('askName', 'askTwice')
  .addEdge('askAge', 'askTwice')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'form' } };
const pendingOf = (result: unknown) => (isInterrupted(result) ? result[INTERRUPT] : []);
const first = await graph.invoke({}, config);
const pending = pendingOf(first);
console.log('pending', pending.map((i) => String(i.value)).sort().join(' | '));

const state = await graph.getState(config);
console.log('next', JSON.stringify([...state.next].sort()), 'interrupts', state.tasks.flatMap((t) => t.interrupts).length);

const answers: Record<string, string> = {};
for (const i of pending) answers[i.id!] = String(i.value).startsWith('What') ? 'Ada' : '36';
const second = await graph.invoke(new Command({ resume: answers }), config);
console.log('after both', JSON.stringify(second.answers), 'now', pendingOf(second).map((i) => String(i.value)).join('|'));

const third = await graph.invoke(new Command({ resume: 'Paris' }), config);
console.log('now', pendingOf(third).map((i) => String(i.value)).join('|'));

const last = await graph.invoke(new Command({ resume: 'France' }), config);
console.log('done', JSON.stringify(last.answers), 'interrupted', isInterrupted(last));
