/**
 * A fast exact copy for the plain data savers hold most of the time (numbers, strings, plain
 * objects and arrays), with `structuredClone` as the reference and the fallback.
 *
 * Why: `structuredClone` serialises and deserialises through the platform's value serialiser, a
 * fixed cost of microseconds even for `{ n: 1 }`. Savers copy every value in and out, so that cost
 * dominated reading a history. A recursive copy of plain data gives exactly what structuredClone
 * gives (same keys in the same order, same array holes-free shape, shared references and cycles
 * kept), and anything it does not know (Dates, Maps, class instances, functions, symbols, sparse
 * arrays, null-prototype objects…) sends the WHOLE value to structuredClone, so results and error
 * messages are structuredClone's own.
 */

// The engine is type-checked without the DOM library, where `structuredClone` is not declared;
// every runtime we target (browsers, workers, Node ≥ 17) has it.
declare const structuredClone: <T>(value: T) => T;
const structured = structuredClone;

/** Thrown inside the fast path when the value needs structuredClone. */
const NOT_PLAIN: unique symbol = Symbol('not plain');

const OBJECT_PROTO = Object.prototype;
const ARRAY_PROTO = Array.prototype;

/**
 * Copies `value` as `structuredClone` would (and throws what it would throw).
 * @param value the value to copy
 */
export function copyValue<T>(value: T): T {
  // Primitives other than symbols are returned as they are, as structuredClone does.
  if (typeof value !== 'object' || value === null) return typeof value === 'symbol' || typeof value === 'function' ? structured(value) : value;
  try {
    return copyPlain(value, undefined) as T;
  } catch {
    // NOT_PLAIN, or anything else (a getter that throws, a structure too deep to recurse):
    // structuredClone decides, and its result or its error is the answer.
    return structured(value);
  }
}

/**
 * Copies a plain object or array. `seen` maps originals to copies (created on the first nested
 * object), so shared sub-objects stay shared and cycles are reproduced, as in structuredClone.
 */
function copyPlain(obj: object, seen: Map<object, unknown> | undefined): unknown {
  const proto = Object.getPrototypeOf(obj);
  if (proto === ARRAY_PROTO) {
    const arr = obj as unknown[];
    const n = arr.length;
    // Holes and extra (non-index) properties are kept by structuredClone; leave them to it.
    if (Object.keys(arr).length !== n) throw NOT_PLAIN;
    const out = new Array<unknown>(n);
    seen?.set(obj, out);
    for (let i = 0; i < n; i++) {
      const v = arr[i];
      out[i] = typeof v !== 'object' || v === null ? primitive(v) : nested(v, (seen ??= new Map([[obj, out]])));
    }
    return out;
  }
  if (proto !== OBJECT_PROTO) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  seen?.set(obj, out);
  const rec = obj as Record<string, unknown>;
  for (const k of Object.keys(rec)) {
    // An own `__proto__` key: assigning it would set the copy's prototype; structuredClone keeps it a key.
    if (k === '__proto__') throw NOT_PLAIN;
    const v = rec[k];
    out[k] = typeof v !== 'object' || v === null ? primitive(v) : nested(v, (seen ??= new Map([[obj, out]])));
  }
  return out;
}

function nested(v: object, seen: Map<object, unknown>): unknown {
  return seen.has(v) ? seen.get(v) : copyPlain(v, seen);
}

function primitive(v: unknown): unknown {
  if (typeof v === 'symbol' || typeof v === 'function') throw NOT_PLAIN;
  return v;
}
