/**
 * Stored values are structured-clone data; a file is JSON. This codec carries the difference: every
 * value JSON cannot say (undefined, NaN, ±Infinity, -0, BigInt, Date, Map, Set, RegExp, Error,
 * typed arrays) becomes a tagged object `{ "$rg": tag, … }`, and a user object that happens to have
 * a `$rg` key is wrapped as `{ "$rg": "object", "v": … }`, so decoding is never ambiguous.
 * Plain JSON passes through unchanged, which keeps exported files readable.
 */
import { fail, type PathSegment } from './issues';
import { HOSTILE_KEYS } from './safe-json';

/** The tag key. */
export const TAG = '$rg';

const MAX_ENCODE_DEPTH = 512;

type Tagged = { [TAG]: string; [k: string]: unknown };

const TYPED_ARRAYS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
} as const;
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
  if (ArrayBuffer.isView(obj) && !(obj instanceof DataView)) {
    const name = obj.constructor.name;
    if (isTypedArrayName(name)) return { [TAG]: 'typed', type: name, v: Array.from(obj as unknown as ArrayLike<number>) };
  }
  if (obj instanceof ArrayBuffer) return { [TAG]: 'typed', type: 'ArrayBuffer', v: Array.from(new Uint8Array(obj)) };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (HOSTILE_KEYS.has(k)) fail('not-exportable', [...path, k], `The key "${k}" cannot be exported: imports refuse it.`);
    out[k] = child(v, k);
  }
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
      return typeof v === 'string' && /^-?\d{1,4096}$/.test(v) ? BigInt(v) : bad('v must be a decimal integer string');
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
    default:
      return fail('invalid', [...path, TAG], `Unknown value tag "${String(tag)}".`);
  }
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
  const v = obj.v;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) return bad('v must be a list of numbers');
  if (obj.type === 'ArrayBuffer') return new Uint8Array(v as number[]).buffer;
  if (!isTypedArrayName(obj.type)) return bad('unknown typed array type');
  return new TYPED_ARRAYS[obj.type](v as number[]);
}
