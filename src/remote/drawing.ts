/**
 * `GET /assistants/{id}/graph?xray=true` → the engine's drawable shape (`DrawableGraph`, as
 * `getGraph()` returns it), so the UI draws a server graph with the same code as a local one.
 *
 * The server sends LangGraph's JSON drawing: `nodes: [{ id, type, data, metadata }]`, `edges`.
 * - a node's `name` is its key (the last `:` segment of an xray id), as the engine names it;
 * - a node that runs a compiled graph (its `data.id` names `CompiledStateGraph`) gets
 *   `data: { subgraph: true }` (seen only where the drawing did not expand it);
 * - `metadata` is kept as sent (`__interrupt`, and e.g. `__tools` on a ToolNode);
 * - `subgraphs[key]` is the part of the xray drawing inside `key`, with ids relative to it. The
 *   server draws no separate subgraph drawings, so unlike the engine's these have no
 *   `__start__` / `__end__` of their own and are already expanded.
 */
import type { DrawableEdge, DrawableGraph, DrawableNode } from '../engine/graph/drawable';
import { BadResponseError } from './errors';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

const COMPILED_GRAPH = /Compiled(State)?Graph|^Pregel$/;

/** Maps the server's drawing (see the file comment). */
export function toDrawableGraph(raw: unknown): DrawableGraph {
  if (!isObject(raw) || !Array.isArray(raw.nodes) || !Array.isArray(raw.edges)) throw new BadResponseError('a graph drawing without nodes and edges');
  const nodes = raw.nodes.filter(isObject).map(toNode);
  const edges = raw.edges.filter(isObject).map(toEdge);
  return assemble(nodes, edges);
}

function toNode(n: Json): DrawableNode {
  const id = String(n.id);
  const data = isObject(n.data) ? n.data : undefined;
  const runsGraph = Array.isArray(data?.id) && data.id.some((part) => typeof part === 'string' && COMPILED_GRAPH.test(part));
  return {
    id,
    name: id.slice(id.lastIndexOf(':') + 1),
    ...(runsGraph ? { data: { subgraph: true } } : {}),
    ...(isObject(n.metadata) ? { metadata: { ...n.metadata } } : {}),
  };
}

function toEdge(e: Json): DrawableEdge {
  return { source: String(e.source), target: String(e.target), conditional: e.conditional === true, ...(typeof e.data === 'string' ? { data: e.data } : {}) };
}

function assemble(nodes: DrawableNode[], edges: DrawableEdge[]): DrawableGraph {
  const graph: DrawableGraph = { nodes: {}, edges, subgraphs: {} };
  for (const node of nodes) graph.nodes[node.id] = node;
  const prefixes = new Set(nodes.filter((n) => n.id.includes(':')).map((n) => n.id.slice(0, n.id.indexOf(':'))));
  for (const prefix of prefixes) {
    const strip = (id: string) => id.slice(prefix.length + 1);
    const inside = (id: string) => id.startsWith(`${prefix}:`);
    graph.subgraphs[prefix] = assemble(
      nodes.filter((n) => inside(n.id)).map((n) => ({ ...n, id: strip(n.id) })),
      edges.filter((e) => inside(e.source) && inside(e.target)).map((e) => ({ ...e, source: strip(e.source), target: strip(e.target) })),
    );
  }
  return graph;
}
