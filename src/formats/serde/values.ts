/**
 * The decoded form of every value read from a foreign checkpoint: plain JSON data (it survives
 * `JSON.stringify`, `structuredClone` and `postMessage` unchanged), with a `$type` tag on the
 * values JSON cannot say by itself. Values JSON can say (strings, numbers, booleans, null, arrays,
 * string-keyed objects) stay as they are; LangGraph's own protocol objects use the engine's plain
 * encodings (`Send` packets are `{ lg_name: 'Send', node, args }`, interrupts `{ id, value }`,
 * errors `{ name, message }`), so the engine can read them unchanged.
 *
 * `toEngineValue` (engine-values.ts) turns tagged values back into live ones for a run.
 */

/** A LangChain chat message, as LangChain serializes its fields. */
export interface ChatMessage {
  $type: 'message';
  /** LangChain's message type: `human`, `ai`, `system`, `tool`, `function`, `chat`, `remove`, … */
  type: string;
  /** The class that wrote it (`AIMessage`, `AIMessageChunk`, …), to rebuild the same class. */
  class: string;
  content: unknown;
  id?: string;
  name?: string;
  tool_calls?: unknown[];
  invalid_tool_calls?: unknown[];
  tool_call_id?: string;
  usage_metadata?: unknown;
  additional_kwargs?: Record<string, unknown>;
  response_metadata?: Record<string, unknown>;
  /** Any other field the message had (`status`, `artifact`, `role`, …). */
  [field: string]: unknown;
}

/** A value that could not be decoded: shown as what it is, never a crash. */
export interface OpaqueValue {
  $type: 'opaque';
  /** The stored type tag (`pickle`, `msgpack+aes`, `ext:42`, …). */
  type: string;
  /** Size of the stored bytes. */
  length: number;
  /** The first bytes, as printable text with `.` for the others. */
  preview: string;
  /** Why it is opaque. */
  reason: string;
}

/** Raw bytes (Python `bytes`/`bytearray`, JS `Uint8Array`). Only a prefix is kept. */
export interface BytesValue {
  $type: 'bytes';
  length: number;
  /** Base64 of the first `maxBytesKept` bytes (all of them when `truncated` is false). */
  base64: string;
  truncated: boolean;
}

/** A numpy array: shown as a placeholder (its data is not decoded). */
export interface NdArrayValue {
  $type: 'ndarray';
  dtype: string;
  shape: number[];
  order: string;
  /** Size of the raw buffer in bytes. */
  length: number;
}

/** Any other Python or JS object, by its class. */
export interface ObjectValue {
  $type: 'object';
  /** Python module, or the LangChain id path joined with dots. */
  module: string;
  name: string;
  /** How it was stored: `dataclass` (keyword fields), `constructor` (positional args), `pydantic`, … */
  kind: string;
  /** Keyword fields (dataclass, namedtuple, pydantic, LangChain kwargs). */
  fields?: Record<string, unknown>;
  /** Positional arguments (a constructor called with them). */
  args?: unknown[];
}

/** Values with a single textual form: `uuid`, `datetime`, `date`, `time`, `timedelta`, `decimal`, … */
export interface ScalarValue {
  $type: 'uuid' | 'datetime' | 'date' | 'time' | 'timedelta' | 'timezone' | 'zoneinfo' | 'decimal' | 'path' | 'ip' | 'regexp' | 'enum' | 'error' | 'undefined' | 'secret';
  /** The canonical text: an ISO date, a UUID, `P1DT2S`-style durations as seconds, a path, … */
  value: string | number | null;
  /** Extra facts (an enum's class, a regexp's flags, a timedelta's parts, …). */
  [detail: string]: unknown;
}

/** A Python set/frozenset/deque or a JS Set; `kind` keeps which. */
export interface CollectionValue {
  $type: 'set';
  kind: 'set' | 'frozenset' | 'deque' | 'Set';
  items: unknown[];
}

/** A JS `Map`. */
export interface MapValue {
  $type: 'map';
  entries: [unknown, unknown][];
}

/** A plain object whose own data needed escaping (it has a `$type` key itself). */
export interface DictValue {
  $type: 'dict';
  value: Record<string, unknown>;
}

/** A DeltaChannel snapshot blob: the channel's whole value at that checkpoint. */
export interface DeltaSnapshotValue {
  $type: 'delta-snapshot';
  value: unknown;
}

/** Every tagged value. */
export type TaggedValue =
  | ChatMessage
  | OpaqueValue
  | BytesValue
  | NdArrayValue
  | ObjectValue
  | ScalarValue
  | CollectionValue
  | MapValue
  | DictValue
  | DeltaSnapshotValue;

/** The tag of a tagged value, or undefined for plain data. */
export function tagOf(value: unknown): TaggedValue['$type'] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const tag = (value as { $type?: unknown }).$type;
  return typeof tag === 'string' && Object.hasOwn(value, '$type') ? (tag as TaggedValue['$type']) : undefined;
}

/** True for a decoded chat message. */
export function isChatMessage(value: unknown): value is ChatMessage {
  return tagOf(value) === 'message';
}

/** True for an opaque value. */
export function isOpaque(value: unknown): value is OpaqueValue {
  return tagOf(value) === 'opaque';
}

/** True for a DeltaChannel snapshot. */
export function isDeltaSnapshot(value: unknown): value is DeltaSnapshotValue {
  return tagOf(value) === 'delta-snapshot';
}

const PREVIEW_BYTES = 48;

/**
 * An opaque value for `bytes` stored as `type`.
 * @param type the stored type tag
 * @param bytes the stored bytes (or their length only)
 * @param reason why they were not decoded
 */
export function opaque(type: string, bytes: Uint8Array | number, reason: string): OpaqueValue {
  const length = typeof bytes === 'number' ? bytes : bytes.length;
  let preview = '';
  if (typeof bytes !== 'number') {
    for (const b of bytes.subarray(0, PREVIEW_BYTES)) preview += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
  }
  return { $type: 'opaque', type, length, preview, reason };
}

/**
 * Sets `obj[key] = value` as an own data property, even for `__proto__`, so a hostile key never
 * reaches a prototype.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
