import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import { memo } from 'react';
import { CANVAS_INSETS, MIN_ZOOM } from './fit';
import { GraphNode } from './GraphNode';
import { RoutedEdge, type RoutedEdgeData } from './RoutedEdge';
import type { GraphNodeData } from './to-flow';

const NODE_TYPES = { rg: GraphNode };
const EDGE_TYPES = { routed: RoutedEdge };
// Before the first computed fit: the drawing's origin clear of the controls column.
const FIRST_VIEWPORT = { x: CANVAS_INSETS.left, y: CANVAS_INSETS.top, zoom: 1 };

interface Props {
  nodes: Node<GraphNodeData>[];
  edges: Edge<RoutedEdgeData>[];
  /** Changes when another graph or layout is drawn (the canvas is mounted afresh; useFitOnResize fits it). */
  layoutId: string;
  /** Fits the whole drawing (after the controls' fit button, which fits the nodes only). */
  onFit?: () => void;
}

function Canvas({ nodes, edges, layoutId, onFit }: Props) {
  return (
    <ReactFlow
      key={layoutId}
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      defaultViewport={FIRST_VIEWPORT}
      minZoom={MIN_ZOOM}
      nodesConnectable={false}
      proOptions={{ hideAttribution: true }}
      aria-label="Graph"
    >
      <Background />
      <Controls showInteractive={false} onFitView={onFit} fitViewOptions={{ padding: { top: `${CANVAS_INSETS.top}px`, right: `${CANVAS_INSETS.right}px`, bottom: `${CANVAS_INSETS.bottom}px`, left: `${CANVAS_INSETS.left}px` } }} />
    </ReactFlow>
  );
}

/** The React Flow canvas; memoized so that selecting a checkpoint that changes no node state does not re-render it. */
export const FlowCanvas = memo(Canvas);
