import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import { memo } from 'react';
import { GraphNode } from './GraphNode';
import type { GraphNodeData } from './to-flow';

const NODE_TYPES = { rg: GraphNode };

interface Props {
  nodes: Node<GraphNodeData>[];
  edges: Edge[];
  /** Changes when another graph or layout is drawn (the canvas is mounted afresh and fitted). */
  layoutId: string;
}

function Canvas({ nodes, edges, layoutId }: Props) {
  return (
    <ReactFlow
      key={layoutId}
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      fitView
      nodesConnectable={false}
      proOptions={{ hideAttribution: true }}
      aria-label="Graph"
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/** The React Flow canvas; memoized so that selecting a checkpoint that changes no node state does not re-render it. */
export const FlowCanvas = memo(Canvas);
