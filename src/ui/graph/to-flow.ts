/** Turns a laid-out graph plus per-node run states into React Flow nodes and edges. */
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { NodeStates, NodeRunState } from '../model/node-states';
import type { LaidEdge, LaidNode } from './elk-layout';

/** Data carried by each drawn node (rendered by GraphNode). */
export type GraphNodeData = {
  name: string;
  path: string;
  kind: LaidNode['node']['kind'];
  badges: string[];
  state: NodeRunState | null;
  count: number;
  expanded: boolean;
  breakBefore: boolean;
  breakAfter: boolean;
};

/** Node states apply to the top level of the drawn graph only (inner graphs have their own namespace). */
export function toFlow(
  laid: { nodes: LaidNode[]; edges: LaidEdge[] },
  states: NodeStates,
  breakpoints: { before: readonly string[]; after: readonly string[] },
): { nodes: Node<GraphNodeData>[]; edges: Edge[] } {
  const nodes = laid.nodes.map((n): Node<GraphNodeData> => {
    const top = n.parent === null;
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
        expanded: n.expanded,
        breakBefore: top && breakpoints.before.includes(n.node.id),
        breakAfter: top && breakpoints.after.includes(n.node.id),
      },
    };
  });
  const edges = laid.edges.map((e): Edge => {
    const target = e.edge.target;
    const isSend = e.edge.label === 'Send';
    const sendCount = isSend ? (states.taskCount.get(target) ?? 0) : 0;
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      label: isSend ? `Send${sendCount > 0 ? ` ×${sendCount}` : ''}` : e.edge.label,
      className: e.edge.conditional ? 'edge-conditional' : 'edge-normal',
      style: e.edge.conditional ? { strokeDasharray: '6 4' } : undefined,
      markerEnd: { type: MarkerType.ArrowClosed },
      zIndex: 1,
    };
  });
  return { nodes, edges };
}
