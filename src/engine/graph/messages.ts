/**
 * The messages reducer (LangGraph.js `messagesStateReducer`, a.k.a. `addMessages`): appends
 * messages, replaces a message that has the id of an existing one, removes on `RemoveMessage`, and
 * clears everything before a `RemoveMessage` with id `REMOVE_ALL_MESSAGES`. Message-likes (plain
 * objects, `[role, content]` pairs, strings) become LangChain messages, and every message gets an id.
 */
import { AIMessage, BaseMessage, BaseMessageChunk, ChatMessage, coerceMessageLikeToMessage, FunctionMessage, HumanMessage, RemoveMessage, SystemMessage, ToolMessage, type BaseMessageLike } from '@langchain/core/messages';
import { uuid4 } from '../pregel/ids';

/** The id of a `RemoveMessage` that clears the whole list. */
export const REMOVE_ALL_MESSAGES = '__remove_all__';

type MessageClass = new (fields: any) => BaseMessage;
const CLASS_BY_TYPE: Record<string, MessageClass> = {
  human: HumanMessage, ai: AIMessage, system: SystemMessage, tool: ToolMessage, function: FunctionMessage, generic: ChatMessage,
};

/** A message (a chunk becomes the full message of its type). */
function toMessage(like: BaseMessageLike): BaseMessage {
  const message = coerceMessageLikeToMessage(like);
  if (!BaseMessageChunk.isInstance(message)) return message;
  const Cls = CLASS_BY_TYPE[message.getType()];
  if (!Cls) return message;
  const fields = Object.fromEntries(Object.entries(message).filter(([k]) => k !== 'type' && k !== 'tool_call_chunks' && !k.startsWith('lc_')));
  return new Cls(fields);
}

function ensureId(m: BaseMessage): void {
  if (m.id === null || m.id === undefined) {
    m.id = uuid4();
    (m.lc_kwargs as { id?: string }).id = m.id;
  }
}

/** Merges `right` into `left` by message id (see above). */
export function messagesStateReducer(left: BaseMessageLike | BaseMessageLike[], right: BaseMessageLike | BaseMessageLike[]): BaseMessage[] {
  const list = (x: unknown) => (Array.isArray(x) ? x : [x]) as BaseMessageLike[];
  const leftMessages = list(left).map(toMessage);
  const rightMessages = list(right).map(toMessage);
  leftMessages.forEach(ensureId);
  let removeAll: number | undefined;
  rightMessages.forEach((m, i) => {
    ensureId(m);
    if (RemoveMessage.isInstance(m) && m.id === REMOVE_ALL_MESSAGES) removeAll = i;
  });
  if (removeAll !== undefined) return rightMessages.slice(removeAll + 1);
  const merged = [...leftMessages];
  const indexById = new Map(merged.map((m, i) => [m.id, i]));
  const remove = new Set<string | undefined>();
  for (const m of rightMessages) {
    const at = indexById.get(m.id);
    if (at !== undefined) {
      if (RemoveMessage.isInstance(m)) remove.add(m.id);
      else {
        remove.delete(m.id);
        merged[at] = m;
      }
    } else {
      if (RemoveMessage.isInstance(m)) throw new Error(`Attempting to delete a message with an ID that doesn't exist ('${m.id}')`);
      indexById.set(m.id, merged.length);
      merged.push(m);
    }
  }
  return merged.filter((m) => !remove.has(m.id));
}
