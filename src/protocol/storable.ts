/**
 * Whether a value can be stored in a checkpoint: it must be structured-clone data that the export
 * format can write losslessly and an import can read back (src/worker/portability/value-codec.ts),
 * within `ValueLimits`. The sandbox checks each value before it sends it (so a node gets a clear
 * error naming its channel at once) and the storage worker checks it again before it writes (the
 * sandbox is not trusted). The walk is iterative: a value nested a million levels deep costs no
 * stack, and the walk stops at the first problem or after `maxNodes` values. The same walk can
 * tally the value's approximate size in memory, so a sender can bound what it has in flight.
 */
import { VALUE_LIMITS, type ValueLimits } from './limits';

/** Why a value cannot be stored, and where inside it. */
export interface StorableProblem {
  /** Keys and indexes from the value's root to the offending part. */
  path: (string | number)[];
  message: string;
}

/** Keys an import refuses as object keys; objects holding them are exported as an entry list. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The approximate size of the values walked, in bytes: 2 a character, 8 a value, a buffer's bytes. */
export interface SizeTally {
  bytes: number;
}

/** The tag key of the export format's tagged values. */
export const TAG_KEY = '$rg';

/** Typed arrays the format writes, by constructor name. */
export const TYPED_ARRAY_NAMES: ReadonlySet<string> = new Set([
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
]);

interface Entry {
  value: unknown;
  key: string | number | null;
  parent: Entry | null;
  /** Encoded nesting of this value's container (1 for a root array or object). */
  depth: number;
  /** Set on the marker pushed after a container's children: leaving it. */
  leave?: object;
}

const kindOf = (v: object): string => Object.prototype.toString.call(v).slice(8, -1);

function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) path.push(e.key);
  return path.reverse();
}

/**
 * The first reason `value` cannot be stored and exported, or null when it can.
 * @param value a value as a node produced it (sandbox) or as it arrived by structured clone (storage)
 * @param limits see `ValueLimits`
 * @param jsonOnly accept plain JSON only (strings, finite numbers, booleans, null, arrays, plain objects)
 * @param tally when given, the size of what was walked is added to it
 */
export function storableProblem(value: unknown, limits: ValueLimits = VALUE_LIMITS, jsonOnly = false, tally?: SizeTally): StorableProblem | null {
  // Most channel values and writes are numbers, strings or booleans: judged without the walk's stack and set.
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= limits.maxStringLength)) {
    if (jsonOnly && typeof value === 'number' && !Number.isFinite(value)) return { path: [], message: 'Numbers must be finite in JSON data.' };
    if (tally) tally.bytes += 8 + (typeof value === 'string' ? 2 * value.length : 0);
    return null;
  }
  const stack: Entry[] = [{ value, key: null, parent: null, depth: 0 }];
  const open = new Set<object>();
  let nodes = 0;
  let bytes = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (entry.leave) {
      open.delete(entry.leave);
      continue;
    }
    const problem = (message: string): StorableProblem => ({ path: pathOf(entry), message });
    if (++nodes > limits.maxNodes) return problem(`The value holds more than ${limits.maxNodes} parts (shared parts count each time they are reached).`);
    const v = entry.value;
    switch (typeof v) {
      case 'string':
        if (v.length > limits.maxStringLength) return problem(`A string of ${v.length} characters is over the limit of ${limits.maxStringLength}.`);
        bytes += 2 * v.length;
        continue;
      case 'boolean':
        continue;
      case 'number':
        if (jsonOnly && !Number.isFinite(v)) return problem('Numbers must be finite in JSON data.');
        continue;
      case 'undefined':
        if (jsonOnly) return problem('undefined is not JSON data.');
        continue;
      case 'bigint': {
        if (jsonOnly) return problem('A BigInt is not JSON data.');
        const digits = v.toString().replace('-', '').length;
        if (digits > limits.maxBigIntDigits) return problem(`A BigInt of ${digits} digits is over the limit of ${limits.maxBigIntDigits}.`);
        continue;
      }
      case 'function':
        return problem('A function cannot be stored in a checkpoint.');
      case 'symbol':
        return problem('A symbol cannot be stored in a checkpoint.');
    }
    if (v === null) continue;
    const obj = v as object;
    if (open.has(obj)) return problem('The value contains itself (a cycle); a checkpoint value must be a tree, since exports are JSON.');
    if (jsonOnly && !Array.isArray(obj) && kindOf(obj) !== 'Object') return problem(`A ${kindOf(obj)} is not JSON data.`);
    const children = childrenOf(obj, limits);
    if (typeof children === 'string') return problem(children);
    bytes += children.bytes;
    const depth = entry.depth + children.nest;
    if (depth > limits.maxDepth) return problem(`The value is nested deeper than ${limits.maxDepth} levels (as exported).`);
    if (children.items.length === 0) continue;
    open.add(obj);
    stack.push({ value: undefined, key: null, parent: null, depth: 0, leave: obj });
    for (let i = children.items.length - 1; i >= 0; i--) {
      const [key, child] = children.items[i]!;
      stack.push({ value: child, key, parent: entry, depth });
    }
  }
  if (tally) tally.bytes += bytes + 8 * nodes;
  return null;
}

