import { MemorySaver, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { AIMessage, HumanMessage } from '@langchain/core/messages';

// Conversation memory: a checkpointer plus a thread_id keeps each thread's messages apart.
const echo = (state: typeof MessagesAnnotation.State) => {
  const last = state.messages[state.messages.length - 1];
  return { messages: [new AIMessage(`you said "${String(last.content)}" (${state.messages.length} so far)`)] };
};

const app = new StateGraph(MessagesAnnotation)
  .addNode('echo', echo)
  .addEdge(START, 'echo')
  .compile({ checkpointer: new MemorySaver() });

const alice = { configurable: { thread_id: 'alice' } };
const bob = { configurable: { thread_id: 'bob' } };

await app.invoke({ messages: [new HumanMessage('hi, I am Alice')] }, alice);
await app.invoke({ messages: [new HumanMessage('hello from Bob')] }, bob);
const again = await app.invoke({ messages: [new HumanMessage('what did I say?')] }, alice);

for (const m of again.messages) console.log(m.getType(), '|', m.content);

const bobState = await app.getState(bob);
console.log('bob messages', bobState.values.messages.length, 'next', JSON.stringify(bobState.next));
console.log('bob step', bobState.metadata?.step, 'source', bobState.metadata?.source);

let count = 0;
for await (const snapshot of app.getStateHistory(alice)) {
  count += 1;
  console.log('history', snapshot.metadata?.step, snapshot.metadata?.source, snapshot.values.messages?.length ?? 0, JSON.stringify(snapshot.next));
}
console.log('alice checkpoints', count);
