/**
 * `getGraph()`: a drawable, plain-data view of a compiled StateGraph, shaped like LangGraph.js's
 * (`{ nodes: { id: { id, name, data?, metadata? } }, edges: [{ source, target, conditional, data? }] }`)
 * and built by the same rules, so a UI can draw either:
 * - `__start__` first, then the nodes in the order they were added, then `__end__` (present only
 *   when some edge reaches it);
 * - plain edges (join edges expanded, one per source), sorted by source; then conditional edges
 *   from each router to every `pathMap` target, labelled with the path key when it differs from
 *   the target; without a `pathMap`, to every other node and `__end__`; then the `ends` a node
 *   declared for its Commands; then an edge to `__end__` from every node reached by a plain edge
 *   that leads nowhere;
 * - a node that runs a compiled StateGraph has `data: { subgraph: true }`, and its drawable graph
 *   is in `subgraphs[id]`. With `xray`, it is replaced by its inner nodes (ids `node:inner`), edges
 *   entering at its first node and leaving from its last, as LangGraph.js draws it (`xray: n`
 *   expands n levels).
 * Everything is plain JSON, so the result can cross a worker boundary; `drawMermaid()` and
 * `drawMermaidPng()` (LangChain's renderer, as LangGraph.js's) are non-enumerable methods.
 */
import { Graph as LangChainGraph } from '@langchain/core/runnables/graph';
import { END, START } from '../constants';
import { Pregel } from '../pregel/pregel';
import type { StateGraph } from './state_graph';

/** What a drawable node carries besides its id and name. */
export interface DrawableNodeData {
  /** The node runs a compiled StateGraph (see `DrawableGraph.subgraphs`). */
  subgraph: true;
}

export interface DrawableNode {
  id: string;
  name: string;
  data?: DrawableNodeData;
  /** `__interrupt: "before" | "after" | "before,after"` for nodes with a static interrupt. */
  metadata?: Record<string, unknown>;
}

export interface DrawableEdge {
  source: string;
  target: string;
  conditional: boolean;
  /** The path key of a conditional edge, when it differs from the target. */
  data?: string;
}

export interface DrawableGraph {
  nodes: Record<string, DrawableNode>;
  edges: DrawableEdge[];
  /** Node id → the drawable graph of the StateGraph that node runs. */
  subgraphs: Record<string, DrawableGraph>;
}

/** LangChain's Mermaid drawing options (`withStyles`, `curveStyle`, `nodeColors`, `wrapLabelNWords`). */
export type MermaidOptions = Parameters<LangChainGraph['drawMermaid']>[0];

/** A drawable graph with LangGraph.js's drawing methods. */
export interface DrawnGraph extends DrawableGraph {
  drawMermaid(options?: MermaidOptions): string;
  drawMermaidPng(options?: Parameters<LangChainGraph['drawMermaidPng']>[0]): ReturnType<LangChainGraph['drawMermaidPng']>;
}

/** Adds `drawMermaid` / `drawMermaidPng` (not enumerable: the graph stays plain data). */
export function withDrawing(graph: DrawableGraph): DrawnGraph {
  const lc = () => new LangChainGraph({ nodes: graph.nodes as never, edges: graph.edges as never });
  Object.defineProperties(graph, {
    drawMermaid: { value: (options?: MermaidOptions) => lc().drawMermaid(options), configurable: true },
    drawMermaidPng: { value: (options?: Parameters<LangChainGraph['drawMermaidPng']>[0]) => lc().drawMermaidPng(options), configurable: true },
  });
  return graph as DrawnGraph;
}

export interface GetGraphOptions {
  /** Draw subgraphs' inner nodes in place of their node: `true` for every level, a number for that many. */
  xray?: boolean | number;
}

/** The parts of a compiled StateGraph that drawing needs. */
export interface DrawableSource {
  builder: StateGraph<unknown, unknown, unknown>;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
}

const isDrawable = (x: unknown): x is DrawableSource & Pregel => x instanceof Pregel && (x as Partial<DrawableSource>).builder !== undefined;

/** Node keys a subgraph's first / last node is known by: edges enter at `end`, leave from `start`. */
interface Anchor {
  start?: string;
  end?: string;
}

/** Builds the drawable graph of `source` (see the file comment for the rules). */
export function drawGraph(source: DrawableSource, options: GetGraphOptions = {}): DrawableGraph {
  const xray = options.xray ?? false;
  const graph: DrawableGraph = { nodes: { [START]: { id: START, name: START } }, edges: [], subgraphs: {} };
  const anchors = new Map<string, Anchor>([[START, { start: START }]]);
  for (const [key, spec] of Object.entries(source.builder.nodes)) {
    const sub = isDrawable(spec.fn) ? spec.fn : undefined;
    if (sub) graph.subgraphs[key] = drawGraph(sub);
    const inner = sub && xray ? drawGraph(sub, { xray: typeof xray === 'number' ? xray - 1 : xray }) : undefined;
    if (inner) {
      trimEnds(inner);
      if (Object.keys(inner.nodes).length > 1) {
        anchors.set(key, extend(graph, inner, key));
        continue;
      }
    }
    graph.nodes[key] = { id: key, name: key, ...(sub ? { data: { subgraph: true } } : {}), metadata: interruptMetadata(source, key) };
    anchors.set(key, { start: key, end: key });
  }
  addEdges(source.builder, graph, anchors);
  return graph;
}

