/**
 * The one place that turns a compiled graph into the GraphShape the UI draws. The drawing comes
 * only from the graph's `getGraph()` (checked against LangGraph.js's in
 * tests/differential/get-graph.test.ts); nothing here re-derives edges from a builder.
 * - A StateGraph drawing (`__start__`, nodes, `__end__`, edges with `conditional` and their path
 *   key in `data`) maps node for node and edge for edge. A node marked `data.subgraph` carries
 *   the drawing of the graph it runs (`subgraphs[id]`) as its own shape.
 * - A functional-API entrypoint has no StateGraph: LangGraph.js draws it as LangChain draws any
 *   Runnable, `<name>Input → <name> → <name>Output` with random ids. Its input and output become
 *   `__start__` and `__end__`, and the shape says which node is the entrypoint, so the UI can add
 *   the tasks it sees it call.
 * Node settings (retry policy, deferred) are not part of a drawing; they are read from the node
 * specs as badges. The breakpoints a graph was compiled with are part of it: a StateGraph drawing
 * marks their nodes (`metadata.__interrupt`), and the shape's nodes carry them as
 * `interruptBefore` / `interruptAfter`. The state keys and their channel kinds (how an update to
 * each is applied) are read from the builder's channels.
 */
import type { ChannelKind, GraphChannelDTO, GraphEdgeDTO, GraphNodeDTO, GraphShape, GraphWiringDTO } from '../protocol/dto';
import { toJsonSafe } from '../protocol/json-safe';
import type { DrawableGraph, DrawableNode, HostGraph, NodeSettings } from './engine-port';

const START = '__start__';
const END = '__end__';

const kindOf = (id: string): GraphNodeDTO['kind'] => (id === START ? 'start' : id === END ? 'end' : 'node');

const nodeList = (graph: DrawableGraph): readonly DrawableNode[] => (Array.isArray(graph.nodes) ? graph.nodes : Object.values(graph.nodes));
const runsSubgraph = (n: DrawableNode) => (n.data as { subgraph?: unknown } | undefined)?.subgraph === true;

/** The compiled breakpoints a drawing marks on node `n` (`__interrupt`: `before`, `after`, `before,after`). */
function compiledInterrupts(n: DrawableNode): Pick<GraphNodeDTO, 'interruptBefore' | 'interruptAfter'> {
  const mark = n.metadata?.__interrupt;
  if (typeof mark !== 'string') return {};
  const when = mark.split(',');
  return { ...(when.includes('before') ? { interruptBefore: true } : {}), ...(when.includes('after') ? { interruptAfter: true } : {}) };
}

const edgeOf = (e: DrawableGraph['edges'][number], id: (x: string) => string): GraphEdgeDTO => {
  const edge: GraphEdgeDTO = { source: id(e.source), target: id(e.target), conditional: e.conditional === true };
  if (typeof e.data === 'string' && e.data !== e.target) edge.label = e.data;
  return edge;
};

/**
 * Maps a StateGraph drawing (LangGraph.js `getGraph()` shape, node ids are node names) to a
 * GraphShape, with the drawings in `subgraphs` nested `depth` levels deep.
 */
export function shapeFromDrawable(graph: DrawableGraph, depth = 4): GraphShape {
  const nodes = nodeList(graph).map((n): GraphNodeDTO => {
    const inner = runsSubgraph(n) && depth > 0 ? graph.subgraphs?.[n.id] : undefined;
    const node: GraphNodeDTO = inner ? { id: n.id, kind: 'subgraph', subgraph: shapeFromDrawable(inner, depth - 1) } : { id: n.id, kind: kindOf(n.id) };
    return { ...node, ...compiledInterrupts(n) };
  });
  return { nodes, edges: graph.edges.map((e) => edgeOf(e, (x) => x)) };
}

/**
 * Maps the drawing LangChain makes of a Runnable (an entrypoint): the node no edge enters is the
 * input (`__start__`), the node no edge leaves the output (`__end__`), the others keep their names.
 */
export function shapeFromRunnableDrawing(graph: DrawableGraph): GraphShape {
  const list = nodeList(graph);
  const entered = new Set(graph.edges.map((e) => e.target));
  const left = new Set(graph.edges.map((e) => e.source));
  const idOf = new Map(list.map((n) => [n.id, !entered.has(n.id) ? START : !left.has(n.id) ? END : (n.name ?? n.id)]));
  const id = (x: string) => idOf.get(x) ?? x;
  const nodes = list.map((n): GraphNodeDTO => ({ id: id(n.id), kind: kindOf(id(n.id)) }));
  const shape: GraphShape = { nodes, edges: graph.edges.map((e) => edgeOf({ ...e, data: undefined }, id)) };
  const inner = nodes.filter((n) => n.kind === 'node');
  if (inner.length === 1) shape.entrypoint = inner[0]!.id;
  return shape;
}

