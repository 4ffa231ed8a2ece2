/**
 * Safe JSON intake: parse text, then walk the whole tree once (iteratively, so deep nesting cannot
 * overflow the stack) checking every limit and refusing the keys that reach prototypes
 * (`__proto__`, `constructor`, `prototype`) anywhere. Parsed objects are never merged into existing
 * ones; strings are only ever kept as text.
 */
import { fail, type PathSegment } from './issues';
import type { ImportLimits } from './limits';

/** Keys that could reach an object's prototype if a later step merged or assigned them. */
export const HOSTILE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses `text` as JSON and checks the tree (see `checkJsonTree`).
 * @throws PortabilityFailure `too-large`, `not-json`, `hostile-key`
 */
export function parseJsonSafely(text: string, limits: ImportLimits): unknown {
  if (typeof text !== 'string') fail('not-json', '$', 'The file is not text.');
  if (text.length > limits.maxTextLength) {
    fail('too-large', '$', `The file has ${text.length} characters; the limit is ${limits.maxTextLength}.`);
  }
  if (text.trim() === '') fail('not-json', '$', 'The file is empty.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    fail('not-json', '$', `The file is not valid JSON (it may be truncated): ${detail}`);
  }
  checkJsonTree(value, limits);
  return value;
}

/**
 * Checks an already-parsed value: only JSON types (plain objects, arrays, strings, finite numbers,
 * booleans, null), within every limit, with no hostile key.
 * @throws PortabilityFailure naming the first offending path
 */
export function checkJsonTree(root: unknown, limits: ImportLimits): void {
  // Paths are kept as parent links and only spelled out for an error: a million-element array
  // must not cost a million path arrays.
  const stack: Entry[] = [{ value: root, key: null, parent: null, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value } = entry;
    nodes += 1;
    if (nodes > limits.maxNodes) fail('too-large', pathOf(entry), `The file holds more than ${limits.maxNodes} values.`);
    if (value === null || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) fail('invalid', pathOf(entry), 'Numbers must be finite.');
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) {
        fail('too-large', pathOf(entry), `A string of ${value.length} characters is over the limit of ${limits.maxStringLength}.`);
      }
      continue;
    }
    if (entry.depth >= limits.maxDepth) fail('too-large', pathOf(entry), `Values are nested deeper than ${limits.maxDepth} levels.`);
    const depth = entry.depth + 1;
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength) {
        fail('too-large', pathOf(entry), `An array of ${value.length} elements is over the limit of ${limits.maxArrayLength}.`);
      }
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: entry, depth });
      continue;
    }
    if (typeof value !== 'object' || !isPlainObject(value)) {
      fail('invalid', pathOf(entry), `A ${typeof value === 'object' ? 'non-plain object' : typeof value} is not JSON data.`);
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxObjectKeys) {
      fail('too-large', pathOf(entry), `An object with ${keys.length} keys is over the limit of ${limits.maxObjectKeys}.`);
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry, depth };
      if (HOSTILE_KEYS.has(key)) fail('hostile-key', pathOf(child), `The key "${key}" is not allowed anywhere in an imported file.`);
      if (key.length > limits.maxStringLength) fail('too-large', pathOf(entry), 'An object key is over the string length limit.');
      stack.push(child);
    }
  }
}

interface Entry {
  value: unknown;
  key: PathSegment | null;
  parent: Entry | null;
  depth: number;
}

function pathOf(entry: Entry): PathSegment[] {
  const path: PathSegment[] = [];
  for (let e: Entry | null = entry; e && e.key !== null; e = e.parent) path.push(e.key);
  return path.reverse();
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
