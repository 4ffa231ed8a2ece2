/**
 * The step timings of the loaded run trace, folded incrementally. The store replaces its trace
 * array on every streamed batch (the old events, then the new ones; the oldest dropped past a cap),
 * so a fresh fold per batch would re-read up to 20,000 events many times a second while a long run
 * streams. When the new array continues the last one (the last event folded is in it), only the
 * events after it are folded; any other array (another run, a reload) is folded afresh. Readers
 * get a view per array: O(1) look-ups by checkpoint and task, and the step list copied only when
 * asked (the waterfall), so a batch costs what it adds.
 */
import { StepTimingFolder, type StepTiming, type TaskTiming } from '../../shared/timings';
import { isTraceEvent } from '../../shared/trace';

/** The timings of one trace array. */
export interface TraceTimings {
  /** Every step folded, oldest first (a new array per trace array, made on the first call). */
  steps(): StepTiming[];
  /** The traced duration of the step that saved `checkpointId` in `ns`, if known. */
  durationOf(ns: string, checkpointId: string): number | undefined;
  /** A task's timing by id, if folded. */
  task(taskId: string): TaskTiming | undefined;
}

function view(folder: StepTimingFolder): TraceTimings {
  let steps: StepTiming[] | null = null;
  return {
    steps: () => (steps ??= [...folder.steps]),
    durationOf: (ns, id) => folder.stepThatSaved(ns, id)?.durationMs ?? undefined,
    task: (id) => folder.task(id),
  };
}

let last: { trace: readonly unknown[]; folder: StepTimingFolder; view: TraceTimings } | null = null;
/** The array folded before `last`: a deferred reader (the graph's node facts) may still ask for it. */
let previous: { trace: readonly unknown[]; view: TraceTimings } | null = null;

/** Where `prev`'s last event sits in `next`, searched from the end (-1: `next` does not continue it). */
function continues(prev: readonly unknown[], next: readonly unknown[]): number {
  if (prev.length === 0) return -1;
  const tail = prev[prev.length - 1];
  for (let i = next.length - 1; i >= 0; i--) if (next[i] === tail) return i;
  return -1;
}

/** The timings of `trace` (one view object per array). */
export function traceTimings(trace: readonly unknown[]): TraceTimings {
  if (last !== null && last.trace === trace) return last.view;
  if (previous !== null && previous.trace === trace) return previous.view;
  const from = last === null ? -1 : continues(last.trace, trace);
  const folder = from >= 0 && last !== null ? last.folder : new StepTimingFolder();
  for (let i = from + 1; i < trace.length; i++) {
    const e = trace[i];
    if (isTraceEvent(e)) folder.add(e);
  }
  previous = last;
  last = { trace, folder, view: view(folder) };
  return last.view;
}
