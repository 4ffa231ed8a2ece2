/**
 * Stored values are structured-clone data; a file is JSON. This codec carries the difference: every
 * value JSON cannot say (undefined, NaN, ±Infinity, -0, BigInt, Date, Map, Set, RegExp, Error,
 * typed arrays, ArrayBuffer, DataView) becomes a tagged object `{ "$rg": tag, … }`; a user object
 * that happens to have a `$rg` key is wrapped as `{ "$rg": "object", "v": … }`, and one with a key an
 * import refuses as a key (`__proto__`, `constructor`, `prototype`) is written as an entry list
 * `{ "$rg": "entries", "v": [[key, value], …] }`, so decoding is never ambiguous and loses nothing.
 * Plain JSON passes through unchanged, which keeps exported files readable. What the storage worker
 * accepts when a value is written (protocol/storable.ts) is exactly what this codec can write.
 */
import { VALUE_LIMITS } from '../../protocol/limits';
import { fail, type PathSegment } from './issues';
import { HOSTILE_KEYS } from './safe-json';

/** The tag key. */
export const TAG = '$rg';

const MAX_ENCODE_DEPTH = 512;

type Tagged = { [TAG]: string; [k: string]: unknown };

const TYPED_ARRAYS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array,
} as const;
const BIG = new Set(['BigInt64Array', 'BigUint64Array']);

/** Base64 of a byte range (iterative: a large buffer costs no stack). */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const text = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** True when a float array holds a value a JSON number cannot (NaN, ±Infinity, -0). */
const needsBytes = (a: ArrayLike<number>) => Array.prototype.some.call(a, (x: number) => !Number.isFinite(x) || Object.is(x, -0));
type TypedArrayName = keyof typeof TYPED_ARRAYS;

function isTypedArrayName(name: unknown): name is TypedArrayName {
  return typeof name === 'string' && Object.hasOwn(TYPED_ARRAYS, name);
}

/**
 * Encodes a stored value as JSON data.
 * @param value a structured-clone value as a saver returns it
 * @param path where the value sits, for errors
 * @throws PortabilityFailure `not-exportable` for cycles, functions, symbols, and keys an import would refuse
 */
export function encodeValue(value: unknown, path: PathSegment[] = [], ancestors: Set<object> = new Set()): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isNaN(value)) return { [TAG]: 'number', v: 'NaN' };
      if (value === Infinity) return { [TAG]: 'number', v: 'Infinity' };
      if (value === -Infinity) return { [TAG]: 'number', v: '-Infinity' };
      if (Object.is(value, -0)) return { [TAG]: 'number', v: '-0' };
      return value;
    case 'undefined':
      return { [TAG]: 'undefined' };
    case 'bigint':
      return { [TAG]: 'bigint', v: value.toString() };
    case 'function':
    case 'symbol':
      return fail('not-exportable', path, `A ${typeof value} cannot be exported.`);
  }
  if (value === null) return null;
  // Far past any import limit: stop before the call stack does.
  if (path.length > MAX_ENCODE_DEPTH) fail('too-large', path, `Values are nested deeper than ${MAX_ENCODE_DEPTH} levels.`);
  const obj = value as object;
  if (ancestors.has(obj)) fail('not-exportable', path, 'This value contains itself (a cycle); it cannot be written as JSON.');
  ancestors.add(obj);
  try {
    return encodeObject(obj, path, ancestors);
  } finally {
    ancestors.delete(obj);
  }
}

function encodeObject(obj: object, path: PathSegment[], ancestors: Set<object>): unknown {
  const child = (v: unknown, seg: PathSegment) => encodeValue(v, [...path, seg], ancestors);
  if (Array.isArray(obj)) return Array.from(obj, (v, i) => child(v, i));
  if (obj instanceof Date) return { [TAG]: 'date', v: Number.isNaN(obj.getTime()) ? null : obj.toISOString() };
  if (obj instanceof Map) return { [TAG]: 'map', v: [...obj].map(([k, v], i) => [child(k, i), child(v, i)]) };
  if (obj instanceof Set) return { [TAG]: 'set', v: [...obj].map((v, i) => child(v, i)) };
  if (obj instanceof RegExp) return { [TAG]: 'regexp', source: obj.source, flags: obj.flags };
  if (obj instanceof Error) return { [TAG]: 'error', name: obj.name, message: obj.message, stack: obj.stack ?? null };
  if (obj instanceof DataView) return { [TAG]: 'typed', type: 'DataView', b64: toBase64(new Uint8Array(obj.buffer, obj.byteOffset, obj.byteLength)) };
  if (ArrayBuffer.isView(obj)) {
    const name = obj.constructor.name;
    if (isTypedArrayName(name)) {
      if (BIG.has(name)) return { [TAG]: 'typed', type: name, v: Array.from(obj as ArrayBufferView & ArrayLike<bigint>, (x) => x.toString()) };
      const nums = obj as ArrayBufferView & ArrayLike<number>;
      // NaN, ±Infinity and -0 have no JSON number: the bytes are written instead.
      if (needsBytes(nums)) return { [TAG]: 'typed', type: name, b64: toBase64(new Uint8Array(obj.buffer, obj.byteOffset, obj.byteLength)) };
      return { [TAG]: 'typed', type: name, v: Array.from(nums) };
    }
  }
  if (obj instanceof ArrayBuffer) return { [TAG]: 'typed', type: 'ArrayBuffer', v: Array.from(new Uint8Array(obj)) };
  const entries = Object.entries(obj);
  if (entries.some(([k]) => HOSTILE_KEYS.has(k))) return { [TAG]: 'entries', v: entries.map(([k, v]) => [k, child(v, k)]) };
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = child(v, k);
  return Object.hasOwn(out, TAG) ? { [TAG]: 'object', v: out } : out;
}

