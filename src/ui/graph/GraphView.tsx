import { ReactFlowProvider, type Edge, type Node } from '@xyflow/react';
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { nodeStates, NODE_STATE_LABEL, type NodeRunState } from '../model/node-states';
import { nodeFacts } from '../model/node-facts';
import { nsLevels } from '../model/ns-path';
import { selectGraph, selectSelectedSummary } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { shapeForNamespace } from './elk-layout';
import { FlowCanvas } from './FlowCanvas';
import { reuseUnchanged, toFlow, type GraphNodeData } from './to-flow';
import { useGraphLayout } from './useGraphLayout';
import { useFitOnResize } from './useFitOnResize';

const pick = (s: AppState) => ({ ns: s.ns, detail: s.detail, trace: s.trace, expanded: s.expanded, before: s.breakBefore, after: s.breakAfter, missing: s.missingThread !== null && s.missingThread === s.threadId });
const LEGEND: NodeRunState[] = ['next', 'ran', 'cached', 'failed', 'interrupted'];

/** The selected graph (or the subgraph of the open namespace), laid out by ELK, with node states. */
export function GraphView() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  );
}

function GraphCanvas() {
  const graph = useAppStore(selectGraph);
  const summary = useAppStore(selectSelectedSummary);
  const { ns, detail: currentDetail, trace, expanded, before, after, missing } = useAppStoreShallow(pick);
  // Node states follow the selection at a lower priority than the timeline and the inspector: a
  // click shows the checkpoint's state first, and the canvas catches up in the next slice of work.
  const selection = useDeferredValue(useMemo(() => ({ summary, detail: currentDetail }), [summary, currentDetail]));
  const shape = useMemo(() => (graph === null ? null : shapeForNamespace(graph.shape, nsLevels(ns).map((l) => l.node))), [graph, ns]);
  const laid = useGraphLayout(shape, expanded);
  const previous = useRef<{ nodes: Node<GraphNodeData>[]; edges: Edge[] } | null>(null);
  // Deferred like the selection: a streaming run's trace batches never hold up input.
  const lateTrace = useDeferredValue(trace);
  const facts = useMemo(() => nodeFacts(selection.detail, lateTrace), [selection.detail, lateTrace]);
  const flow = useMemo(() => reuseUnchanged(previous.current, toFlow(laid, nodeStates(selection.summary, selection.detail), { before, after }, facts)), [laid, selection, before, after, facts]);
  useEffect(() => {
    previous.current = flow;
  }, [flow]);
  // React Flow's first render is the heaviest part of opening the debugger; it is done in a
  // transition so that a thread's first timeline rows, arriving meanwhile, are painted before it.
  const [canvasReady, setCanvasReady] = useState(false);
  useEffect(() => startTransition(() => setCanvasReady(true)), []);
  const box = useRef<HTMLDivElement>(null);
  const layoutKey = `${graph?.id ?? ''}|${ns}|${laid.nodes.map((n) => `${n.path}@${n.x},${n.y}`).join(';')}`;
  useFitOnResize(box, layoutKey);
  return (
    <div className="graph-view" data-testid="graph-canvas" ref={box}>
      {graph === null && <p className="empty">{missing ? 'No graph: this thread is not stored in this browser.' : 'No graph yet: the worker lists its graphs once it is ready.'}</p>}
      {laid.error !== null && <p role="alert">Layout failed: {laid.error}</p>}
      {canvasReady && <FlowCanvas nodes={flow.nodes} edges={flow.edges} layoutId={`${graph?.id ?? ''}|${ns}|${laid.nodes.length}`} />}
      <ul className="legend" aria-label="Node states">
        {LEGEND.map((s) => (
          <li key={s} className={`rg-state-${s}`}>{NODE_STATE_LABEL[s]}</li>
        ))}
      </ul>
    </div>
  );
}
