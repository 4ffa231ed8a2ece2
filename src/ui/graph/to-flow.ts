/** Turns a laid-out graph plus per-node run states into React Flow nodes and edges. */
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { NodeStates, NodeRunState } from '../model/node-states';
import { durationText } from '../model/durations';
import { nodeFactsText, skippedText, type NodeFacts } from '../model/node-facts';
import { nodeIoLine } from '../model/node-io';
import { breakMark, type BreakMark, type Breakpoints } from '../model/breakpoints';
import type { LaidEdge, LaidNode } from './elk-layout';
import type { RoutedEdgeData } from './RoutedEdge';

/** Data carried by each drawn node (rendered by GraphNode). */
export type GraphNodeData = {
  name: string;
  path: string;
  kind: LaidNode['node']['kind'];
  badges: string[];
  state: NodeRunState | null;
  count: number;
  /** What the node read, wrote and how many attempts it took at the selected checkpoint, as tooltip lines (null: no task there). */
  facts: string | null;
  attempts: number | null;
  /** What it read and wrote, as the line shown on the node (null: no task there). */
  io: string | null;
  /** How long its task took, as shown on the node (null: not known). */
  duration: string | null;
  /** Its control signals a resumed run skipped, as shown on the node (null: none). */
  skipped: string | null;
  expanded: boolean;
  /** The node's breakpoint before it runs: the graph's compiled one, the person's, or none. */
  breakBefore: BreakMark;
  breakAfter: BreakMark;
  /**
   * Whether the person can set a breakpoint here: the open graph's own top-level nodes only (a
   * run's breakpoints apply to the root graph; a subgraph's nodes pause only where it was compiled to).
   */
  canBreak: boolean;
};

const NONE: Breakpoints = { before: [], after: [] };

/** Node states apply to the top level of the drawn graph only (inner graphs have their own namespace). */
/** The duration a node shows on its face (null: not timed). */
const tookText = (ms: number | null): string | null => (ms === null ? null : durationText(ms));

export function toFlow(
  laid: { nodes: LaidNode[]; edges: LaidEdge[] },
  states: NodeStates,
  /** The person's breakpoints on the root graph; null when the drawing is a subgraph's namespace. */
  breakpoints: Breakpoints | null,
  facts: ReadonlyMap<string, NodeFacts> = new Map(),
): { nodes: Node<GraphNodeData>[]; edges: Edge<RoutedEdgeData>[] } {
  const nodes = laid.nodes.map((n): Node<GraphNodeData> => {
    const top = n.parent === null;
    const yours = top && breakpoints !== null ? breakpoints : NONE;
    return {
      id: n.path,
      type: 'rg',
      position: { x: n.x, y: n.y },
      parentId: n.parent ?? undefined,
      extent: n.parent === null ? undefined : 'parent',
      draggable: false,
      style: { width: n.width, height: n.height },
      data: {
        name: n.node.id,
        path: n.path,
        kind: n.node.kind,
        badges: n.node.badges ?? [],
        state: top ? (states.state.get(n.node.id) ?? null) : null,
        count: top ? (states.taskCount.get(n.node.id) ?? 0) : 0,
        facts: top && facts.has(n.node.id) ? nodeFactsText(facts.get(n.node.id)!) : null,
        attempts: top ? (facts.get(n.node.id)?.attempts ?? null) : null,
        io: top && facts.has(n.node.id) ? nodeIoLine(facts.get(n.node.id)!) : null,
        duration: top ? tookText(facts.get(n.node.id)?.tookMs ?? null) : null,
        skipped: top ? skippedText(facts.get(n.node.id)) : null,
        expanded: n.expanded,
        breakBefore: breakMark(n.node, 'before', yours),
        breakAfter: breakMark(n.node, 'after', yours),
        canBreak: top && breakpoints !== null,
      },
    };
  });
  const edges = laid.edges.map((e): Edge<RoutedEdgeData> => {
    const target = e.edge.target;
    const isSend = e.edge.label === 'Send';
    const sendCount = isSend ? (states.taskCount.get(target) ?? 0) : 0;
    const dashed = e.edge.conditional || e.edge.call === true;
    const text = isSend ? `Send${sendCount > 0 ? ` ×${sendCount}` : ''}` : e.edge.label;
    return {
      id: e.id,
      type: 'routed',
      source: e.source,
      target: e.target,
      data: { points: e.points, labelBox: e.labelBox, back: e.back, ...(text !== undefined ? { text } : {}) },
      className: [e.edge.call ? 'edge-call' : e.edge.conditional ? 'edge-conditional' : 'edge-normal', e.back ? 'edge-back' : ''].join(' ').trim(),
      style: dashed ? { strokeDasharray: e.edge.call ? '3 3' : '6 4' } : undefined,
      markerEnd: { type: MarkerType.ArrowClosed },
      zIndex: 1,
    };
  });
  return { nodes, edges };
}

function sameData(a: GraphNodeData, b: GraphNodeData): boolean {
  return (
    a.name === b.name && a.path === b.path && a.kind === b.kind && a.state === b.state && a.count === b.count && a.facts === b.facts && a.attempts === b.attempts && a.io === b.io && a.duration === b.duration && a.skipped === b.skipped &&
    a.expanded === b.expanded && a.breakBefore === b.breakBefore && a.breakAfter === b.breakAfter && a.canBreak === b.canBreak && a.badges.join() === b.badges.join()
  );
}

/**
 * Keeps the previous node and edge objects where nothing changed, so React Flow re-renders only the
 * nodes whose state changed when another checkpoint is selected (it compares nodes by identity).
 */
export function reuseUnchanged(
  prev: { nodes: Node<GraphNodeData>[]; edges: Edge<RoutedEdgeData>[] } | null,
  next: { nodes: Node<GraphNodeData>[]; edges: Edge<RoutedEdgeData>[] },
): { nodes: Node<GraphNodeData>[]; edges: Edge<RoutedEdgeData>[] } {
  if (prev === null) return next;
  const oldNodes = new Map(prev.nodes.map((n) => [n.id, n]));
  const oldEdges = new Map(prev.edges.map((e) => [e.id, e]));
  let changed = prev.nodes.length !== next.nodes.length || prev.edges.length !== next.edges.length;
  const nodes = next.nodes.map((n) => {
    const o = oldNodes.get(n.id);
    if (o !== undefined && o.position.x === n.position.x && o.position.y === n.position.y && o.parentId === n.parentId && sameData(o.data, n.data)) return o;
    changed = true;
    return n;
  });
  const edges = next.edges.map((e) => {
    const o = oldEdges.get(e.id);
    if (o !== undefined && o.data?.text === e.data?.text && o.data?.points === e.data?.points && o.source === e.source && o.target === e.target && o.className === e.className) return o;
    changed = true;
    return e;
  });
  return changed ? { nodes, edges } : prev;
}