/** An object's parts, or why it cannot be stored. */
/** An object's parts, how many levels they sit below it when exported, and the bytes of its own (keys, buffers). */
interface Children {
  nest: number;
  items: [string | number, unknown][];
  bytes: number;
}

function childrenOf(obj: object, limits: ValueLimits): Children | string {
  const kind = kindOf(obj);
  const tooLong = (n: number, what: string) => (n > limits.maxArrayLength ? `${what} of ${n} elements is over the limit of ${limits.maxArrayLength}.` : null);
  if (Array.isArray(obj)) {
    const long = tooLong(obj.length, 'An array');
    if (long) return long;
    const items: [number, unknown][] = new Array(obj.length);
    for (let i = 0; i < obj.length; i++) items[i] = [i, obj[i]];
    return { nest: 1, items, bytes: 0 };
  }
  switch (kind) {
    case 'Date': case 'RegExp':
      return { nest: 1, items: [], bytes: 0 };
    case 'Error': {
      const e = obj as Error;
      return { nest: 1, items: [['name', e.name], ['message', e.message], ['stack', e.stack]], bytes: 0 };
    }
    case 'Map': {
      const map = obj as Map<unknown, unknown>;
      const long = tooLong(map.size, 'A Map');
      if (long) return long;
      const items: [number, unknown][] = [];
      let i = 0;
      for (const [k, x] of map) {
        items.push([i, k], [i, x]);
        i++;
      }
      return { nest: 3, items, bytes: 0 };
    }
    case 'Set': {
      const set = obj as Set<unknown>;
      const long = tooLong(set.size, 'A Set');
      if (long) return long;
      return { nest: 2, items: [...set].map((x, i): [number, unknown] => [i, x]), bytes: 0 };
    }
    case 'ArrayBuffer':
      return tooLong((obj as ArrayBuffer).byteLength, 'An ArrayBuffer') ?? { nest: 1, items: [], bytes: (obj as ArrayBuffer).byteLength };
    case 'DataView':
      return tooLong((obj as DataView).byteLength, 'A DataView') ?? { nest: 1, items: [], bytes: (obj as DataView).byteLength };
  }
  if (TYPED_ARRAY_NAMES.has(kind)) return tooLong((obj as ArrayLike<unknown>).length, `A ${kind}`) ?? { nest: 2, items: [], bytes: (obj as ArrayBufferView).byteLength };
  if (kind !== 'Object') return `A ${kind} cannot be stored in a checkpoint: it cannot be written to an export file.`;
  const keys = Object.keys(obj);
  if (keys.length > limits.maxObjectKeys) return `An object with ${keys.length} keys is over the limit of ${limits.maxObjectKeys}.`;
  // Objects with a prototype key are exported as an entry list, with the tag key as `{ $rg, v }`.
  const nest = keys.some((k) => PROTOTYPE_KEYS.has(k)) ? 3 : Object.hasOwn(obj, TAG_KEY) ? 2 : 1;
  const items: [string, unknown][] = new Array(keys.length);
  let bytes = 0;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.length > limits.maxStringLength) return `An object key of ${k.length} characters is over the limit of ${limits.maxStringLength}.`;
    bytes += 2 * k.length;
    items[i] = [k, (obj as Record<string, unknown>)[k]];
  }
  return { nest, items, bytes };
}

/** `$.a[0]["b c"]`-style text of a problem's path below `root` (e.g. `channel "messages"`). */
export function problemText(root: string, problem: StorableProblem): string {
  const at = problem.path.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p.slice(0, 60))}]`)).join('');
  return `${root}${at ? ` at ${at}` : ''}: ${problem.message}`;
}
