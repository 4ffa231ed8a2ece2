/**
 * Layered layout of a graph with elkjs (in a worker where possible: see elk-runner.ts).
 * Expanded subgraph nodes become compound nodes with their own graph laid out inside them.
 * ELK routes the edges too: each edge comes back as a polyline around the nodes, with its label
 * placed where no node is, in coordinates of the whole drawing (`elk.json.edgeCoords: ROOT`), and
 * the drawing's size covers edges and labels, so fitting it shows them all.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { GraphEdgeDTO, GraphNodeDTO, GraphShape } from '../../protocol/dto';
import { backEdges } from './edge-kinds';
import { runElk } from './elk-runner';

/** Layouts kept per shape and expansion: a graph drawn again (another thread, back from a namespace) is not laid out again. */
const CACHE_SIZE = 16;
const cache = new Map<string, Promise<Layout>>();

/** Sizes of a drawn node (the React node is rendered at exactly this size). */
export const NODE_W = 168;
export const NODE_H = 80;
/** Edge labels are drawn at 11px; ELK needs their size to keep them clear of nodes and edges. */
const LABEL_H = 18;
const labelWidth = (text: string) => Math.ceil(text.length * 6.6) + 12;
const PAD_TOP = 76;

/** A node placed by the layout; `path` is its id (prefixed by its subgraph's id when nested). */
export interface LaidNode {
  path: string;
  parent: string | null;
  node: GraphNodeDTO;
  x: number;
  y: number;
  width: number;
  height: number;
  expanded: boolean;
}

/** A point or box in the coordinates of the whole drawing. */
export interface Point {
  x: number;
  y: number;
}
export interface Box extends Point {
  width: number;
  height: number;
}

/** An edge of a laid-out graph, with its owning (sub)graph's prefix already applied. */
export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  edge: GraphEdgeDTO;
  /** True when the edge closes a cycle (edge-kinds.ts): drawn apart from the main path. */
  back: boolean;
  /** ELK's route, start to end (absent if ELK gave none: the edge is drawn straight). */
  points?: Point[];
  /** Where ELK placed the label. */
  labelBox?: Box;
}

/** A laid-out graph: its nodes, its edges and the size of the whole drawing. */
export interface Layout {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

/** The label an edge is drawn with, as ELK sizes it (`Send` edges show a count of up to two digits). */
export const edgeLabelText = (e: GraphEdgeDTO): string | undefined => (e.label === 'Send' ? 'Send ×99' : e.label);

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.spacing.nodeNode': '36',
  'elk.edgeLabels.inline': 'true',
  // Cycles (a router looping back) are broken against the graph's own edge order, so the loop-back
  // edge points up and the main path reads top to bottom from __start__.
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.json.edgeCoords': 'ROOT',
  'elk.spacing.edgeLabel': '4',
};

function toElk(shape: GraphShape, prefix: string, expanded: ReadonlySet<string>, edgesOut: LaidEdge[]): { children: ElkNode[]; edges: ElkExtendedEdge[] } {
  const children = shape.nodes.map((n): ElkNode => {
    const path = prefix + n.id;
    if (n.kind === 'subgraph' && n.subgraph !== undefined && expanded.has(path)) {
      const inner = toElk(n.subgraph, `${path}/`, expanded, edgesOut);
      return { id: path, ...inner, layoutOptions: { ...ROOT_OPTIONS, 'elk.padding': `[top=${PAD_TOP},left=16,bottom=16,right=16]` } };
    }
    return { id: path, width: NODE_W, height: NODE_H };
  });
  const back = backEdges(shape);
  const edges = shape.edges.map((e, i): ElkExtendedEdge => {
    const laid: LaidEdge = { id: `${prefix}${e.source}->${e.target}#${i}`, source: prefix + e.source, target: prefix + e.target, edge: e, back: back.has(i) };
    edgesOut.push(laid);
    const text = edgeLabelText(e);
    const labels = text === undefined ? [] : [{ id: `${laid.id}/label`, text, width: labelWidth(text), height: LABEL_H }];
    return { id: laid.id, sources: [laid.source], targets: [laid.target], labels };
  });
  return { children, edges };
}

function collect(elkNodes: ElkNode[] | undefined, shape: GraphShape, prefix: string, parent: string | null, out: LaidNode[]): void {
  for (const placed of elkNodes ?? []) {
    const node = shape.nodes.find((n) => prefix + n.id === placed.id);
    if (node === undefined) continue;
    const isOpen = (placed.children?.length ?? 0) > 0;
    out.push({ path: placed.id, parent, node, x: placed.x ?? 0, y: placed.y ?? 0, width: placed.width ?? NODE_W, height: placed.height ?? NODE_H, expanded: isOpen });
    if (isOpen && node.subgraph !== undefined) collect(placed.children, node.subgraph, `${placed.id}/`, placed.id, out);
  }
}

/** Lays out `shape` with the subgraph nodes whose path is in `expanded` drawn open. */
export function layoutGraph(shape: GraphShape, expanded: readonly string[]): Promise<Layout> {
  const key = JSON.stringify([shape, [...expanded].sort()]);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const laid = layoutOnce(shape, expanded);
  cache.set(key, laid);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  // A failed layout is not kept: the next attempt tries again.
  laid.catch(() => cache.get(key) === laid && cache.delete(key));
  return laid;
}

async function layoutOnce(shape: GraphShape, expanded: readonly string[]): Promise<Layout> {
  const edges: LaidEdge[] = [];
  const inner = toElk(shape, '', new Set(expanded), edges);
  const result = await runElk({ id: '__root__', layoutOptions: ROOT_OPTIONS, ...inner });
  const nodes: LaidNode[] = [];
  collect(result.children, shape, '', null, nodes);
  const routes = new Map<string, ElkExtendedEdge>();
  collectEdges(result, routes);
  for (const e of edges) {
    const routed = routes.get(e.id);
    const section = routed?.sections?.[0];
    if (section) e.points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({ x, y }));
    const label = routed?.labels?.[0];
    if (label?.x !== undefined && label.y !== undefined) e.labelBox = { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 };
  }
  return { nodes, edges, width: result.width ?? 0, height: result.height ?? 0 };
}

/** ELK's routed edges by id, from every level of the drawing. */
function collectEdges(node: ElkNode, out: Map<string, ElkExtendedEdge>): void {
  for (const e of node.edges ?? []) out.set(e.id, e);
  for (const child of node.children ?? []) collectEdges(child, out);
}

/** The graph to draw for a namespace: the root graph, or the subgraph the namespace is inside. */
export function shapeForNamespace(shape: GraphShape, nodeNames: readonly string[]): GraphShape {
  let current = shape;
  for (const name of nodeNames) {
    const n = current.nodes.find((x) => x.id === name);
    if (n?.subgraph === undefined) return current;
    current = n.subgraph;
  }
  return current;
}
