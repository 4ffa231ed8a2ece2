/**
 * Recognising LangChain messages in state values as the page receives them, and reading them into
 * one shape for the chat transcript. Pure functions over plain JSON: the UI never sees message
 * classes. A message arrives in one of these forms:
 * - a class instance made plain by the protocol (`toJsonSafe`): its fields plus `"[class]": "AIMessage"`
 *   (in a minified bundle the class name is mangled, and its `type` field tells);
 * - LangChain's serialised record, `{ lc: 1, type: 'constructor', id: [..., 'AIMessage'], kwargs }`
 *   (checkpoint files, imported threads);
 * - a message dict, `{ type: 'ai' | 'human' | 'tool' | 'system', content, … }` (LangGraph servers) or
 *   `{ role: 'user' | 'assistant' | 'tool' | 'system', content }`.
 */
import type { Json } from '../../../protocol/dto';

/** Who speaks in a transcript. */
export type ChatRole = 'human' | 'ai' | 'tool' | 'system' | 'function' | 'remove' | 'other';

/** A tool call an AI message asks for. */
export interface ChatToolCall {
  id: string | null;
  name: string;
  args: Json;
}

/** One message of a transcript. */
export interface ChatMessageView {
  role: ChatRole;
  /** The class or role as written (`AIMessageChunk`, `ChatMessage(critic)`…). */
  label: string;
  id: string | null;
  name: string | null;
  /** The text parts of the content, joined. */
  text: string;
  /** Content blocks other than text (images, tool-use blocks…), by type. */
  otherBlocks: string[];
  toolCalls: ChatToolCall[];
  /** A tool message: the call it answers. */
  toolCallId: string | null;
  /** A tool message's status (`success`, `error`). */
  status: string | null;
  /** The value as it arrived (for the raw JSON view). */
  raw: Json;
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);

const CLASS_ROLES: Record<string, ChatRole> = {
  HumanMessage: 'human', AIMessage: 'ai', ToolMessage: 'tool', SystemMessage: 'system', FunctionMessage: 'function',
  ChatMessage: 'other', RemoveMessage: 'remove',
};
const TYPE_ROLES: Record<string, ChatRole> = {
  human: 'human', user: 'human', ai: 'ai', assistant: 'ai', tool: 'tool', system: 'system', developer: 'system',
  function: 'function', generic: 'other', remove: 'remove',
};

/** The role of a class name (`AIMessageChunk` is an AI message). */
function roleOfClass(name: string): ChatRole | null {
  return CLASS_ROLES[name.replace(/Chunk$/, '')] ?? null;
}

/** The fields and role of a value, or null when it is not a message. */
function fieldsOf(v: Json): { fields: Obj; role: ChatRole; label: string } | null {
  if (!isObj(v)) return null;
  // A minified bundle renames classes: then the message's own `type` field says what it is.
  const cls = str(v['[class]']);
  const classRole = cls === null ? null : roleOfClass(cls);
  if (cls !== null && classRole !== null) return 'content' in v ? { fields: v, role: classRole, label: cls } : null;
  if (v.lc === 1 && v.type === 'constructor' && Array.isArray(v.id) && isObj(v.kwargs)) {
    const name = str(v.id[v.id.length - 1]);
    const role = name === null ? null : roleOfClass(name);
    return role && name ? { fields: v.kwargs, role, label: name } : null;
  }
  const kind = str(v.type) ?? str(v.role);
  if (kind === null || !('content' in v)) return null;
  const role = TYPE_ROLES[kind];
  return role ? { fields: v, role, label: kind } : null;
}

/** The text of a message's content (a string, or a list of content blocks). */
function contentOf(content: Json | undefined): { text: string; otherBlocks: string[] } {
  if (typeof content === 'string') return { text: content, otherBlocks: [] };
  if (!Array.isArray(content)) return { text: content == null ? '' : JSON.stringify(content), otherBlocks: [] };
  const texts: string[] = [];
  const otherBlocks: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') texts.push(block);
    else if (isObj(block) && block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else otherBlocks.push(isObj(block) && typeof block.type === 'string' ? block.type : 'block');
  }
  return { text: texts.join(''), otherBlocks };
}

/** Arguments given as JSON text (OpenAI's `function.arguments`), parsed when they are JSON. */
function parsedArgs(args: Json | undefined): Json {
  if (typeof args !== 'string') return args ?? {};
  try {
    return JSON.parse(args) as Json;
  } catch {
    return args; // the provider's text as it is
  }
}

/** One call in LangChain's form (`name`, `args`) or OpenAI's (`function: { name, arguments }`). */
function toolCallOf(c: Obj): ChatToolCall {
  const fn = isObj(c.function) ? c.function : {};
  return { id: str(c.id), name: str(c.name) ?? str(fn.name) ?? '(unnamed)', args: 'args' in c ? parsedArgs(c.args) : parsedArgs(fn.arguments) };
}

/**
 * Tool calls of an AI message: `tool_calls`, else OpenAI's `additional_kwargs.tool_calls`, else
 * Anthropic's `tool_use` content blocks, else `invalid_tool_calls` (named, their text as args).
 */
function toolCallsOf(fields: Obj): ChatToolCall[] {
  const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
  const calls = list(fields.tool_calls);
  if (calls.length > 0) return calls.map(toolCallOf);
  const extra = list(isObj(fields.additional_kwargs) ? fields.additional_kwargs.tool_calls : undefined);
  if (extra.length > 0) return extra.map(toolCallOf);
  const blocks = list(fields.content).filter((b) => b.type === 'tool_use');
  if (blocks.length > 0) return blocks.map((b) => ({ id: str(b.id), name: str(b.name) ?? '(unnamed)', args: b.input ?? {} }));
  return list(fields.invalid_tool_calls).map(toolCallOf);
}

/** One value read as a message, or null when it is not one. */
export function readMessage(v: Json): ChatMessageView | null {
  const found = fieldsOf(v);
  if (!found) return null;
  const { fields, role, label } = found;
  const { text, otherBlocks } = contentOf(fields.content);
  const chatRole = role === 'other' ? str(fields.role) : null;
  return {
    role,
    label: chatRole ? `${label}(${chatRole})` : label,
    id: str(fields.id),
    name: str(fields.name),
    text,
    otherBlocks,
    toolCalls: role === 'ai' ? toolCallsOf(fields) : [],
    toolCallId: str(fields.tool_call_id),
    status: str(fields.status),
    raw: v,
  };
}

/** A non-empty list of messages read for the transcript, or null when `v` is not one. */
export function readTranscript(v: Json | undefined): ChatMessageView[] | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const out: ChatMessageView[] = [];
  for (const item of v) {
    const m = readMessage(item);
    if (!m) return null;
    out.push(m);
  }
  return out;
}

/** The keys of a state whose values are message lists, in key order. */
export function messageKeys(values: Record<string, Json>): string[] {
  return Object.keys(values).filter((k) => readTranscript(values[k]) !== null);
}
