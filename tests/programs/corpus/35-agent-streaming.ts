import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { AIMessage, AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

// Streaming an agent's tokens: stream mode "messages" with a streaming fake model (no tool call),
// then the same agent under streamEvents v2, keeping only chat model and tool events.
const clock = tool(() => 'noon', { name: 'clock', description: 'The time', schema: z.object({}) });

const model = new FakeStreamingChatModel({
  sleep: 0,
  chunks: [new AIMessageChunk('It '), new AIMessageChunk('is '), new AIMessageChunk('noon.')],
});
const agent = createReactAgent({ llm: model, tools: [clock] });

let text = '';
const nodes = new Set<string>();
for await (const [chunk, meta] of await agent.stream({ messages: [new HumanMessage('time?')] }, { streamMode: 'messages' })) {
  text += String(chunk.content);
  nodes.add(`${String(meta.langgraph_node)}@${String(meta.langgraph_step)}`);
}
console.log('streamed', JSON.stringify(text), 'from', [...nodes].join(','));

const kinds: string[] = [];
for await (const event of agent.streamEvents({ messages: [new HumanMessage('time?')] }, { version: 'v2' }, { includeTypes: ['chat_model', 'tool'] })) {
  kinds.push(event.event);
}
console.log('events', JSON.stringify([...new Set(kinds)]), 'count', kinds.length);

const final = await agent.invoke({ messages: [new HumanMessage('time?')] });
const last = final.messages[final.messages.length - 1] as AIMessage;
console.log('final', last.getType(), JSON.stringify(last.content), 'messages', final.messages.length);
