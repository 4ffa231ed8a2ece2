/**
 * From decoded (JSON-safe, tagged) values to the values a run works with: what LangGraph.js would
 * have in its state after loading the same checkpoint. Messages become instances of the LangChain
 * classes the caller passes (this layer does not depend on `@langchain/core`; a graph's sandbox
 * that has it passes `import('@langchain/core/messages')`), JS `Set`/`Map`/`RegExp`/`Error`/
 * `Uint8Array`/`undefined` are rebuilt, Python scalars become their natural JS form (UUIDs, dates
 * and decimals as strings, durations as seconds). What has no JS form (numpy arrays, opaque
 * blobs, unknown classes, truncated bytes) stays tagged.
 */
import { fromBase64 } from './bytes/base64';
import { TYPE_CLASSES } from './serde/messages';
import { tagOf, type ChatMessage, type TaggedValue } from './serde/values';

/** LangChain message classes by name (`HumanMessage`, `AIMessage`, `AIMessageChunk`, …). */
export type MessageClasses = Readonly<Record<string, unknown>>;

/** Options of `toEngineValue`. */
export interface EngineValueOptions {
  /**
   * Message classes to rebuild messages with, e.g. the module `@langchain/core/messages`. Without
   * them a message becomes LangChain's plain message object (`{ type, content, id, … }`).
   */
  messages?: MessageClasses;
}

type Ctor = new (fields: Record<string, unknown>) => unknown;

function messageValue(m: ChatMessage, options: EngineValueOptions): unknown {
  const { $type: _tag, class: cls, type, ...fields } = m;
  const converted: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) Object.defineProperty(converted, k, { value: toEngineValue(v, options), enumerable: true, writable: true, configurable: true });
  const classes = options.messages;
  const candidate = classes?.[cls] ?? classes?.[TYPE_CLASSES[type] ?? ''];
  if (typeof candidate === 'function') return new (candidate as Ctor)(converted);
  return { type, ...converted };
}

function taggedValue(v: TaggedValue, options: EngineValueOptions): unknown {
  switch (v.$type) {
    case 'message':
      return messageValue(v, options);
    case 'set':
      return v.kind === 'deque' ? v.items.map((i) => toEngineValue(i, options)) : new Set(v.items.map((i) => toEngineValue(i, options)));
    case 'map':
      return new Map(v.entries.map(([k, x]) => [toEngineValue(k, options), toEngineValue(x, options)]));
    case 'undefined':
      return undefined;
    case 'error':
      return new Error(String(v.value));
    case 'regexp':
      if (typeof v.flags === 'string') {
        try {
          return new RegExp(String(v.value), v.flags);
        } catch {
          return v;
        }
      }
      return String(v.value);
    case 'bytes':
      return v.truncated ? v : fromBase64(v.base64);
    case 'dict':
      return plainObject(v.value, options);
    case 'delta-snapshot':
      return toEngineValue(v.value, options);
    case 'uuid':
    case 'datetime':
    case 'date':
    case 'time':
    case 'timedelta':
    case 'timezone':
    case 'zoneinfo':
    case 'decimal':
    case 'path':
    case 'ip':
    case 'enum':
      return v.value;
    default:
      // ndarray, opaque, object, secret: no JS form; kept as shown.
      return v;
  }
}

function plainObject(obj: Record<string, unknown>, options: EngineValueOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) Object.defineProperty(out, k, { value: toEngineValue(v, options), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * The run-time form of a decoded value.
 * @param value a decoded value (from a `CheckpointSource`)
 * @param options message classes
 */
export function toEngineValue(value: unknown, options: EngineValueOptions = {}): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => toEngineValue(v, options));
  const tag = tagOf(value);
  if (tag !== undefined) return taggedValue(value as TaggedValue, options);
  return plainObject(value as Record<string, unknown>, options);
}

/** A `mapValue` for `CheckpointSource.saver` that returns run-time values. */
export function engineValueMapper(options: EngineValueOptions = {}): (value: unknown) => unknown {
  return (value) => toEngineValue(value, options);
}
