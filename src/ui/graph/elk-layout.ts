/**
 * Layered layout of a graph with elkjs (in a worker where possible: see elk-runner.ts).
 * Expanded subgraph nodes become compound nodes with their own graph laid out inside them.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { GraphEdgeDTO, GraphNodeDTO, GraphShape } from '../../protocol/dto';
import { runElk } from './elk-runner';

/** Layouts kept per shape and expansion: a graph drawn again (another thread, back from a namespace) is not laid out again. */
const CACHE_SIZE = 16;
const cache = new Map<string, Promise<{ nodes: LaidNode[]; edges: LaidEdge[] }>>();

/** Sizes of a drawn node (the React node is rendered at exactly this size). */
export const NODE_W = 168;
export const NODE_H = 64;
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

/** An edge of a laid-out graph, with its owning (sub)graph's prefix already applied. */
export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  edge: GraphEdgeDTO;
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.spacing.nodeNode': '36',
  'elk.edgeLabels.inline': 'true',
  // Cycles (a router looping back) are broken against the graph's own edge order, so the loop-back
  // edge points up and the main path reads top to bottom from __start__.
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
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
  const edges = shape.edges.map((e, i): ElkExtendedEdge => {
    const laid: LaidEdge = { id: `${prefix}${e.source}->${e.target}#${i}`, source: prefix + e.source, target: prefix + e.target, edge: e };
    edgesOut.push(laid);
    return { id: laid.id, sources: [laid.source], targets: [laid.target] };
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
export function layoutGraph(shape: GraphShape, expanded: readonly string[]): Promise<{ nodes: LaidNode[]; edges: LaidEdge[] }> {
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

async function layoutOnce(shape: GraphShape, expanded: readonly string[]): Promise<{ nodes: LaidNode[]; edges: LaidEdge[] }> {
  const edges: LaidEdge[] = [];
  const inner = toElk(shape, '', new Set(expanded), edges);
  const result = await runElk({ id: '__root__', layoutOptions: ROOT_OPTIONS, ...inner });
  const nodes: LaidNode[] = [];
  collect(result.children, shape, '', null, nodes);
  return { nodes, edges };
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
