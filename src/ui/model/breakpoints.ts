/**
 * Breakpoints, per graph: the ones a person set in the debugger (kept by graph id, across page
 * loads) and the ones the graph was compiled with (`interruptBefore` / `interruptAfter`, read from
 * its drawing). A run pauses at both: the debugger's are added to the compiled ones, never in
 * their place (src/sandbox/breakpoints.ts).
 */
import type { GraphInfo, GraphNodeDTO, GraphShape } from '../../protocol/dto';

/** Nodes to pause before and after. */
export interface Breakpoints {
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/** The debugger's breakpoints of each graph, by graph id. */
export type BreakpointsByGraph = Readonly<Record<string, Breakpoints>>;

export type BreakWhen = 'before' | 'after';

/** No breakpoints (one object, so selectors that find none return the same value each time). */
export const NO_BREAKPOINTS: Breakpoints = Object.freeze({ before: Object.freeze([]), after: Object.freeze([]) });

/** The breakpoints set on `graphId` (none when no graph is open). */
export function breakpointsOf(all: BreakpointsByGraph, graphId: string | null): Breakpoints {
  return (graphId === null ? undefined : all[graphId]) ?? NO_BREAKPOINTS;
}

/** `all` with `node`'s breakpoint `when` on `graphId` set when it was not, removed when it was. */
export function toggleBreakpoint(all: BreakpointsByGraph, graphId: string, node: string, when: BreakWhen): BreakpointsByGraph {
  const mine = breakpointsOf(all, graphId);
  const list = mine[when];
  const next: Breakpoints = { ...mine, [when]: list.includes(node) ? list.filter((n) => n !== node) : [...list, node] };
  const rest = { ...all };
  delete rest[graphId];
  return next.before.length === 0 && next.after.length === 0 ? rest : { ...rest, [graphId]: next };
}

/** The nodes of a drawing a breakpoint can be set on: its top-level nodes and subgraph nodes. */
const breakableNodes = (shape: GraphShape): Set<string> => new Set(shape.nodes.filter((n) => n.kind === 'node' || n.kind === 'subgraph').map((n) => n.id));

/**
 * `all` without breakpoints on nodes the listed graphs no longer have (the same object when none
 * was dropped). A graph that is not listed, or whose drawing is not known (not loaded, quarantined,
 * drawn empty), keeps its breakpoints: it may be listed again as it was.
 */
export function pruneBreakpoints(all: BreakpointsByGraph, graphs: readonly GraphInfo[]): BreakpointsByGraph {
  let changed = false;
  const next: Record<string, Breakpoints> = {};
  for (const [graphId, bp] of Object.entries(all)) {
    const graph = graphs.find((g) => g.id === graphId);
    if (graph === undefined || graph.quarantine !== undefined || graph.shape.nodes.length === 0) {
      next[graphId] = bp;
      continue;
    }
    const has = breakableNodes(graph.shape);
    const kept: Breakpoints = { before: bp.before.filter((n) => has.has(n)), after: bp.after.filter((n) => has.has(n)) };
    if (kept.before.length === bp.before.length && kept.after.length === bp.after.length) next[graphId] = bp;
    else {
      changed = true;
      if (kept.before.length > 0 || kept.after.length > 0) next[graphId] = kept;
    }
  }
  return changed ? next : all;
}

/** What a node's breakpoint is: the graph's own (compiled), the person's (yours), or none. */
export type BreakMark = 'compiled' | 'yours' | null;

/** The compiled breakpoint `when` of a drawn node, else the person's, else none. */
export function breakMark(node: GraphNodeDTO, when: BreakWhen, yours: Breakpoints): BreakMark {
  if (when === 'before' ? node.interruptBefore === true : node.interruptAfter === true) return 'compiled';
  return yours[when].includes(node.id) ? 'yours' : null;
}

/** The breakpoints a graph was compiled with, read from its drawing's top-level nodes. */
export function compiledBreakpoints(shape: GraphShape): Breakpoints {
  const before = shape.nodes.filter((n) => n.interruptBefore === true).map((n) => n.id);
  const after = shape.nodes.filter((n) => n.interruptAfter === true).map((n) => n.id);
  return before.length === 0 && after.length === 0 ? NO_BREAKPOINTS : { before, after };
}

/** The toolbar's words for a graph's breakpoints: the person's, then the compiled ones marked so. */
export function breakpointsText(yours: Breakpoints, compiled: Breakpoints): string {
  const words = (bp: Breakpoints, suffix: string) => [...bp.before.map((n) => `before ${n}${suffix}`), ...bp.after.map((n) => `after ${n}${suffix}`)];
  const own = { before: yours.before.filter((n) => !compiled.before.includes(n)), after: yours.after.filter((n) => !compiled.after.includes(n)) };
  return [...words(compiled, ' (compiled)'), ...words(own, '')].join(', ');
}

const nodeNames = (v: unknown): string[] | null => (Array.isArray(v) && v.every((n) => typeof n === 'string') ? [...new Set(v as string[])] : null);

/**
 * The breakpoints kept in storage, from their JSON text. Anything malformed (an old format, a hand
 * edit) is dropped entry by entry: a bad value never stops the page, it only loses that entry.
 */
export function parseBreakpoints(raw: string | null): BreakpointsByGraph {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, Breakpoints> = {};
  for (const [graphId, bp] of Object.entries(value as Record<string, unknown>)) {
    if (typeof bp !== 'object' || bp === null) continue;
    const before = nodeNames((bp as { before?: unknown }).before);
    const after = nodeNames((bp as { after?: unknown }).after);
    if (before === null || after === null || (before.length === 0 && after.length === 0)) continue;
    out[graphId] = { before, after };
  }
  return out;
}