function interruptMetadata(source: DrawableSource, key: string): Record<string, unknown> {
  const has = (list: string[] | '*' | undefined) => list === '*' || (Array.isArray(list) && list.includes(key));
  const before = has(source.interruptBefore);
  const after = has(source.interruptAfter);
  return before || after ? { __interrupt: before && after ? 'before,after' : before ? 'before' : 'after' } : {};
}

/** Adds the builder's edges, in LangGraph.js's order, through the anchors of each node key. */
function addEdges(builder: StateGraph<unknown, unknown, unknown>, graph: DrawableGraph, anchors: Map<string, Anchor>): void {
  const discovered: { source: string; target: string; conditional: boolean }[] = [];
  const add = (source: string, target: string, label?: string, conditional = false) => {
    if (target === END && !anchors.has(END)) {
      graph.nodes[END] = { id: END, name: END };
      anchors.set(END, { end: END });
    }
    const from = anchors.get(source)?.start;
    if (from === undefined) return;
    const to = anchors.get(target)?.end;
    if (to === undefined) throw new Error(`End node ${target} not found!`);
    discovered.push({ source, target, conditional });
    graph.edges.push({ source: from, target: to, conditional, ...(label !== undefined && label !== target ? { data: label } : {}) });
  };
  const plain: [string, string][] = [...builder.edges, ...builder.waitingEdges.flatMap(([starts, end]) => starts.map((s): [string, string] => [s, end]))];
  for (const [s, e] of plain.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) add(s, e);
  const keys = Object.keys(builder.nodes);
  for (const [start, branches] of builder.branches) {
    const everyOther: Record<string, string> = Object.fromEntries([...keys.filter((k) => k !== start).map((k) => [k, k]), [END, END]]);
    for (const branch of branches) for (const [label, end] of Object.entries(branch.pathMap ?? everyOther)) add(start, end, label, true);
  }
  for (const [key, spec] of Object.entries(builder.nodes)) for (const end of spec.options.ends ?? []) add(key, end, undefined, true);
  // A node reached by a plain edge and leading nowhere ends the run: draw that edge to END.
  const sources = new Set(discovered.map((d) => d.source));
  const deadEnds = new Set(discovered.filter((d) => !d.conditional && d.target !== END).map((d) => d.target));
  for (const dest of [...deadEnds].sort()) if (!sources.has(dest)) add(dest, END);
}

/** The single node no edge enters (`first`) or leaves (`last`), ignoring edges touching `exclude`. */
function soleNode(graph: DrawableGraph, side: 'first' | 'last', exclude?: string): DrawableNode | undefined {
  const linked = new Set<string>();
  for (const e of graph.edges) {
    if (side === 'first' && e.source !== exclude) linked.add(e.target);
    if (side === 'last' && e.target !== exclude) linked.add(e.source);
  }
  const found = Object.values(graph.nodes).filter((n) => n.id !== exclude && !linked.has(n.id));
  return found.length === 1 ? found[0] : undefined;
}

/** Removes a subgraph's START and END when each has a single successor / predecessor in line. */
function trimEnds(graph: DrawableGraph): void {
  for (const side of ['first', 'last'] as const) {
    const node = soleNode(graph, side);
    if (node && soleNode(graph, side, node.id)) {
      delete graph.nodes[node.id];
      graph.edges = graph.edges.filter((e) => e.source !== node.id && e.target !== node.id);
    }
  }
}

/** Copies `inner`'s nodes and edges into `graph` under `prefix:`; returns where edges enter and leave. */
function extend(graph: DrawableGraph, inner: DrawableGraph, prefix: string): Anchor {
  const id = (x: string) => `${prefix}:${x}`;
  for (const [key, node] of Object.entries(inner.nodes)) graph.nodes[id(key)] = { ...node, id: id(key) };
  for (const e of inner.edges) graph.edges.push({ ...e, source: id(e.source), target: id(e.target) });
  for (const [key, sub] of Object.entries(inner.subgraphs)) graph.subgraphs[id(key)] = sub;
  const first = soleNode(inner, 'first');
  const last = soleNode(inner, 'last');
  if (!first) throw new Error(`Could not extend subgraph "${prefix}" due to missing entrypoint.`);
  return { end: id(first.id), ...(last ? { start: id(last.id) } : {}) };
}
