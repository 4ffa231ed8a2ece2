/**
 * A copy of a decoded checkpoint for one caller to change as it likes. Objects and arrays are
 * copied; strings (immutable) are shared, not copied: a 10 MB string in a channel value costs
 * nothing to hand out again, where `structuredClone` copied it twice (serialised, then read back)
 * on the reading thread. An own `__proto__` key stays a key (decoded data may hold one: a copy by
 * assignment would make it the copy's prototype). Anything that is not a plain object or array
 * (bytes, dates, maps) is copied by `structuredClone`, as a whole copy was before.
 *
 * Declared here because this layer is type-checked without the DOM library.
 */
declare const structuredClone: <T>(value: T) => T;

/** A copy of `value` sharing only its immutable parts (strings, numbers, …). */
export function copyDecoded<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) out.push(copy(v[i]));
      return out;
    }
    const proto = Object.getPrototypeOf(v) as object | null;
    if (proto !== Object.prototype && proto !== null) {
      const out = structuredClone(v);
      seen.set(v, out);
      return out;
    }
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const key of Object.keys(v)) {
      const x = copy((v as Record<string, unknown>)[key]);
      if (key === '__proto__') Object.defineProperty(out, key, { value: x, enumerable: true, writable: true, configurable: true });
      else out[key] = x;
    }
    return out;
  };
  return copy(value) as T;
}
