/**
 * Selectors, declared once outside components so their identity is stable. Derived data is
 * memoized on the identity of its inputs (the store replaces arrays, never mutates them).
 */
import type { CheckpointSummary, GraphInfo, ThreadSummary } from '../../protocol/dto';
import { layoutTimeline, type TimelineLayout } from '../model/timeline-tree';
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
export const selectGraph = (s: AppState): GraphInfo | null => s.graphs.find((g) => g.id === s.graphId) ?? null;
/** The open thread's summary. */
export const selectThread = (s: AppState): ThreadSummary | null => s.threads.find((t) => t.threadId === s.threadId) ?? null;
/** The selected checkpoint's summary (available before its detail arrives). */
export const selectSelectedSummary = (s: AppState): CheckpointSummary | null => {
  if (s.checkpointId === null) return null;
  const i = selectLayout(s).indexOf.get(s.checkpointId);
  return i === undefined ? null : selectLayout(s).rows[i].item;
};
/** Is a run of the open thread going on? */
export const selectRunning = (s: AppState): boolean => s.activeRun !== null && s.activeRun.threadId === s.threadId;
/** The pending interrupts at the selected checkpoint (one form each). */
const interruptsOf = memoOn((detail: AppState['detail']) => (detail?.tasks ?? []).flatMap((t) => t.interrupts.map((i) => ({ task: t.name, taskId: t.id, ...i }))));
export const selectInterrupts = (s: AppState) => interruptsOf(s.detail);
/** Errors waiting to be dismissed. */
export const selectErrors = (s: AppState) => s.errors;
