/**
 * Systematic mutations of a valid file, for the malformed-input suite: truncations, type swaps at
 * structural paths, hostile keys, oversized values and broken histories. Each case says which
 * error codes are acceptable and (when known) which JSON path the error must name.
 */
import { formatPath, type PathSegment, type PortabilityErrorCode } from '../../src/worker/portability/issues';

/** One malformed file. */
export interface MalformedCase {
  name: string;
  text: string;
  codes: PortabilityErrorCode[];
  /** A path the error's issues must include. */
  path?: string;
}

type Tree = Record<string, unknown> | unknown[];

export const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export function getAt(root: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>((node, seg) => (node as Record<string | number, unknown>)[seg], root);
}

/** Sets a value with defineProperty, so even a key like `__proto__` becomes a plain own key. */
export function setAt(root: unknown, path: readonly PathSegment[], value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Tree;
  Object.defineProperty(parent, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

/** Truncations at `count` offsets spread over the text (never the whole text). */
export function truncations(label: string, text: string, count: number): MalformedCase[] {
  const end = text.trimEnd().length - 1;
  const offsets = new Set<number>();
  for (let k = 0; k < count; k++) offsets.add(Math.floor((k * end) / count));
  return [...offsets].map((offset) => ({ name: `${label}: truncated at ${offset}/${text.length}`, text: text.slice(0, offset), codes: ['not-json'] }));
}

/** A value of another JSON type than `value`, one that no schema slot of `value` accepts. */
export function swappedValues(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, { text: value }];
  if (typeof value === 'number') return [String(value), [value]];
  if (typeof value === 'boolean') return [String(value)];
  if (value === null) return [7, ['null']];
  if (Array.isArray(value)) return [{ length: value.length }, 'list'];
  return [['object'], 99];
}

/** Type swaps at each given path. */
export function typeSwaps(label: string, doc: unknown, paths: readonly PathSegment[][]): MalformedCase[] {
  return paths.flatMap((path) =>
    swappedValues(getAt(doc, path)).map((replacement) => {
      const copy = clone(doc);
      setAt(copy, path, replacement);
      return {
        name: `${label}: ${formatPath(path)} := ${JSON.stringify(replacement)}`,
        text: JSON.stringify(copy),
        codes: ['invalid', 'unknown-format', 'unsupported-version'] as PortabilityErrorCode[],
        path: formatPath(path),
      };
    }),
  );
}

const HOSTILE: [string, unknown][] = [
  ['__proto__', { polluted: true }],
  ['constructor', { prototype: { polluted: true } }],
  ['prototype', { polluted: true }],
];

/** A hostile key added to the object at each given path (all three keys, rotating). */
export function hostileKeys(label: string, doc: unknown, objectPaths: readonly PathSegment[][]): MalformedCase[] {
  return objectPaths.flatMap((path, i) =>
    [HOSTILE[i % 3]!, HOSTILE[(i + 1) % 3]!].map(([key, value]) => {
      const copy = clone(doc);
      const target = getAt(copy, path) as Tree;
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
      return {
        name: `${label}: key "${key}" in ${formatPath(path)}`,
        text: JSON.stringify(copy),
        codes: ['hostile-key'] as PortabilityErrorCode[],
        path: formatPath([...path, key]),
      };
    }),
  );
}

/** Text that is not a JSON document at all. */
export const NOT_JSON: [string, string][] = [
  ['empty', ''],
  ['blank', '  \n\t '],
  ['single quotes', "{'format': 'replaygraph.thread'}"],
  ['trailing comma', '{"format": "replaygraph.thread",}'],
  ['NaN literal', '{"version": NaN}'],
  ['undefined', 'undefined'],
  ['binary', '\u0000\u0001\u0002PK\u0003\u0004'],
  ['byte order mark', '\uFEFF{"format": "replaygraph.thread"}'],
  ['two documents', '{}{}'],
  ['html', '<html><body><script>alert(1)</script></body></html>'],
  ['comment', '// replaygraph\n{}'],
];

/** Parsed JSON that is not a thread document. */
export const WRONG_ROOT: [string, string][] = [
  ['null', 'null'],
  ['number', '42'],
  ['string', '"replaygraph.thread"'],
  ['true', 'true'],
  ['empty object', '{}'],
];
