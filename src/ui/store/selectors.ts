/**
 * Selectors, declared once outside components so their identity is stable. Derived data is
 * memoized on the identity of its inputs (the store replaces arrays, never mutates them).
 */
import type { CheckpointSummary, GraphInfo, GraphShape, ThreadSummary } from '../../protocol/dto';
import type { StepTiming } from '../../shared/timings';
import { traceTimings, type TraceTimings } from '../model/trace-timings';
import { interruptView, type InterruptView } from '../model/interrupts';
import { layoutTimeline, type TimelineLayout } from '../model/timeline-tree';
import { breakpointsOf, compiledBreakpoints, NO_BREAKPOINTS, type Breakpoints } from '../model/breakpoints';
import type { AppState } from './types';

function memoOn<I, O>(compute: (input: I) => O): (input: I) => O {
  let lastIn: I | undefined;
  let lastOut: O | undefined;
  let has = false;
  return (input) => {
    if (!has || input !== lastIn) {
      lastOut = compute(input);
      lastIn = input;
      has = true;
    }
    return lastOut as O;
  };
}

const layoutOf = memoOn((history: CheckpointSummary[]) => layoutTimeline(history));

/** The timeline laid out into branches, newest first. */
export const selectLayout = (s: AppState): TimelineLayout => layoutOf(s.history);
/** The graph currently drawn (the open thread's graph, or the chosen one). */
export const selectGraph = (s: AppState): GraphInfo | null => {
  // A thread this browser lacks has no graph to show (the default graph would be another's).
  if (s.missingThread !== null && s.missingThread === s.threadId) return null;
  const graph = s.graphs.find((g) => g.id === s.graphId);
  if (graph) return graph;
  // An opened file's thread without a graph of the app: the graph its run shows.
  return s.graphId === null && s.observedGraph !== null && s.observedGraph.threadId === s.threadId ? observedInfo(s.observedGraph) : null;
};
const observedInfo = memoOn((o: { threadId: string; shape: GraphShape }): GraphInfo => ({
  id: `observed:${o.threadId}`,
  title: 'Observed from this run',
  description: 'Drawn from the thread\'s checkpoints: the steps its run took, not the declared graph.',
  origin: 'observed',
  shape: o.shape,
  exampleInput: null,
}));
/** The breakpoints set in the debugger on the open graph (the ones its runs send). */
export const selectBreakpoints = (s: AppState): Breakpoints => breakpointsOf(s.breakpoints, s.graphId);
const compiledOf = memoOn((graph: GraphInfo | null) => (graph === null ? NO_BREAKPOINTS : compiledBreakpoints(graph.shape)));
/** The breakpoints the open graph was compiled with (`interruptBefore` / `interruptAfter`). */
export const selectCompiledBreakpoints = (s: AppState): Breakpoints => compiledOf(selectGraph(s));
/** The open thread's summary. */
export const selectThread = (s: AppState): ThreadSummary | null => s.threads.find((t) => t.threadId === s.threadId) ?? null;
/** The selected checkpoint's summary (available before its detail arrives). */
export const selectSelectedSummary = (s: AppState): CheckpointSummary | null => {
  if (s.checkpointId === null) return null;
  const i = selectLayout(s).indexOf.get(s.checkpointId);
  return i === undefined ? null : selectLayout(s).rows[i].item;
};
/** Is a run of the open thread going on? */
/** The row with the greatest checkpoint id (ids grow with time), once per loaded history. */
const newestOf = memoOn((history: CheckpointSummary[]): CheckpointSummary | undefined => {
  let newest: CheckpointSummary | undefined;
  for (const r of history) if (newest === undefined || r.checkpointId > newest.checkpointId) newest = r;
  return newest;
});
/** The open thread's newest root checkpoint (undefined when none is loaded or a subgraph namespace is shown). */
export const selectNewestRootRow = (s: AppState): CheckpointSummary | undefined => (s.ns === '' ? newestOf(s.history) : undefined);
/** Its id, or null. */
export const selectNewestRootId = (s: AppState): string | null => selectNewestRootRow(s)?.checkpointId ?? null;
export const selectRunning = (s: AppState): boolean => s.activeRun !== null && s.activeRun.threadId === s.threadId;
/** Does a later checkpoint of the open namespace grow from `checkpointId`? (The layout already knows its parents.) */
export const hasChildren = (s: AppState, checkpointId: string): boolean => selectLayout(s).parents.has(checkpointId);
let lastView: { key: unknown[]; out: InterruptView | null } | null = null;
/** The interrupts at the selected checkpoint and how they can be answered (one form each). */
export const selectInterruptView = (s: AppState): InterruptView | null => {
  const d = s.detail;
  // Runs on every store change: the cheap inputs are compared first, the view is rebuilt only when one changed.
  const readOnly = selectThread(s)?.readOnly === true;
  const running = selectRunning(s);
  const key = [d, s.history, s.ns, readOnly, running];
  if (lastView !== null && lastView.key.every((k, i) => k === key[i])) return lastView.out;
  const ctx = { hasChildren: d !== null && hasChildren(s, d.summary.checkpointId), ns: s.ns, readOnly, running };
  lastView = { key, out: interruptView(d, ctx) };
  return lastView.out;
};
/** Errors waiting to be dismissed. */
export const selectErrors = (s: AppState) => s.errors;
/** The loaded run trace's steps with their tasks, attempts and times (`src/shared/timings.ts`). */
export const selectStepTimings = (s: AppState): StepTiming[] => traceTimings(s.trace).steps();
/** The loaded run trace's timings, as look-ups (a new object per trace array: cheap to subscribe to). */
export const selectTraceTimings = (s: AppState): TraceTimings => traceTimings(s.trace);