/**
 * Decodes JSON data written by `encodeValue`. The input has passed `checkJsonTree` (no hostile
 * keys, bounded depth), so plain recursion and plain assignment are safe here.
 * @throws PortabilityFailure `invalid` for a malformed tag
 */
export function decodeValue(value: unknown, path: PathSegment[] = []): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v, i) => decodeValue(v, [...path, i]));
  const obj = value as Record<string, unknown>;
  if (Object.hasOwn(obj, TAG)) return decodeTagged(obj as Tagged, path);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = decodeValue(v, [...path, k]);
  return out;
}

const NUMBERS: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };

function decodeTagged(obj: Tagged, path: PathSegment[]): unknown {
  const tag = obj[TAG];
  const bad = (what: string): never => fail('invalid', [...path, TAG], `Malformed "${String(tag)}" value: ${what}.`);
  const v = obj.v;
  const inner = (x: unknown, seg: PathSegment) => decodeValue(x, [...path, 'v', seg]);
  switch (tag) {
    case 'undefined':
      return undefined;
    case 'number':
      return typeof v === 'string' && Object.hasOwn(NUMBERS, v) ? NUMBERS[v] : bad('v must be NaN, Infinity, -Infinity or -0');
    case 'bigint':
      return decodeBigInt(v, bad);
    case 'date':
      if (v === null) return new Date(NaN);
      return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : bad('v must be an ISO date or null');
    case 'map':
      if (!Array.isArray(v) || !v.every((e) => Array.isArray(e) && e.length === 2)) return bad('v must be a list of [key, value] pairs');
      return new Map((v as [unknown, unknown][]).map(([k, x], i) => [inner(k, i), inner(x, i)]));
    case 'set':
      return Array.isArray(v) ? new Set(v.map((x, i) => inner(x, i))) : bad('v must be a list');
    case 'regexp':
      return decodeRegExp(obj, bad);
    case 'error':
      return decodeError(obj, bad);
    case 'typed':
      return decodeTyped(obj, bad);
    case 'object': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('v must be an object');
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = decodeValue(x, [...path, 'v', k]);
      return out;
    }
    case 'entries': {
      if (!Array.isArray(v) || !v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')) return bad('v must be a list of [key, value] pairs');
      const out: Record<string, unknown> = {};
      // Defined, not assigned: `__proto__` becomes an own key, as it was when stored.
      (v as [string, unknown][]).forEach(([k, x], i) => Object.defineProperty(out, k, { value: inner(x, i), enumerable: true, writable: true, configurable: true }));
      return out;
    }
    default:
      return fail('invalid', [...path, TAG], `Unknown value tag "${String(tag)}".`);
  }
}

/**
 * A BigInt from its decimal text, up to the digits a stored value may hold (`VALUE_LIMITS`); the
 * file's size bounds how many of them an import parses.
 */
function decodeBigInt(v: unknown, bad: (what: string) => never): bigint {
  if (typeof v !== 'string') return bad('v must be a decimal integer string');
  const digits = v.startsWith('-') ? v.length - 1 : v.length;
  const max = VALUE_LIMITS.maxBigIntDigits;
  if (digits > max) return bad(`a BigInt of ${digits} digits is over the limit of ${max} digits`);
  return /^-?\d+$/.test(v) ? BigInt(v) : bad('v must be a decimal integer string');
}

function decodeRegExp(obj: Tagged, bad: (what: string) => never): RegExp {
  if (typeof obj.source !== 'string' || typeof obj.flags !== 'string') return bad('source and flags must be strings');
  try {
    return new RegExp(obj.source, obj.flags);
  } catch {
    return bad('not a valid regular expression');
  }
}

function decodeError(obj: Tagged, bad: (what: string) => never): Error {
  if (typeof obj.name !== 'string' || typeof obj.message !== 'string') return bad('name and message must be strings');
  const err = new Error(obj.message);
  err.name = obj.name;
  err.stack = typeof obj.stack === 'string' ? obj.stack : undefined;
  return err;
}

function decodeTyped(obj: Tagged, bad: (what: string) => never): unknown {
  const type = obj.type;
  if (typeof obj.b64 === 'string') {
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(obj.b64);
    } catch {
      return bad('b64 must be base64');
    }
    if (type === 'DataView') return new DataView(bytes.buffer as ArrayBuffer);
    if (!isTypedArrayName(type)) return bad('unknown typed array type');
    const Ctor: new (buffer: ArrayBuffer) => unknown = TYPED_ARRAYS[type];
    const size = TYPED_ARRAYS[type].BYTES_PER_ELEMENT;
    if (bytes.byteLength % size !== 0) return bad(`b64 must hold whole ${type} elements`);
    return new Ctor(bytes.buffer as ArrayBuffer);
  }
  const v = obj.v;
  if (isTypedArrayName(type) && BIG.has(type)) {
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && /^-?\d{1,20}$/.test(x))) return bad('v must be a list of decimal integer strings');
    return type === 'BigInt64Array' ? BigInt64Array.from(v as string[], BigInt) : BigUint64Array.from(v as string[], BigInt);
  }
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) return bad('v must be a list of numbers');
  if (type === 'ArrayBuffer') return new Uint8Array(v as number[]).buffer;
  if (!isTypedArrayName(type)) return bad('unknown typed array type');
  return new (TYPED_ARRAYS[type] as Float64ArrayConstructor)(v as number[]);
}
