import { MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

// The prebuilt ReAct agent with a checkpointer, a prompt, and a scripted tool-calling model.
type Reply = { content: string; tool_calls?: { id: string; name: string; args: Record<string, unknown> }[] };

class ScriptedModel extends BaseChatModel {
  private turn = 0;
  seen: number[] = [];
  constructor(private readonly replies: Reply[]) {
    super({});
  }
  _llmType() {
    return 'scripted';
  }
  override bindTools(_tools: unknown[]) {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages.length);
    const reply = this.replies[this.turn++ % this.replies.length];
    const message = new AIMessage({ content: reply.content, tool_calls: reply.tool_calls ?? [] });
    return { generations: [{ message, text: reply.content }] };
  }
}

const lookup = tool(({ sku }) => (sku === 'A1' ? 'in stock: 7' : 'unknown sku'), {
  name: 'lookup_stock',
  description: 'Stock level for a SKU',
  schema: z.object({ sku: z.string() }),
});

const model = new ScriptedModel([
  { content: 'Let me check.', tool_calls: [{ id: 'c1', name: 'lookup_stock', args: { sku: 'A1' } }] },
  { content: 'There are 7 of A1 in stock.' },
  { content: 'You asked about A1 before.' },
]);

const agent = createReactAgent({ llm: model, tools: [lookup], checkpointer: new MemorySaver(), prompt: 'You are a warehouse assistant.' });
const config = { configurable: { thread_id: 'shop' } };

for await (const chunk of await agent.stream({ messages: [new HumanMessage('How many A1?')] }, { ...config, streamMode: 'updates' })) {
  for (const [node, update] of Object.entries(chunk as Record<string, { messages: BaseMessage[] }>)) {
    console.log(node, update.messages.map((m) => `${m.getType()}:${String(m.content)}`).join(' | '));
  }
}
const second = await agent.invoke({ messages: [new HumanMessage('What did I ask?')] }, config);
console.log('messages', second.messages.length, 'last', second.messages[second.messages.length - 1].content);
console.log('model saw', JSON.stringify(model.seen));
const state = await agent.getState(config);
console.log('next', JSON.stringify(state.next));
console.log('nodes', Object.keys(agent.nodes).join(','));
