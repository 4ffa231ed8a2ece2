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

/** `Seen.copyOf` for an original not met yet. */
const UNSEEN: unique symbol = Symbol('unseen');
/** Originals a copy keeps in its lists before it moves them to a Map. */
const LINEAR = 16;

/**
 * The objects met so far in one copy and their copies, so that shared sub-objects stay shared
 * and cycles are reproduced, as in structuredClone. Most values hold a few nested objects (a
 * Send's args, a checkpoint's metadata), so they are kept in two short lists scanned linearly;
 * a Map (which costs far more to create) takes over past LINEAR of them.
 */
class Seen {
  /** originals[i] was copied as copies[i], for i < count (entries past it are cleared). */
  private readonly originals: (object | undefined)[] = new Array<object | undefined>(LINEAR).fill(undefined);
  private readonly copies: unknown[] = new Array<unknown>(LINEAR).fill(undefined);
  private count = 0;
  private map: Map<object, unknown> | undefined;
  /** Taken by a copy in progress (a getter copying a value would reenter). */
  busy = false;

  copyOf(o: object): unknown {
    if (this.map) return this.map.has(o) ? this.map.get(o) : UNSEEN;
    for (let i = 0; i < this.count; i++) if (this.originals[i] === o) return this.copies[i];
    return UNSEEN;
  }

  add(o: object, copy: unknown): void {
    if (this.map) this.map.set(o, copy);
    else if (this.count < LINEAR) {
      this.originals[this.count] = o;
      this.copies[this.count++] = copy;
    } else {
      this.map = new Map();
      for (let i = 0; i < LINEAR; i++) this.map.set(this.originals[i]!, this.copies[i]);
      this.map.set(o, copy);
    }
  }

  /** Forgets everything (nothing copied stays reachable from here). */
  clear(): void {
    for (let i = 0; i < this.count; i++) {
      this.originals[i] = undefined;
      this.copies[i] = undefined;
    }
    this.count = 0;
    this.map = undefined;
    this.busy = false;
  }
}

/** The tracking every copy reuses (a reentering copy makes its own). */
const shared = new Seen();

/**
 * Copies `value` as `structuredClone` would (and throws what it would throw).
 * @param value the value to copy
 */
export function copyValue<T>(value: T): T {
  // Primitives other than symbols are returned as they are, as structuredClone does.
  if (typeof value !== 'object' || value === null) return typeof value === 'symbol' || typeof value === 'function' ? structured(value) : value;
  const seen = shared.busy ? new Seen() : shared;
  seen.busy = true;
  try {
    return copyPlain(value, seen) as T;
  } catch {
    // NOT_PLAIN, or anything else (a getter that throws, a structure too deep to recurse):
    // structuredClone decides, and its result or its error is the answer.
    return structured(value);
  } finally {
    seen.clear();
  }
}

/** Copies a plain object or array, recording it and its copy in `seen`. */
function copyPlain(obj: object, seen: Seen): unknown {
  const proto = Object.getPrototypeOf(obj);
  if (proto === ARRAY_PROTO) {
    const arr = obj as unknown[];
    const n = arr.length;
    // Holes and extra (non-index) properties are kept by structuredClone; leave them to it.
    if (Object.keys(arr).length !== n) throw NOT_PLAIN;
    const out = new Array<unknown>(n);
    seen.add(obj, out);
    for (let i = 0; i < n; i++) {
      const v = arr[i];
      out[i] = typeof v !== 'object' || v === null ? primitive(v) : nested(v, seen);
    }
    return out;
  }
  if (proto !== OBJECT_PROTO) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  seen.add(obj, out);
  const rec = obj as Record<string, unknown>;
  for (const k of Object.keys(rec)) {
    // An own `__proto__` key: assigning it would set the copy's prototype; structuredClone keeps it a key.
    if (k === '__proto__') throw NOT_PLAIN;
    const v = rec[k];
    out[k] = typeof v !== 'object' || v === null ? primitive(v) : nested(v, seen);
  }
  return out;
}

function nested(v: object, seen: Seen): unknown {
  const copy = seen.copyOf(v);
  return copy === UNSEEN ? copyPlain(v, seen) : copy;
}

function primitive(v: unknown): unknown {
  if (typeof v === 'symbol' || typeof v === 'function') throw NOT_PLAIN;
  return v;
}
