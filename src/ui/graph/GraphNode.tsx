import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { NODE_STATE_LABEL } from '../model/node-states';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';
import type { GraphNodeData } from './to-flow';
import type { BreakMark, BreakWhen } from '../model/breakpoints';

const selectToggleBp = (s: AppState) => s.toggleBreakpoint;

/** Why a compiled breakpoint stays: the debugger adds breakpoints to a graph's, it never removes them. */
const COMPILED_WHY = 'it is part of the graph (set when it was compiled), so every run stops here; remove it in the graph\'s code';

/** Hover words of a breakpoint button. */
function breakTitle(name: string, when: BreakWhen, mark: BreakMark): string {
  const where = when === 'before' ? `before ${name} runs` : `after ${name} ran`;
  if (mark === 'compiled') return `compiled: ${when === 'before' ? 'interruptBefore' : 'interruptAfter'}. Pauses ${where}; ${COMPILED_WHY}.`;
  if (mark === 'yours') return `yours: pauses ${where} (click to remove).`;
  return `Pause ${where}`;
}

/**
 * A node's breakpoint before or after it: filled when the graph was compiled with it (it cannot be
 * turned off here), outlined when the person set it, plain when there is none. Absent where the
 * person cannot set one (a subgraph's nodes) unless the graph has one there.
 */
function BreakButton({ name, when, mark, canBreak, toggle }: { name: string; when: BreakWhen; mark: BreakMark; canBreak: boolean; toggle: (node: string, when: BreakWhen) => void }) {
  if (!canBreak && mark !== 'compiled') return null;
  const compiled = mark === 'compiled';
  return (
    <button
      type="button"
      className={`rg-break rg-break-${mark ?? 'none'}`}
      aria-pressed={mark !== null}
      aria-disabled={compiled || undefined}
      title={breakTitle(name, when, mark)}
      onClick={compiled ? undefined : () => toggle(name, when)}
      data-testid={`bp-${when}-${name}`}
      data-break={mark ?? 'none'}
    >
      {mark === null ? '' : compiled ? '● ' : '○ '}break {when}
    </button>
  );
}
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
      {data.skipped !== null && <div className="rg-skipped" data-testid={`node-skipped-${data.name}`} title="a control signal saved by this node was skipped on resume, so it ran again (control signals are never re-applied)">⤼ {data.skipped}</div>}
      {data.badges.length > 0 && <div className="rg-badges">{data.badges.join(' · ')}</div>}
      {runnable && (
        <div className="rg-node-tools nodrag">
          <BreakButton name={data.name} when="before" mark={data.breakBefore} canBreak={data.canBreak} toggle={toggleBp} />
          <BreakButton name={data.name} when="after" mark={data.breakAfter} canBreak={data.canBreak} toggle={toggleBp} />
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
