/**
 * Which export of a user module is the graph, and whether it looks like one. Checks are structural
 * (duck typing) on purpose: the engine's classes are not imported here, so a graph built with any
 * copy of the API is recognised, and a plain object is never mistaken for a graph.
 */
import type { UserGraphKind } from './types';

/** The export found and what it is. */
export type GraphExport =
  | { ok: true; exportName: 'default' | 'graph'; kind: UserGraphKind; value: Record<string, unknown> }
  | { ok: false; message: string; exportName: 'default' | 'graph' | null };

const isFn = (x: unknown) => typeof x === 'function';

/** What a value is, in a few words, for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `a function${value.name ? ` (${value.name})` : ''}`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== 'Object' ? `an instance of ${name}` : 'a plain object';
  }
  return `a ${typeof value}`;
}

/** Classifies one exported value. */
export function classifyGraph(value: unknown): UserGraphKind | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  // A compiled graph (StateGraph.compile() or an entrypoint) runs; a builder compiles.
  if (isFn(v.invoke) && isFn(v.stream)) return 'compiled';
  if (isFn(v.compile) && isFn(v.addNode)) return 'builder';
  return null;
}

/**
 * Picks the graph among a module's exports: `default` first, then `graph`.
 * @param exports the module's `module.exports`
 */
export function pickGraphExport(exports: Record<string, unknown>): GraphExport {
  const has = (k: string) => Object.hasOwn(exports, k) && exports[k] !== undefined;
  const exportName = has('default') ? 'default' : has('graph') ? 'graph' : null;
  if (exportName === null) {
    const names = Object.keys(exports).filter((k) => k !== '__esModule');
    return {
      ok: false,
      exportName: null,
      message:
        'The module exports no graph: add `export default graph` (or `export const graph = …`) with a StateGraph ' +
        `builder or a compiled graph.${names.length ? ` It exports: ${names.join(', ')}.` : ''}`,
    };
  }
  const value = exports[exportName];
  const kind = classifyGraph(value);
  if (kind === null) {
    return {
      ok: false,
      exportName,
      message:
        `The ${exportName === 'default' ? 'default export' : 'export "graph"'} is ${describeValue(value)}, not a graph: ` +
        'export a StateGraph builder (new StateGraph(...).addNode(...)...) or a compiled graph (builder.compile()).',
    };
  }
  return { ok: true, exportName, kind, value: value as Record<string, unknown> };
}

/**
 * Where the graph export is written in the source (1-based), to point a shape error at it.
 * Falls back to null when the export is not written literally (re-exports, computed).
 */
export function findExportPosition(source: string, exportName: 'default' | 'graph' | null): { line: number; column: number } | null {
  const patterns =
    exportName === 'graph'
      ? [/export\s+(?:const|let|var)\s+graph\b/, /export\s*\{[^}]*\bgraph\b/]
      : [/export\s+default\b/, /export\s+(?:const|let|var)\s+graph\b/];
  for (const re of patterns) {
    const m = re.exec(source);
    if (m) {
      const before = source.slice(0, m.index);
      const line = before.split('\n').length;
      return { line, column: m.index - before.lastIndexOf('\n') };
    }
  }
  return null;
}
