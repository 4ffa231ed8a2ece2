import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

// A hand-written agent loop: model → ToolNode while the model asks for tools (toolsCondition).
type Reply = { content: string; tool_calls?: { id: string; name: string; args: Record<string, unknown> }[] };

/** A chat model that answers with the next scripted reply on each call. */
class ScriptedModel extends BaseChatModel {
  private turn = 0;
  constructor(private readonly replies: Reply[]) {
    super({});
  }
  _llmType() {
    return 'scripted';
  }
  override bindTools(_tools: unknown[]) {
    return this;
  }
  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    const reply = this.replies[this.turn++ % this.replies.length];
    const message = new AIMessage({ content: reply.content, tool_calls: reply.tool_calls ?? [] });
    return { generations: [{ message, text: reply.content }] };
  }
}

const weather = tool(async ({ city }) => (city === 'Paris' ? 'sunny, 21C' : 'rainy, 12C'), {
  name: 'get_weather',
  description: 'Current weather in a city',
  schema: z.object({ city: z.string().describe('the city') }),
});
const add = tool(async ({ a, b }) => String(a + b), {
  name: 'add',
  description: 'Adds two numbers',
  schema: z.object({ a: z.number(), b: z.number() }),
});

const model = new ScriptedModel([
  { content: '', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }, { id: 'call_2', name: 'add', args: { a: 2, b: 40 } }] },
  { content: '', tool_calls: [{ id: 'call_3', name: 'get_weather', args: { city: 'Oslo' } }] },
  { content: 'Paris is sunny, Oslo is rainy, and 2 + 40 = 42.' },
]).bindTools([weather, add]);

const graph = new StateGraph(MessagesAnnotation)
  .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
  .addNode('tools', new ToolNode([weather, add]))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', toolsCondition, ['tools', END])
  .addEdge('tools', 'agent')
  .compile();

const result = await graph.invoke({ messages: [new HumanMessage('Weather in Paris and Oslo? Also 2+40.')] });
for (const m of result.messages) {
  const calls = (m as AIMessage).tool_calls?.map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(' ') ?? '';
  const toolInfo = m.getType() === 'tool' ? ` [${(m as unknown as { name: string; tool_call_id: string }).name} ${(m as unknown as { tool_call_id: string }).tool_call_id}]` : '';
  console.log(m.getType(), JSON.stringify(m.content), calls, toolInfo);
}

// The ToolNode on its own, with a bad tool call: the error comes back as a ToolMessage.
const direct = new ToolNode([add]);
const out = await direct.invoke({
  messages: [new AIMessage({ content: '', tool_calls: [{ id: 'x1', name: 'add', args: { a: 'one', b: 2 } }, { id: 'x2', name: 'nope', args: {} }] })],
});
for (const m of out.messages) console.log('direct', m.getType(), String(m.content).split('\n')[0], (m as unknown as { status?: string }).status);
