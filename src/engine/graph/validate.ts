/**
 * Compile-time checks of a StateGraph, as LangGraph.js 1.7.3 makes them (same messages): every
 * edge and branch starts at a known node, every node can be reached (an edge, a branch without a
 * path map reaching every other node, an `ends` list; with error handlers every node counts as
 * reachable), every target exists, and static interrupts name nodes.
 */
import { END, START } from '../constants';
import { UnreachableNodeError } from '../errors';
import type { NodeSpec, StateGraph } from './state_graph';

export function validateGraph<X, S, U>(g: StateGraph<X, S, U>, nodes: ReadonlyMap<string, NodeSpec>, interrupts: string[]): void {
  const edges: [string, string][] = [...g.edges, ...g.waitingEdges.flatMap(([starts, end]) => starts.map((s): [string, string] => [s, end]))];
  const sources = new Set(edges.map(([s]) => s));
  for (const start of g.branches.keys()) sources.add(start);
  for (const s of sources) if (s !== START && !nodes.has(s)) throw new Error(`Found edge starting at unknown node \`${s}\``);
  const targets = new Set(edges.map(([, e]) => e));
  for (const [start, branches] of g.branches) {
    for (const b of branches) {
      if (b.pathMap) for (const end of Object.values(b.pathMap)) targets.add(end);
      else {
        targets.add(END);
        for (const n of nodes.keys()) if (n !== start) targets.add(n);
      }
    }
  }
  for (const n of nodes.values()) for (const t of n.options.ends ?? []) targets.add(t);
  if ([...nodes.values()].some((n) => n.isErrorHandler)) for (const n of nodes.keys()) targets.add(n);
  for (const [name, n] of nodes) {
    if (n.isErrorHandler || targets.has(name)) continue;
    throw new UnreachableNodeError(
      [
        `Node \`${name}\` is not reachable.`, '',
        'If you are returning Command objects from your node,',
        'make sure you are passing names of potential destination nodes as an "ends" array',
        'into ".addNode(..., { ends: ["node1", "node2"] })".',
      ].join('\n'),
      { lc_error_code: 'UNREACHABLE_NODE' },
    );
  }
  for (const t of targets) if (t !== END && !nodes.has(t)) throw new Error(`Found edge ending at unknown node \`${t}\``);
  for (const n of interrupts) if (!nodes.has(n)) throw new Error(`Interrupt node \`${n}\` is not present`);
}
