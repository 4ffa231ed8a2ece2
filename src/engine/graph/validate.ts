/**
 * Compile-time checks of a StateGraph (LangGraph.js `validate`): every edge and branch names
 * known nodes, the graph has an entry point, and static interrupts name nodes.
 */
import { END, START } from '../constants';
import type { NodeSpec, StateGraph } from './state_graph';

export function validateGraph(g: StateGraph<any, any, any>, nodes: ReadonlyMap<string, NodeSpec>, interrupts: string[]): void {
  const known = (n: string) => n === START || n === END || nodes.has(n);
  const sources = new Set<string>();
  for (const [s, e] of g.edges) {
    if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
    if (!known(e)) throw new Error(`Found edge ending at unknown node "${e}"`);
    sources.add(s);
  }
  for (const [ss, e] of g.waitingEdges) {
    for (const s of ss) {
      if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
      sources.add(s);
    }
    if (!known(e)) throw new Error(`Found edge ending at unknown node "${e}"`);
  }
  for (const [s, bs] of g.branches) {
    if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
    sources.add(s);
    for (const b of bs) for (const d of Object.values(b.pathMap ?? {})) if (!known(d)) throw new Error(`Found edge ending at unknown node "${d}"`);
  }
  if (!sources.has(START)) throw new Error('Graph must have an entrypoint: add at least one edge from START to another node');
  for (const n of interrupts) if (!nodes.has(n)) throw new Error(`Interrupt node \`${n}\` not found`);
}
