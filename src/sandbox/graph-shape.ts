/**
 * The one place that turns a compiled graph into the GraphShape the UI draws. It reads the
 * StateGraph builder the graph was compiled from when there is one (it knows node settings such as
 * retry policies, drawn as badges); otherwise it uses the graph's `getGraph()` (LangGraph.js shape:
 * nodes keyed by id, edges with `conditional`), e.g. for functional-API entrypoints.
 */
import type { GraphEdgeDTO, GraphNodeDTO, GraphShape } from '../protocol/dto';
import type { BuilderLike, DrawableGraph, HostGraph } from './engine-port';

const START = '__start__';
const END = '__end__';

const kindOf = (id: string): GraphNodeDTO['kind'] => (id === START ? 'start' : id === END ? 'end' : 'node');

/** Maps a LangGraph.js-shaped drawable graph to GraphShape. */
export function shapeFromDrawable(graph: DrawableGraph): GraphShape {
  const list = Array.isArray(graph.nodes) ? graph.nodes : Object.values(graph.nodes);
  const nodes: GraphNodeDTO[] = list.map((n) => ({ id: n.id, kind: kindOf(n.id) }));
  const edges: GraphEdgeDTO[] = graph.edges.map((e) => {
    const edge: GraphEdgeDTO = { source: e.source, target: e.target, conditional: e.conditional === true };
    if (typeof e.data === 'string' && e.data !== e.target) edge.label = e.data;
    return edge;
  });
  return { nodes, edges };
}

/**
 * Derives the drawing from a StateGraph builder: plain edges, one edge per source of a join,
 * conditional edges per path-map entry (to every node and END when a router has no path map), and
 * conditional edges to the `ends` a node declares for its Commands.
 */
export function shapeFromBuilder(b: BuilderLike): GraphShape {
  const names = Object.keys(b.nodes);
  const nodes: GraphNodeDTO[] = [START, ...names, END].map((id) => {
    const node: GraphNodeDTO = { id, kind: kindOf(id) };
    const badges = badgesOf(Object.hasOwn(b.nodes, id) ? b.nodes[id].options : undefined);
    if (badges.length > 0) node.badges = badges;
    return node;
  });
  const edges: GraphEdgeDTO[] = [];
  const seen = new Set<string>();
  const add = (source: string, target: string, conditional: boolean, label?: string) => {
    const key = JSON.stringify([source, target, conditional, label ?? null]);
    if (seen.has(key)) return;
    seen.add(key);
    edges.push(label === undefined || label === target ? { source, target, conditional } : { source, target, conditional, label });
  };
  for (const [from, to] of b.edges) add(from, to, false);
  for (const [starts, end] of b.waitingEdges) for (const s of starts) add(s, end, false);
  for (const [source, branches] of b.branches) {
    for (const branch of branches) {
      if (branch.pathMap) for (const [key, target] of Object.entries(branch.pathMap)) add(source, target, true, key);
      else for (const target of [...names, END]) add(source, target, true);
    }
  }
  // Command destinations a node declares, unless an edge already connects the two.
  for (const [name, spec] of Object.entries(b.nodes)) {
    for (const target of spec.options?.ends ?? []) if (!edges.some((e) => e.source === name && e.target === target)) add(name, target, true);
  }
  return { nodes, edges };
}

/** Node settings worth showing next to a node. */
function badgesOf(options: { retryPolicy?: { maxAttempts?: number }; defer?: boolean } | undefined): string[] {
  const badges: string[] = [];
  if (options?.retryPolicy) badges.push(`retry ×${options.retryPolicy.maxAttempts ?? 3}`);
  if (options?.defer) badges.push('deferred');
  return badges;
}

/**
 * The shape of a compiled graph, or an empty shape when the engine cannot describe it. Nodes that
 * are compiled graphs become `subgraph` nodes carrying their own shape (to `depth` levels).
 */
export async function graphShape(graph: HostGraph, depth = 4): Promise<GraphShape> {
  let shape: GraphShape = { nodes: [], edges: [] };
  if (graph.builder) shape = shapeFromBuilder(graph.builder);
  else if (typeof graph.getGraph === 'function') shape = shapeFromDrawable(await graph.getGraph());
  if (depth > 0) {
    for (const node of shape.nodes) {
      const sub = graph.nodes?.[node.id]?.subgraph as HostGraph | undefined;
      if (!sub || (typeof sub.getGraph !== 'function' && !sub.builder)) continue;
      node.kind = 'subgraph';
      node.subgraph = await graphShape(sub, depth - 1);
    }
  }
  return shape;
}
