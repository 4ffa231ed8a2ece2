/**
 * The messages reducer: how a `messages` key folds writes (LangGraph.js `messagesStateReducer`).
 *
 * Writes may be LangChain messages or anything `coerceMessageLikeToMessage` accepts (a string, a
 * `[role, content]` tuple, a `{ role | type, content, … }` object). Both sides are coerced to
 * message classes; chunks (`AIMessageChunk`, …) become their whole-message class so that state
 * never holds partial messages. Every message gets an id (a UUIDv4 when it has none), and a write
 * whose id is already in the list replaces that message in place. `RemoveMessage({ id })` deletes
 * by id (an unknown id is an error), and `RemoveMessage({ id: REMOVE_ALL_MESSAGES })` drops
 * everything before it.
 */
import {
  AIMessage,
  BaseMessageChunk,
  ChatMessage,
  FunctionMessage,
  HumanMessage,
  RemoveMessage,
  SystemMessage,
  ToolMessage,
  coerceMessageLikeToMessage,
  type BaseMessage,
  type BaseMessageLike,
} from '@langchain/core/messages';
import { v4 as uuid4 } from '@langchain/core/utils/uuid';

/** The id of a `RemoveMessage` that clears every message before it. */
export const REMOVE_ALL_MESSAGES = '__remove_all__';

/** A write to a messages key: one message-like value or a list of them. */
export type Messages = BaseMessageLike | BaseMessageLike[];

type Fields = Record<string, unknown>;
type FieldsOf<C> = C extends new (fields: infer F) => BaseMessage ? Exclude<F, string> : never;

/** Whole-message constructor per message type, for turning chunks into messages. */
const WHOLE_CLASS: Record<string, (fields: Fields) => BaseMessage> = {
  human: (f) => new HumanMessage(f as FieldsOf<typeof HumanMessage>),
  ai: (f) => new AIMessage(f as FieldsOf<typeof AIMessage>),
  system: (f) => new SystemMessage(f as FieldsOf<typeof SystemMessage>),
  tool: (f) => new ToolMessage({ ...f, tool_call_id: f.tool_call_id as string } as FieldsOf<typeof ToolMessage>),
  function: (f) => new FunctionMessage({ ...f, name: f.name as string } as FieldsOf<typeof FunctionMessage>),
  generic: (f) => new ChatMessage({ ...f, role: f.role as string } as FieldsOf<typeof ChatMessage>),
};

/** One message-like value as a message class (a chunk becomes its whole-message class). */
export function toMessage(like: BaseMessageLike): BaseMessage {
  const message = coerceMessageLikeToMessage(like);
  if (!BaseMessageChunk.isInstance(message)) return message;
  const Whole = WHOLE_CLASS[message.getType()];
  if (!Whole) return message;
  // The chunk's own fields, minus what only chunks (or the serialisation machinery) carry.
  const fields: Fields = {};
  for (const [k, v] of Object.entries(message)) {
    if (k === 'type' || k === 'tool_call_chunks' || k.startsWith('lc_')) continue;
    fields[k] = v;
  }
  return Whole(fields);
}

// A message-like value may itself be an array (content blocks), so the union needs a hint.
const asList = (x: Messages): BaseMessageLike[] => (Array.isArray(x) ? x : [x]) as BaseMessageLike[];

/** Gives `m` an id if it has none; `lc_kwargs` too, so that the id survives serialisation. */
function ensureId(m: BaseMessage): void {
  if (m.id !== undefined && m.id !== null) return;
  m.id = uuid4();
  m.lc_kwargs.id = m.id;
}

/**
 * Folds `right` (new messages) into `left` (the current list): appends new ids, replaces known
 * ones, applies `RemoveMessage`s. Returns a new list; throws when removing an id that is not there.
 * @param left the current messages (or one message)
 * @param right the update (or one message)
 */
export function messagesStateReducer(left: Messages, right: Messages): BaseMessage[] {
  const leftMessages = asList(left).map(toMessage);
  const rightMessages = asList(right).map(toMessage);
  for (const m of leftMessages) ensureId(m);
  let removeAllAt = -1;
  rightMessages.forEach((m, i) => {
    ensureId(m);
    if (RemoveMessage.isInstance(m) && m.id === REMOVE_ALL_MESSAGES) removeAllAt = i;
  });
  if (removeAllAt >= 0) return rightMessages.slice(removeAllAt + 1);

  const merged = [...leftMessages];
  const indexById = new Map<string | undefined, number>(merged.map((m, i) => [m.id, i]));
  const removed = new Set<string | undefined>();
  for (const m of rightMessages) {
    const at = indexById.get(m.id);
    if (at === undefined) {
      if (RemoveMessage.isInstance(m)) throw new Error(`Attempting to delete a message with an ID that doesn't exist ('${m.id}')`);
      indexById.set(m.id, merged.length);
      merged.push(m);
    } else if (RemoveMessage.isInstance(m)) {
      removed.add(m.id);
    } else {
      // A later write of the same id brings the message back after a removal in the same update.
      removed.delete(m.id);
      merged[at] = m;
    }
  }
  return removed.size === 0 ? merged : merged.filter((m) => !removed.has(m.id));
}

/** Another name for `messagesStateReducer` (LangGraph.js exports both). */
export const addMessages = messagesStateReducer;
