/**
 * A drawable graph (./drawable) as a LangChain `Graph`, the class LangGraph.js's
 * `getGraphAsync()` returns: it draws Mermaid (`drawMermaid()`), ASCII and PNG the LangChain way.
 */
import { Graph } from '@langchain/core/runnables/graph';
import type { DrawableGraph } from './drawable';

export type LangChainGraph = Graph;

/** The LangChain Graph of `drawing`: the same nodes (ids, names, metadata) and edges. */
export function toLangChainGraph(drawing: DrawableGraph): Graph {
  const graph = new Graph();
  const nodes = new Map<string, ReturnType<Graph['addNode']>>();
  for (const n of Object.values(drawing.nodes)) {
    // A node's data is a schema record naming it (LangChain labels nodes by id or by that name).
    nodes.set(n.id, graph.addNode({ name: n.name, schema: undefined as never }, n.id, n.metadata));
  }
  for (const e of drawing.edges) {
    const source = nodes.get(e.source);
    const target = nodes.get(e.target);
    if (source && target) graph.addEdge(source, target, e.data, e.conditional);
  }
  return graph;
}
