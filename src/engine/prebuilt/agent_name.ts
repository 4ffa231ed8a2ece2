/**
 * `withAgentName(model, 'inline')`: for models that ignore a message's `name`, an agent's own
 * earlier AI messages are shown to the model as `<name>agent</name><content>…</content>`, and the
 * tags are taken off the model's answer again (its `name` restored), as LangGraph.js does.
 */
import { AIMessage, isAIMessage, isAIMessageChunk, isBaseMessage, isBaseMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { RunnableLambda, RunnableSequence, type Runnable } from '@langchain/core/runnables';

const NAME = /<name>(.*?)<\/name>/s;
const CONTENT = /<content>(.*?)<\/content>/s;

type Block = string | { type?: string; text?: string; [k: string]: unknown };

/** The fields to rebuild `m` from: its constructor arguments when it has any. */
const fieldsOf = (m: BaseMessage): Record<string, unknown> => (Object.keys(m.lc_kwargs ?? {}).length > 0 ? m.lc_kwargs : { ...m });

function addInlineName(message: BaseMessage): BaseMessage {
  if (!(isBaseMessage(message) && (isAIMessage(message) || (isBaseMessageChunk(message) && isAIMessageChunk(message)))) || !message.name) return message;
  const { name } = message;
  const tag = (text: string) => `<name>${name}</name><content>${text}</content>`;
  if (typeof message.content === 'string') return new AIMessage({ ...fieldsOf(message), content: tag(message.content), name: undefined });
  let texts = 0;
  const content: Block[] = (message.content as Block[]).map((b) => {
    if (typeof b === 'string') {
      texts += 1;
      return tag(b);
    }
    if (typeof b === 'object' && b.type === 'text') {
      texts += 1;
      return { ...b, text: tag(String(b.text)) };
    }
    return b;
  });
  if (texts === 0) content.unshift({ type: 'text', text: tag('') });
  return new AIMessage({ ...message.lc_kwargs, content: content as never, name: undefined });
}

function removeInlineName(message: BaseMessage): BaseMessage {
  if (!isAIMessage(message) || !message.content) return message;
  let name: string | undefined;
  let content: string | Block[];
  if (Array.isArray(message.content)) {
    content = (message.content as Block[])
      .filter((b) => {
        if (typeof b !== 'object' || b.type !== 'text' || typeof b.text !== 'string') return true;
        const n = b.text.match(NAME);
        const c = b.text.match(CONTENT);
        if (n && (!c || c[1] === '')) {
          name = n[1];
          return false;
        }
        return true;
      })
      .map((b) => {
        if (typeof b !== 'object' || b.type !== 'text' || typeof b.text !== 'string') return b;
        const n = b.text.match(NAME);
        const c = b.text.match(CONTENT);
        if (!n || !c) return b;
        name = n[1];
        return { ...b, text: c[1] };
      });
  } else {
    const n = message.content.match(NAME);
    const c = message.content.match(CONTENT);
    if (!n || !c) return message;
    name = n[1];
    content = c[1];
  }
  return new AIMessage({ ...fieldsOf(message), content: content as never, name });
}

/** `model` wrapped so that agent names travel inside the content (`mode` must be `'inline'`). */
export function withAgentName(model: Runnable, mode: 'inline'): Runnable {
  if (mode !== 'inline') throw new Error(`Invalid agent name mode: ${String(mode)}. Needs to be one of: "inline"`);
  return RunnableSequence.from([
    RunnableLambda.from((messages: BaseMessage[]) => messages.map(addInlineName)),
    model,
    RunnableLambda.from((m: BaseMessage) => removeInlineName(m)),
  ]);
}
