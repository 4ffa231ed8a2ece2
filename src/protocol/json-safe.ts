/**
 * The one function that makes a value safe to cross the worker boundary and to show as text.
 * Everything a graph produced passes through here before it is posted to the page.
 */
import type { Json } from './dto';

/** Limits of `toJsonSafe`. */
export interface JsonSafeOptions {
  /** Deeper values are replaced by `"[depth limit]"`. @default 40 */
  maxDepth?: number;
  /** Longer strings are cut, with a note of the original length. @default 100000 */
  maxStringLength?: number;
  /** Values past this many are replaced by `"[truncated]"` (bounds what one message carries). @default Infinity */
  maxNodes?: number;
}

const DEFAULTS: Required<JsonSafeOptions> = { maxDepth: 40, maxStringLength: 100_000, maxNodes: Infinity };

/**
 * Returns a JSON value that describes `value`:
 * - functions → `"[function name]"`, symbols → `"[symbol desc]"`, BigInt → `"123n"`;
 * - non-finite numbers → `"NaN"`, `"Infinity"`; `undefined` in arrays → null (dropped in objects);
 * - Errors → `{ name, message }`; Dates → ISO text; Maps/Sets → `{ "[Map]": [[k, v], ...] }` / `{ "[Set]": [...] }`;
 * - cycles → `"[circular]"`; other class instances → their own fields plus `"[class]": Name`.
 */
export function toJsonSafe(value: unknown, options: JsonSafeOptions = {}): Json {
  const opts = { ...DEFAULTS, ...options };
  const stack = new Set<object>();
  let nodes = 0;

  const walk = (v: unknown, depth: number): Json | undefined => {
    if (++nodes > opts.maxNodes) return '[truncated]';
    switch (typeof v) {
      case 'string':
        return v.length > opts.maxStringLength ? `${v.slice(0, opts.maxStringLength)}… [${v.length} chars]` : v;
      case 'number':
        return Number.isFinite(v) ? v : String(v);
      case 'boolean':
        return v;
      case 'bigint':
        return `${v.toString()}n`;
      case 'undefined':
        return undefined;
      case 'symbol':
        return `[symbol ${v.description ?? ''}]`;
      case 'function':
        return `[function ${v.name || 'anonymous'}]`;
    }
    if (v === null) return null;
    const obj = v as object;
    if (stack.has(obj)) return '[circular]';
    if (depth >= opts.maxDepth) return '[depth limit]';
    stack.add(obj);
    try {
      return walkObject(obj, depth + 1);
    } finally {
      stack.delete(obj);
    }
  };

  const walkObject = (obj: object, depth: number): Json => {
    if (Array.isArray(obj)) return obj.map((x) => walk(x, depth) ?? null);
    if (obj instanceof Error) return { name: obj.name, message: obj.message };
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? 'Invalid Date' : obj.toISOString();
    if (obj instanceof Map) return { '[Map]': [...obj].map(([k, x]) => [walk(k, depth) ?? null, walk(x, depth) ?? null]) };
    if (obj instanceof Set) return { '[Set]': [...obj].map((x) => walk(x, depth) ?? null) };
    if (ArrayBuffer.isView(obj)) return `[${obj.constructor.name} ${obj.byteLength} bytes]`;
    if (obj instanceof ArrayBuffer) return `[ArrayBuffer ${obj.byteLength} bytes]`;
    const out: { [key: string]: Json } = {};
    const proto = Object.getPrototypeOf(obj) as object | null;
    if (proto !== null && proto !== Object.prototype) {
      const name = (proto.constructor as { name?: string } | undefined)?.name;
      out['[class]'] = name || 'anonymous';
    }
    for (const key of Object.keys(obj)) {
      const x = walk((obj as Record<string, unknown>)[key], depth);
      if (x === undefined) continue;
      // Defined, not assigned: an own `__proto__` key stays a key (assigning it would set the prototype).
      if (key === '__proto__') Object.defineProperty(out, key, { value: x, enumerable: true, writable: true, configurable: true });
      else out[key] = x;
    }
    return out;
  };

  return walk(value, 0) ?? null;
}

/** `toJsonSafe` over each value of a record (state values, metadata). */
export function recordToJsonSafe(record: Record<string, unknown> | undefined | null): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (!record) return out;
  for (const [key, value] of Object.entries(record)) out[key] = toJsonSafe(value);
  return out;
}
