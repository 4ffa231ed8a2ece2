import { ReactFlowProvider, type Edge, type Node } from '@xyflow/react';
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { nodeStates, NODE_STATE_LABEL, type NodeRunState } from '../model/node-states';
import { entrypointTasks, withEntrypointTasks } from '../model/entrypoint-tasks';
import { nodeFacts } from '../model/node-facts';
import { nsLevels } from '../model/ns-path';
import { selectBreakpoints, selectGraph, selectNewestRootId, selectSelectedSummary } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import { runningNow } from '../model/running-now';
import type { AppState } from '../store/types';
import { shapeForNamespace } from './elk-layout';
import { FlowCanvas } from './FlowCanvas';
import type { RoutedEdgeData } from './RoutedEdge';
import { reuseUnchanged, toFlow, type GraphNodeData } from './to-flow';
import { useGraphLayout } from './useGraphLayout';
import { useFitOnResize } from './useFitOnResize';
import { useLaggingSelection } from './useLaggingSelection';

const pick = (s: AppState) => ({
  ns: s.ns, detail: s.detail, trace: s.trace, expanded: s.expanded, breakpoints: selectBreakpoints(s), missing: s.missingThread !== null && s.missingThread === s.threadId,
  runningNodes: selectRunningNodes(s), runningFrom: selectNewestRootId(s), threadId: s.threadId, ready: s.status === 'ready',
});
const LEGEND: NodeRunState[] = ['next', 'running', 'ran', 'cached', 'handed-off', 'failed', 'interrupted'];

const NONE: readonly string[] = [];

/** Why no graph is drawn. */
function noGraphWords(missing: boolean, threadOpen: boolean, ready: boolean): string {
  if (missing) return 'No graph: this thread is not stored in this browser.';
  if (!ready) return 'No graph yet: the worker lists its graphs once it is ready.';
  if (threadOpen) return "No graph: this thread's graph is not known here (an imported history or an opened file carries no graph code). Its checkpoints, tasks and writes are all shown.";
  return 'No graph chosen: pick one in the Graph list.';
}

/** The nodes the open thread's run is executing now (none when no run goes on). */
function selectRunningNodes(s: AppState): readonly string[] {
  const run = s.activeRun;
  if (run === null || run.threadId !== s.threadId || s.traceRunId !== run.runId) return NONE;
  const nodes = runningNow(s.trace);
  return nodes.length === 0 ? NONE : nodes;
}

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
  const { ns, detail: currentDetail, trace, expanded, breakpoints, missing, runningNodes, runningFrom, threadId, ready } = useAppStoreShallow(pick);
  // Node states follow the selection after the timeline and the inspector: a click shows the
  // checkpoint's state first, and the canvas catches up in the next frame.
  const selection = useLaggingSelection(summary, currentDetail);
  const drawn = useMemo(() => (graph === null ? null : shapeForNamespace(graph.shape, nsLevels(ns).map((l) => l.node))), [graph, ns]);
  // Deferred like the selection: a streaming run's trace batches never hold up input.
  const lateTrace = useDeferredValue(trace);
  const entry = drawn?.entrypoint;
  // Joined, so a trace batch that names no new task keeps the same shape (and layout).
  const taskKey = entry === undefined ? '' : entrypointTasks(entry, lateTrace, selection.detail).join('\u0000');
  const shape = useMemo(() => (drawn === null || taskKey === '' ? drawn : withEntrypointTasks(drawn, taskKey.split('\u0000'))), [drawn, taskKey]);
  const laid = useGraphLayout(shape, expanded);
  const previous = useRef<{ nodes: Node<GraphNodeData>[]; edges: Edge<RoutedEdgeData>[] } | null>(null);
  const facts = useMemo(() => nodeFacts(selection.detail, lateTrace), [selection.detail, lateTrace]);
  // The person's breakpoints are the root graph's: a subgraph's namespace shows only its compiled ones.
  const yours = ns === '' ? breakpoints : null;
  // Nodes running now are drawn at the run's newest checkpoint, the one they run from.
  const runningHere = ns === '' && (selection.summary === null || selection.summary.checkpointId === runningFrom) ? runningNodes : NONE;
  const flow = useMemo(() => reuseUnchanged(previous.current, toFlow(laid, nodeStates(selection.summary, selection.detail, runningHere), yours, facts)), [laid, selection, yours, facts, runningHere]);
  useEffect(() => {
    previous.current = flow;
  }, [flow]);
  // React Flow's first render is the heaviest part of opening the debugger; it is done in a
  // transition so that a thread's first timeline rows, arriving meanwhile, are painted before it.
  const [canvasReady, setCanvasReady] = useState(false);
  useEffect(() => startTransition(() => setCanvasReady(true)), []);
  const pane = useRef<HTMLDivElement>(null);
  const layoutKey = `${graph?.id ?? ''}|${ns}|${laid.nodes.map((n) => `${n.path}@${n.x},${n.y}`).join(';')}`;
  const fit = useFitOnResize(pane, layoutKey, laid);
  return (
    <div className="graph-view" data-testid="graph-canvas">
      {graph === null && <p className="empty" data-testid="graph-missing">{noGraphWords(missing, threadId !== null, ready)}</p>}
      {laid.error !== null && <p role="alert">Layout failed: {laid.error}</p>}
      {graph?.origin === 'observed' && (
        <p className="graph-note" data-testid="observed-note">
          Observed from this run, not the declared graph: the steps its checkpoints show. Choose the thread's graph to see its declaration.
        </p>
      )}
      {entry !== undefined && (
        <p className="graph-note" data-testid="entrypoint-note">
          {taskKey === ''
            ? `No tasks seen yet: ${entry} is an entrypoint, and its tasks are drawn as this thread calls them. Run it to see them.`
            : `${entry} is an entrypoint: tasks as called in this thread (dashed), not declared by the graph.`}
        </p>
      )}
      <div className="graph-pane" ref={pane}>
        {canvasReady && <FlowCanvas nodes={flow.nodes} edges={flow.edges} layoutId={`${graph?.id ?? ''}|${ns}|${laid.nodes.length}`} onFit={fit} />}
      </div>
      <ul className="legend" aria-label="Node states">
        {LEGEND.map((s) => (
          <li key={s} className={`rg-state-${s}`}>{NODE_STATE_LABEL[s]}</li>
        ))}
      </ul>
    </div>
  );
}
