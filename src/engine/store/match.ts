/**
 * Pure helpers of the in-memory store: filter comparison, namespace conditions, field paths for
 * indexing (`a.b`, `items[*].text`, `items[-1]`, `{title, body}`), cosine similarity.
 */
import type { FilterValue, MatchCondition } from './base';

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

function isOperatorObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.keys(v).every((k) => OPERATORS.has(k));
}

/** Whether an item's field value satisfies one filter entry (a bare value means equality). */
export function compareValues(itemValue: unknown, filter: FilterValue): boolean {
  if (!isOperatorObject(filter)) return itemValue === filter;
  return Object.entries(filter).every(([op, v]) => {
    switch (op) {
      case '$eq': return itemValue === v;
      case '$ne': return itemValue !== v;
      case '$gt': return Number(itemValue) > Number(v);
      case '$gte': return Number(itemValue) >= Number(v);
      case '$lt': return Number(itemValue) < Number(v);
      case '$lte': return Number(itemValue) <= Number(v);
      case '$in': return Array.isArray(v) ? v.includes(itemValue) : false;
      case '$nin': return Array.isArray(v) ? !v.includes(itemValue) : true;
      default: return false;
    }
  });
}

/** Whether a namespace meets a prefix / suffix condition (`'*'` matches any label). */
export function matchesCondition(condition: MatchCondition, namespace: readonly string[]): boolean {
  const { matchType, path } = condition;
  if (path.length > namespace.length) return false;
  const offset = matchType === 'prefix' ? 0 : namespace.length - path.length;
  return path.every((label, i) => label === '*' || namespace[offset + i] === label);
}

/** Splits a field path into tokens: names, `[index]` and `{a, b}` groups. */
export function tokenizePath(path: string): string[] {
  const tokens: string[] = [];
  let current = '';
  const flush = () => {
    if (current) tokens.push(current);
    current = '';
  };
  for (let i = 0; i < path.length; ) {
    const ch = path[i];
    if (ch === '[' || ch === '{') {
      flush();
      const close = ch === '[' ? ']' : '}';
      let depth = 0;
      let group = '';
      do {
        const c = path[i];
        if (c === ch) depth += 1;
        else if (c === close) depth -= 1;
        group += c;
        i += 1;
      } while (i < path.length && depth > 0);
      tokens.push(group);
      continue;
    }
    if (ch === '.') flush();
    else current += ch;
    i += 1;
  }
  flush();
  return tokens;
}

const asText = (v: unknown): string[] => {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (v === null || v === undefined || typeof v !== 'object') return [];
  return [JSON.stringify(v, null, 2)];
};

/** The texts found at `path` in `obj` (`'$'`: the whole object as JSON), for embedding. */
export function textsAtPath(obj: unknown, path: string | string[]): string[] {
  if (!path || path === '$') return [JSON.stringify(obj, null, 2)];
  const tokens = Array.isArray(path) ? path : tokenizePath(path);
  const walk = (o: unknown, pos: number): string[] => {
    if (pos >= tokens.length) return asText(o);
    const token = tokens[pos];
    const out: string[] = pos === 0 && token === '$' ? [JSON.stringify(o, null, 2)] : [];
    if (token.startsWith('[') && token.endsWith(']')) {
      if (!Array.isArray(o)) return [];
      const index = token.slice(1, -1);
      if (index === '*') for (const item of o) out.push(...walk(item, pos + 1));
      else {
        let i = Number.parseInt(index, 10);
        if (i < 0) i += o.length;
        if (i >= 0 && i < o.length) out.push(...walk(o[i], pos + 1));
      }
    } else if (token.startsWith('{') && token.endsWith('}')) {
      if (typeof o !== 'object' || o === null) return [];
      for (const field of token.slice(1, -1).split(',').map((f) => f.trim())) {
        let cur: unknown = o;
        for (const t of tokenizePath(field)) cur = cur && typeof cur === 'object' && t in cur ? (cur as Record<string, unknown>)[t] : undefined;
        if (cur !== undefined) out.push(...asText(cur));
      }
    } else if (token === '*') {
      const items = Array.isArray(o) ? o : typeof o === 'object' && o !== null ? Object.values(o) : [];
      for (const item of items) out.push(...walk(item, pos + 1));
    } else if (typeof o === 'object' && o !== null && token in o) {
      out.push(...walk((o as Record<string, unknown>)[token], pos + 1));
    }
    return out;
  };
  return walk(obj, 0);
}

/** Cosine similarity of `x` with each of `ys` (0 when either has no magnitude). */
export function cosineSimilarities(x: readonly number[], ys: readonly (readonly number[])[]): number[] {
  const norm = (v: readonly number[]) => Math.sqrt(v.reduce((acc, n) => acc + n * n, 0));
  const nx = norm(x);
  return ys.map((y) => {
    const ny = norm(y);
    const dot = y.reduce((acc, n, i) => acc + n * x[i], 0);
    return nx && ny ? dot / (nx * ny) : 0;
  });
}
