/**
 * The step timings of the loaded run trace, folded incrementally. The store replaces its trace
 * array on every streamed batch (the old events, then the new ones; the oldest dropped past a cap),
 * so a fresh fold per batch would re-read up to 20,000 events many times a second while a long run
 * streams. When the new array continues the last one (the last event folded is in it), only the
 * events after it are folded; any other array (another run, a reload) is folded afresh.
 */
import { StepTimingFolder, type StepTiming } from '../../shared/timings';
import { isTraceEvent } from '../../shared/trace';

let last: { trace: readonly unknown[]; folder: StepTimingFolder; steps: StepTiming[] } | null = null;
/** The array folded before `last`: a deferred reader (the graph's node facts) may still ask for it. */
let previous: { trace: readonly unknown[]; steps: StepTiming[] } | null = null;

/** Where `prev`'s last event sits in `next`, searched from the end (-1: `next` does not continue it). */
function continues(prev: readonly unknown[], next: readonly unknown[]): number {
  if (prev.length === 0) return -1;
  const tail = prev[prev.length - 1];
  for (let i = next.length - 1; i >= 0; i--) if (next[i] === tail) return i;
  return -1;
}

/** Step timings of `trace` (a new array whenever they change, its entries shared with the last). */
export function traceTimings(trace: readonly unknown[]): StepTiming[] {
  if (last !== null && last.trace === trace) return last.steps;
  if (previous !== null && previous.trace === trace) return previous.steps;
  const from = last === null ? -1 : continues(last.trace, trace);
  const folder = from >= 0 && last !== null ? last.folder : new StepTimingFolder();
  for (let i = from + 1; i < trace.length; i++) {
    const e = trace[i];
    if (isTraceEvent(e)) folder.add(e);
  }
  previous = last;
  last = { trace, folder, steps: [...folder.steps] };
  return last.steps;
}
