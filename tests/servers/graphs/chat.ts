/**
 * A tool-calling chat agent on a scripted chat model (no network). The model's reply depends only
 * on the conversation: after a human message it calls `lookup` with the message text; after a
 * tool result it answers with it. Tool-call ids are derived from the conversation length, so every
 * run of the same input produces the same messages.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const lookup = tool(async ({ query }: { query: string }) => `facts about ${query}`, {
  name: 'lookup',
  description: 'Looks a topic up.',
  schema: z.object({ query: z.string() }),
});

class ScriptedChatModel extends BaseChatModel {
  _llmType() {
    return 'scripted';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages[messages.length - 1];
    const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content);
    const message =
      last?.getType() === 'tool'
        ? new AIMessage({ content: `Answer: ${text}`, id: `ai-${messages.length}` })
        : new AIMessage({
            content: '',
            id: `ai-${messages.length}`,
            tool_calls: [{ id: `call-${messages.length}`, name: 'lookup', args: { query: text }, type: 'tool_call' }],
          });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

const model = new ScriptedChatModel({});

export const graph = new StateGraph(MessagesAnnotation)
  .addNode('agent', async (s) => ({ messages: [await model.invoke(s.messages)] }))
  .addNode('tools', new ToolNode([lookup]))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', (s) => {
    const last = s.messages[s.messages.length - 1] as AIMessage;
    return last.tool_calls?.length ? 'tools' : END;
  }, ['tools', END])
  .addEdge('tools', 'agent')
  .compile();
