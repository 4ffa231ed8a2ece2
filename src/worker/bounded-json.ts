/**
 * JSON values cut to a budget before they go to the page, so a checkpoint holding a 50,000-key
 * object or a 200,000-element array never costs the main thread more than a few milliseconds to
 * receive: structured-clone deserialisation is paid on the thread that reads the message, and a
 * full state of that size takes about 45 ms per copy (measured in Chromium). The cut is breadth
 * first (top-level keys are shown before deep ones), every cut is listed with where it is and how
 * much there is, and `sliceJson` serves the rest a page at a time ("show more").
 */
import type { Json, TruncationDTO } from '../protocol/dto';

/** How much of a value goes to the page. */
export interface BoundOptions {
  /** Values (of any kind) in the whole cut. @default 1500 */
  maxNodes: number;
  /** Entries shown of one array or object before "show more". @default 100 */
  maxEntries: number;
  /** Characters shown of one string before "show more". @default 2000 */
  maxChars: number;
}

/** The defaults of `BoundOptions` for a detail's values. */
export const DETAIL_BOUNDS: Readonly<BoundOptions> = Object.freeze({ maxNodes: 1500, maxEntries: 100, maxChars: 2000 });
/** A small budget: pending write and interrupt values (shown on one line), diff values, entries of a page. */
export const SMALL_BOUNDS: Readonly<BoundOptions> = Object.freeze({ maxNodes: 60, maxEntries: 20, maxChars: 400 });

type Path = (string | number)[];
type Container = Json[] | { [key: string]: Json };

const isContainer = (v: Json): v is Container => typeof v === 'object' && v !== null;
const emptyLike = (v: Container): Container => (Array.isArray(v) ? [] : {});

/** Sets `key` on a copy being built (an own `__proto__` key stays a key). */
function put(target: Container, key: string | number, value: Json): void {
  if (Array.isArray(target)) target.push(value);
  else if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key as string] = value;
}

/**
 * `root` cut to `options`, with the cuts. Paths in the cuts start with `base`.
 * @param root a JSON-safe value (src/protocol/json-safe.ts)
 */
export function boundJson(root: Json, options: BoundOptions = DETAIL_BOUNDS, base: Path = []): { value: Json; truncated: TruncationDTO[] } {
  const truncated: TruncationDTO[] = [];
  const leaf = (v: Json, path: Path): Json => {
    if (typeof v !== 'string' || v.length <= options.maxChars) return v;
    truncated.push({ path, unit: 'chars', total: v.length, shown: options.maxChars });
    return v.slice(0, options.maxChars);
  };
  if (!isContainer(root)) return { value: leaf(root, base), truncated };
  const top = emptyLike(root);
  const queue: { src: Container; dst: Container; path: Path }[] = [{ src: root, dst: top, path: base }];
  let nodes = 1;
  for (let q = 0; q < queue.length; q++) {
    const { src, dst, path } = queue[q]!;
    const keys: (string | number)[] = Array.isArray(src) ? [] : Object.keys(src);
    const total = Array.isArray(src) ? src.length : keys.length;
    let shown = 0;
    while (shown < total && shown < options.maxEntries && nodes < options.maxNodes) {
      const key = Array.isArray(src) ? shown : keys[shown]!;
      const v = (Array.isArray(src) ? src[shown] : (src as Record<string, Json>)[key as string]) as Json;
      const at = [...path, key];
      nodes++;
      shown++;
      if (isContainer(v)) {
        const child = emptyLike(v);
        put(dst, key, child);
        queue.push({ src: v, dst: child, path: at });
      } else put(dst, key, leaf(v, at));
    }
    if (shown < total) truncated.push({ path, unit: 'entries', total, shown });
  }
  return { value: top, truncated };
}

/** The value at `path` inside `root`, or undefined (own keys only). */
export function valueAt(root: Json, path: readonly (string | number)[]): Json | undefined {
  let v: Json | undefined = root;
  for (const key of path) {
    if (!isContainer(v as Json)) return undefined;
    if (Array.isArray(v)) v = typeof key === 'number' ? v[key] : undefined;
    else v = Object.hasOwn(v as object, key) ? (v as Record<string, Json>)[key as string] : undefined;
  }
  return v;
}

/** A page of a cut value: entries of an array or object (each cut small), or characters of a string. */
export interface JsonSlice {
  entries?: [key: string | number, value: Json][];
  text?: string;
  /** Entries or characters in all. */
  total: number;
  /** Cuts inside the entries, with paths from the root. */
  truncated: TruncationDTO[];
}

/**
 * Entries (or characters) `[offset, offset + limit)` of the array, object or string at `path`.
 * @returns null when there is nothing at `path`
 */
export function sliceJson(root: Json, path: (string | number)[], offset: number, limit: number, entryBounds: BoundOptions = SMALL_BOUNDS): JsonSlice | null {
  const v = valueAt(root, path);
  if (v === undefined) return null;
  if (typeof v === 'string') return { text: v.slice(offset, offset + limit), total: v.length, truncated: [] };
  if (!isContainer(v)) return null;
  const keys: (string | number)[] = Array.isArray(v) ? [] : Object.keys(v);
  const total = Array.isArray(v) ? v.length : keys.length;
  const entries: [string | number, Json][] = [];
  const truncated: TruncationDTO[] = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const key = Array.isArray(v) ? i : keys[i]!;
    const b = boundJson((Array.isArray(v) ? v[i] : (v as Record<string, Json>)[key as string]) as Json, entryBounds, [...path, key]);
    entries.push([key, b.value]);
    truncated.push(...b.truncated);
  }
  return { entries, total, truncated };
}
