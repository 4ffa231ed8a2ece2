import { Annotation, MessagesAnnotation, REMOVE_ALL_MESSAGES, START, StateGraph, messagesStateReducer } from '@langchain/langgraph';
import { AIMessage, HumanMessage, RemoveMessage, type BaseMessage } from '@langchain/core/messages';

// Reducers: the messages reducer (append, replace by id, RemoveMessage, remove all) and custom ones.
const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  tally: Annotation<Record<string, number>>({
    reducer: (a, b) => {
      const next = { ...a };
      for (const [k, v] of Object.entries(b)) next[k] = (next[k] ?? 0) + v;
      return next;
    },
    default: () => ({}),
  }),
  latest: Annotation<string>,
});

const show = (ms: BaseMessage[]) => ms.map((m) => `${m.getType()}(${m.id}):${String(m.content)}`).join(' ');

const graph = new StateGraph(State)
  .addNode('greet', () => ({ messages: [new AIMessage({ id: 'a1', content: 'hello' })], tally: { greet: 1 }, latest: 'greet' }))
  .addNode('fix', () => ({ messages: [new AIMessage({ id: 'a1', content: 'hello, edited' }), { role: 'user', content: 'dict message', id: 'u2' }], tally: { fix: 1, greet: 1 } }))
  .addNode('prune', () => ({ messages: [new RemoveMessage({ id: 'h0' })], latest: 'prune' }))
  .addEdge(START, 'greet')
  .addEdge('greet', 'fix')
  .addEdge('fix', 'prune')
  .compile();

const out = await graph.invoke({ messages: [new HumanMessage({ id: 'h0', content: 'hi' })] });
console.log(show(out.messages));
console.log(JSON.stringify(out.tally), out.latest);

// The reducer on its own.
const merged = messagesStateReducer([new HumanMessage({ id: '1', content: 'a' })], [new AIMessage({ id: '2', content: 'b' })]);
console.log(show(merged));
const cleared = messagesStateReducer(merged, [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), new AIMessage({ id: '3', content: 'fresh' })]);
console.log(show(cleared));
try {
  messagesStateReducer(merged, [new RemoveMessage({ id: 'missing' })]);
} catch (error) {
  console.log('remove missing:', (error as Error).message);
}

// Two parallel writes to a key without a reducer are an error.
const Plain = Annotation.Root({ value: Annotation<string> });
const clash = new StateGraph(Plain)
  .addNode('left', () => ({ value: 'L' }))
  .addNode('right', () => ({ value: 'R' }))
  .addEdge(START, 'left')
  .addEdge(START, 'right')
  .compile();
try {
  await clash.invoke({ value: '' });
} catch (error) {
  console.log((error as Error).name, (error as Error).message.split('\n')[0]);
}