/** Node settings worth showing next to a node. */
function badgesOf(options: NodeSettings | undefined): string[] {
  const badges: string[] = [];
  if (options?.retryPolicy) badges.push(`retry ×${options.retryPolicy.maxAttempts ?? 3}`);
  if (options?.defer) badges.push('deferred');
  return badges;
}

/** LangGraph's channel class names, by how a write to the channel is applied. */
const KINDS: Readonly<Record<string, ChannelKind>> = {
  LastValue: 'last-value',
  LastValueAfterFinish: 'last-value',
  AnyValue: 'last-value',
  BinaryOperatorAggregate: 'reducer',
  Topic: 'topic',
  EphemeralValue: 'ephemeral',
};

/** The state keys of a StateGraph builder and their channel kinds; undefined when it says nothing. */
export function channelsOf(builder: HostGraph['builder']): GraphChannelDTO[] | undefined {
  const channels = builder?.channels;
  if (channels === undefined) return undefined;
  return Object.entries(channels).map(([name, c]) => ({ name, kind: KINDS[c.kind ?? c.lc_graph_name ?? ''] ?? 'other' }));
}

const WIRED_KINDS: Record<string, GraphWiringDTO['channels'][number]['kind']> = {
  LastValue: 'last-value',
  AnyValue: 'last-value',
  LastValueAfterFinish: 'last-value',
  BinaryOperatorAggregate: 'reducer',
  Topic: 'topic',
  EphemeralValue: 'ephemeral',
  NamedBarrierValue: 'barrier',
  NamedBarrierValueAfterFinish: 'barrier',
};

/**
 * The compiled graph's wiring as data: each node's trigger channels in the graph's order, and each
 * channel's kind, a barrier's sources and a default (a fresh channel's value, JSON-safe); undefined
 * when the graph does not show its nodes.
 */
export function wiringOf(graph: HostGraph): GraphWiringDTO | undefined {
  if (!graph.nodes || !graph.channels) return undefined;
  const nodes = Object.entries(graph.nodes).map(([name, n]) => ({ name, triggers: [...(n.triggers ?? [])] }));
  const channels = Object.entries(graph.channels).map(([name, spec]) => {
    const fresh = typeof spec.create === 'function' ? spec.create() : undefined;
    const kind = WIRED_KINDS[fresh?.kind ?? spec.kind ?? ''] ?? 'other';
    const out: GraphWiringDTO['channels'][number] = { name, kind };
    if (kind === 'barrier' && fresh?.names) out.waitsFor = [...fresh.names];
    else if (fresh?.isAvailable?.() && typeof fresh.get === 'function') out.default = toJsonSafe(fresh.get());
    return out;
  });
  return { nodes, channels };
}

/** Adds badges and channel kinds to `shape` (and to its subgraphs) from the graphs' builders. */
function addBuilderFacts(shape: GraphShape, graph: HostGraph, depth: number): void {
  const channels = channelsOf(graph.builder);
  if (channels !== undefined) shape.channels = channels;
  const wiring = wiringOf(graph);
  if (wiring !== undefined) shape.wiring = wiring;
  for (const node of shape.nodes) {
    const badges = badgesOf(graph.builder?.nodes[node.id]?.options);
    if (badges.length > 0) node.badges = badges;
    const sub = graph.nodes?.[node.id]?.subgraph as HostGraph | undefined;
    if (node.subgraph && sub && depth > 0) addBuilderFacts(node.subgraph, sub, depth - 1);
  }
}

/**
 * The shape of a compiled graph from its `getGraph()`, or an empty shape when it has none.
 * A graph compiled from a StateGraph (it has a `builder`) is drawn as a StateGraph, any other one
 * (an entrypoint) as a Runnable.
 */
export async function graphShape(graph: HostGraph, depth = 4): Promise<GraphShape> {
  if (typeof graph.getGraph !== 'function') return { nodes: [], edges: [] };
  const drawing = await graph.getGraph();
  if (graph.builder === undefined) {
    const shape = shapeFromRunnableDrawing(drawing);
    const wiring = wiringOf(graph);
    if (wiring !== undefined) shape.wiring = wiring;
    return shape;
  }
  const shape = shapeFromDrawable(drawing, depth);
  addBuilderFacts(shape, graph, depth);
  return shape;
}
