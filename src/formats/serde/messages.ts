/**
 * LangChain messages, from either language, as one chat shape (`ChatMessage`). Python writes a
 * message as a pydantic model (msgpack extension 5: module, class, `model_dump()`); JS writes it
 * as a LangChain `lc: 1` constructor (`id: ["langchain_core", "messages", "AIMessage"]`,
 * `kwargs`). Both carry the same field names, so only the class has to be mapped to a type.
 */
import type { ChatMessage } from './values';

/** Message class → LangChain message type. */
const CLASS_TYPES: Readonly<Record<string, string>> = {
  HumanMessage: 'human',
  HumanMessageChunk: 'human',
  AIMessage: 'ai',
  AIMessageChunk: 'ai',
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
  FunctionMessage: 'function',
  FunctionMessageChunk: 'function',
  ChatMessage: 'chat',
  ChatMessageChunk: 'chat',
  RemoveMessage: 'remove',
};

/** LangChain message type → the class to rebuild it with, when only the type is known. */
export const TYPE_CLASSES: Readonly<Record<string, string>> = {
  human: 'HumanMessage',
  ai: 'AIMessage',
  system: 'SystemMessage',
  tool: 'ToolMessage',
  function: 'FunctionMessage',
  chat: 'ChatMessage',
  remove: 'RemoveMessage',
  developer: 'SystemMessage',
};

/**
 * True when `module`/`name` is a LangChain message class: Python modules
 * `langchain_core.messages.*` (and the older `langchain.schema.messages`), JS ids
 * `langchain_core.messages` / `langchain.schema.messages`.
 */
export function isMessageClass(module: string, name: string): boolean {
  if (!Object.hasOwn(CLASS_TYPES, name)) return false;
  return module.startsWith('langchain_core.messages') || module.startsWith('langchain.schema.messages') || module === 'langchain_core' || module === 'langchain.schema';
}

/** Fields Python's `model_dump()` always writes that say nothing when at their default. */
function isDefault(key: string, value: unknown): boolean {
  return value === null || value === undefined || (key === 'example' && value === false);
}

/**
 * A chat message from its class name and stored fields. Null fields are dropped (Python writes
 * `name: None`, JS leaves the key out), `type` comes from the class.
 * @param className the message class (`AIMessage`, `ToolMessageChunk`, …)
 * @param fields the stored fields (`kwargs` or `model_dump()`)
 */
export function chatMessage(className: string, fields: Record<string, unknown>): ChatMessage {
  const declared = typeof fields.type === 'string' ? fields.type : undefined;
  const type = CLASS_TYPES[className] ?? declared ?? 'chat';
  const message: ChatMessage = { $type: 'message', type, class: className, content: fields.content ?? '' };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'type' || key === 'content' || key === '$type' || key === 'class' || isDefault(key, value)) continue;
    if (key === '__proto__') Object.defineProperty(message, key, { value, enumerable: true, writable: true, configurable: true });
    else message[key] = value;
  }
  if (type === 'ai') withToolCalls(message);
  return message;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An AI message stored before LangChain had `tool_calls` (or by an app that left them out) keeps
 * them in OpenAI's form in `additional_kwargs.tool_calls` (`{ id, type: 'function', function:
 * { name, arguments } }`, the arguments as JSON text). LangChain reads such a message with its
 * `tool_calls` parsed from them (langchain-core's `AIMessage` backwards-compatible validator;
 * arguments that are not JSON go to `invalid_tool_calls`), and so does this reader.
 */
function withToolCalls(message: ChatMessage): void {
  const has = (k: string) => Array.isArray(message[k]) && (message[k] as unknown[]).length > 0;
  if (has('tool_calls') || has('invalid_tool_calls')) return;
  const extra = isRecord(message.additional_kwargs) ? message.additional_kwargs.tool_calls : undefined;
  if (!Array.isArray(extra) || extra.length === 0) return;
  const calls: Record<string, unknown>[] = [];
  const invalid: Record<string, unknown>[] = [];
  for (const raw of extra) {
    if (!isRecord(raw)) continue;
    const fn = isRecord(raw.function) ? raw.function : {};
    const name = typeof fn.name === 'string' ? fn.name : null;
    const id = typeof raw.id === 'string' ? raw.id : null;
    const text = typeof fn.arguments === 'string' ? fn.arguments : undefined;
    let args: unknown = isRecord(fn.arguments) ? fn.arguments : undefined;
    if (text !== undefined) {
      try {
        args = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        args = undefined;
      }
    }
    if (name !== null && isRecord(args)) calls.push({ name, args, id, type: 'tool_call' });
    else invalid.push({ name, args: text ?? null, id, error: null, type: 'invalid_tool_call' });
  }
  message.tool_calls = calls;
  message.invalid_tool_calls = invalid;
}
