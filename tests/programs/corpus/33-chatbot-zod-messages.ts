import { END, MemorySaver, MessagesZodMeta, START, StateGraph } from '@langchain/langgraph';
import { registry } from '@langchain/langgraph/zod';
import { HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { z } from 'zod';

// A chatbot whose zod state has a messages key (the messages reducer, via MessagesZodMeta) and a
// counter, with memory per thread.
const State = z.object({
  messages: z.custom<BaseMessage[]>().register(registry, MessagesZodMeta),
  turns: z.number().default(0),
});

const llm = new FakeListChatModel({ responses: ['Hello! How can I help?', 'Sure, here is a haiku.', 'Goodbye!'] });

const chatbot = new StateGraph(State)
  .addNode('chat', async (state) => ({ messages: [await llm.invoke(state.messages)], turns: state.turns + 1 }))
  .addEdge(START, 'chat')
  .addEdge('chat', END)
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'chat-1' } };
for (const text of ['hi', 'write a haiku', 'bye']) {
  const out = await chatbot.invoke({ messages: [new HumanMessage(text)] }, config);
  const last = out.messages[out.messages.length - 1];
  console.log(`> ${text}`);
  console.log(`< ${String(last.content)} [turn ${out.turns}, ${out.messages.length} messages]`);
}
const state = await chatbot.getState(config);
console.log('types', state.values.messages.map((m: BaseMessage) => m.getType()).join(','));

// Plain-object messages are coerced into message classes.
const fresh = await chatbot.invoke({ messages: [{ role: 'user', content: 'again?' }] }, { configurable: { thread_id: 'chat-2' } });
console.log('coerced', fresh.messages.map((m) => `${m.getType()}:${String(m.content)}`).join(' / '));
