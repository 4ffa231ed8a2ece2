/**
 * Searching a JSON tree: which keys and values contain the words typed, and which containers lead
 * to them (shown expanded while the search is on). A path as text, for "copy path". Pure functions,
 * linear in the part of the value the page holds (the worker sends a bounded preview).
 */
import type { Json } from '../../../protocol/dto';
import { entriesOf, pathKey, type JsonPath, type TreeState } from './rows';

/** What a search found, by path key. */
export interface TreeSearch {
  /** The query as matched (trimmed, lower case). */
  query: string;
  /** Nodes whose key or (scalar) value contains the query. */
  matches: ReadonlySet<string>;
  /** Strict ancestors of the matches: opened so that every match is on screen. */
  ancestors: ReadonlySet<string>;
}

const scalarText = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The nodes of `state.root` (loaded pages included) whose key or scalar value contains `query`, case-insensitively. */
export function searchTree(state: Pick<TreeState, 'root' | 'pages'>, query: string): TreeSearch {
  const q = query.trim().toLowerCase();
  const matches = new Set<string>();
  const ancestors = new Set<string>();
  if (q === '') return { query: q, matches, ancestors };
  const stack: { label: string | number | null; value: Json; path: JsonPath }[] = [{ label: null, value: state.root, path: [] }];
  while (stack.length > 0) {
    const { label, value, path } = stack.pop()!;
    const container = typeof value === 'object' && value !== null;
    const hit = (label !== null && String(label).toLowerCase().includes(q)) || (!container && scalarText(value).toLowerCase().includes(q));
    if (hit) {
      matches.add(pathKey(path));
      for (let i = path.length - 1; i >= 0; i--) {
        const key = pathKey(path.slice(0, i));
        if (ancestors.has(key)) break;
        ancestors.add(key);
      }
    }
    if (container) for (const [k, v] of entriesOf(value, path, state)) stack.push({ label: k, value: v, path: [...path, k] });
  }
  return { query: q, matches, ancestors };
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A path as a JavaScript accessor from the root: `messages[0].content`, `["a key"]`; `(root)` for the root. */
export function pathText(path: JsonPath): string {
  if (path.length === 0) return '(root)';
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : IDENT.test(k) ? `${i === 0 ? '' : '.'}${k}` : `[${JSON.stringify(k)}]`)).join('');
}

/** Splits `text` around the first occurrence of `query` (case-insensitive) for highlighting; null when it does not occur. */
export function splitMatch(text: string, query: string): [before: string, match: string, after: string] | null {
  if (query === '') return null;
  const at = text.toLowerCase().indexOf(query);
  return at < 0 ? null : [text.slice(0, at), text.slice(at, at + query.length), text.slice(at + query.length)];
}
