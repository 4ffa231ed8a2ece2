import { MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { HumanMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

// Stream mode "messages": the tokens of chat models called inside nodes, with node metadata.
const poet = new FakeListChatModel({ responses: ['Roses bloom', 'Moon rises'] });
const critic = new FakeListChatModel({ responses: ['Nice.'] });

const graph = new StateGraph(MessagesAnnotation)
  .addNode('poet', async (state) => ({ messages: [await poet.invoke(state.messages)] }))
  .addNode('critic', async (state) => ({ messages: [await critic.invoke(state.messages, { tags: ['review'] })] }))
  .addEdge(START, 'poet')
  .addEdge('poet', 'critic')
  .compile();

const byNode: Record<string, string> = {};
let chunks = 0;
for await (const [chunk, meta] of await graph.stream({ messages: [new HumanMessage('a poem')] }, { streamMode: 'messages' })) {
  chunks += 1;
  const node = String(meta.langgraph_node);
  byNode[node] = (byNode[node] ?? '') + String(chunk.content);
  if (chunks <= 3) console.log('chunk', chunk.getType(), JSON.stringify(chunk.content), node, meta.langgraph_step, JSON.stringify(meta.tags));
}
console.log('chunks', chunks);
console.log(JSON.stringify(byNode));

// The second run gets the model's next answer; messages mode together with updates.
for await (const [mode, payload] of await graph.stream({ messages: [new HumanMessage('another')] }, { streamMode: ['updates', 'messages'] })) {
  if (mode === 'updates') {
    for (const [node, update] of Object.entries(payload as Record<string, { messages: { content: unknown }[] }>)) {
      console.log('update', node, update.messages.map((m) => m.content).join('|'));
    }
  }
}
