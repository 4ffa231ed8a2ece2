/**
 * LangChain messages in checkpoints. Savers hold plain data, so a message is stored as LangChain's
 * own serialised form, `{ lc: 1, type: 'constructor', id: [...path, 'AIMessage'], kwargs }` (what
 * `message.toJSON()` gives, and what LangGraph's JSON serialiser writes), and rebuilt as its class
 * when read back.
 *
 * Both walks look inside arrays and plain objects only, and return the very value they were given
 * when it holds no message, so plain state costs one pass and no allocation.
 */
import {
  AIMessage,
  AIMessageChunk,
  ChatMessage,
  ChatMessageChunk,
  FunctionMessage,
  FunctionMessageChunk,
  HumanMessage,
  HumanMessageChunk,
  RemoveMessage,
  SystemMessage,
  SystemMessageChunk,
  ToolMessage,
  ToolMessageChunk,
  isBaseMessage,
} from '@langchain/core/messages';

type MessageClass = new (fields: never) => object;

/** The message classes a checkpoint may name (last element of the serialised `id`). */
const CLASSES: Record<string, MessageClass> = {
  AIMessage, AIMessageChunk, ChatMessage, ChatMessageChunk, FunctionMessage, FunctionMessageChunk,
  HumanMessage, HumanMessageChunk, RemoveMessage, SystemMessage, SystemMessageChunk, ToolMessage, ToolMessageChunk,
};

const OBJECT_PROTO = Object.prototype;
const ARRAY_PROTO = Array.prototype;

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === OBJECT_PROTO || proto === null;
}

/**
 * `value` with every LangChain message replaced by its serialised form (the same value when it
 * holds none).
 */
export function encodeMessages(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? guarded(encode, value) : value;
}

/** `value` with every serialised message rebuilt as its class (the same value when it holds none). */
export function decodeMessages(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? guarded(decode, value) : value;
}

/**
 * Runs a walk; a cyclic value (which plain state may be, savers clone cycles) overflows the stack
 * and is then left as it is: no message inside a cycle is converted.
 */
function guarded(walk: (v: unknown) => unknown, value: unknown): unknown {
  try {
    return walk(value);
  } catch (e) {
    if (e instanceof RangeError) return value;
    throw e;
  }
}

function encode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) === ARRAY_PROTO) return mapArray(value as unknown[], encode);
  if (isPlainObject(value)) return mapObject(value as Record<string, unknown>, encode);
  if (isBaseMessage(value)) return (value as { toJSON(): unknown }).toJSON();
  return value;
}

/** A serialised message record, when `v` is one of the known message classes. */
function messageRecord(v: Record<string, unknown>): { Cls: MessageClass; kwargs: unknown } | undefined {
  if (v.lc !== 1 || v.type !== 'constructor' || !Array.isArray(v.id)) return undefined;
  const Cls = CLASSES[v.id[v.id.length - 1] as string];
  return Cls ? { Cls, kwargs: v.kwargs } : undefined;
}

function decode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) === ARRAY_PROTO) return mapArray(value as unknown[], decode);
  if (!isPlainObject(value)) return value;
  const record = messageRecord(value as Record<string, unknown>);
  if (record) return new record.Cls(decode(record.kwargs ?? {}) as never);
  return mapObject(value as Record<string, unknown>, decode);
}

/** `arr` mapped by `f`, copied only from the first element `f` changes. */
function mapArray(arr: unknown[], f: (v: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    const w = typeof v === 'object' && v !== null ? f(v) : v;
    if (out) out[i] = w;
    else if (w !== v) {
      out = arr.slice(0, i);
      out[i] = w;
    }
  }
  return out ?? arr;
}

/** `obj` with its values mapped by `f`, copied only when `f` changes one. */
function mapObject(obj: Record<string, unknown>, f: (v: unknown) => unknown): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const w = typeof v === 'object' && v !== null ? f(v) : v;
    if (w !== v) out ??= { ...obj };
    if (out) out[k] = w;
  }
  return out ?? obj;
}
