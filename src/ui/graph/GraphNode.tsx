import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { NODE_STATE_LABEL } from '../model/node-states';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';
import type { GraphNodeData } from './to-flow';

const selectToggleBp = (s: AppState) => s.toggleBreakpoint;
const selectToggleExpanded = (s: AppState) => s.toggleExpanded;

/** One graph node: name, run state at the selected checkpoint, fan-out count, breakpoints, expand. */
function GraphNodeView({ data }: NodeProps<Node<GraphNodeData>>) {
  const toggleBp = useAppStore(selectToggleBp);
  const toggleExpanded = useAppStore(selectToggleExpanded);
  const runnable = data.kind === 'node' || data.kind === 'subgraph';
  return (
    <div
      className={`rg-node rg-node-${data.kind} ${data.state ? `rg-state-${data.state}` : ''} ${data.expanded ? 'rg-node-open' : ''}`}
      data-testid={`graph-node-${data.path}`}
      data-state={data.state ?? 'none'}
      title={data.facts ?? undefined}
      data-attempts={data.attempts ?? undefined}
    >
      <Handle type="target" position={Position.Top} />
      <div className="rg-node-title">
        <span className="rg-node-name">{data.name}</span>
        {data.count > 1 && <span className="rg-count" title="tasks at this checkpoint">×{data.count}</span>}
      </div>
      {data.state !== null && (
        <div className="rg-state-label">
          {NODE_STATE_LABEL[data.state]}
          {data.attempts !== null && data.attempts > 1 && <span className="rg-attempts" data-testid={`attempts-${data.name}`}> · {data.attempts} attempts</span>}
        </div>
      )}
      {data.io !== null && (
        <div className="rg-node-facts" data-testid={`node-io-${data.name}`}>
          {data.io}
          {data.duration !== null && <span className="rg-duration" data-testid={`duration-${data.name}`}> · {data.duration}</span>}
        </div>
      )}
      {data.badges.length > 0 && <div className="rg-badges">{data.badges.join(' · ')}</div>}
      {runnable && (
        <div className="rg-node-tools nodrag">
          <button type="button" aria-pressed={data.breakBefore} title="Pause before this node runs" onClick={() => toggleBp(data.name, 'before')} data-testid={`bp-before-${data.name}`}>
            break before
          </button>
          <button type="button" aria-pressed={data.breakAfter} title="Pause after this node ran" onClick={() => toggleBp(data.name, 'after')} data-testid={`bp-after-${data.name}`}>
            break after
          </button>
          {data.kind === 'subgraph' && (
            <button type="button" aria-expanded={data.expanded} onClick={() => toggleExpanded(data.path)} data-testid={`expand-${data.path}`}>
              {data.expanded ? 'collapse' : 'expand'}
            </button>
          )}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

/** Memoized: a node re-renders only when its own data changes. */
export const GraphNode = memo(GraphNodeView);
