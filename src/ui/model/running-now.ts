/**
 * Which nodes are running now, from the streamed trace of the run going on: root-graph tasks the
 * engine started (`@engine.task.run`) and has not reported finished. A subgraph node stays running
 * while its own nodes run. Read from the newest events back, so it costs the current step only.
 */
import type { TraceEvent } from '../../shared/trace';

let last: { trace: readonly TraceEvent[]; out: readonly string[] } | null = null;

/** Node names running now (each once, in the order they started); empty when none is. */
export function runningNow(trace: readonly TraceEvent[]): readonly string[] {
  if (last !== null && last.trace === trace) return last.out;
  const finished = new Set<string>();
  const started: string[] = [];
  const seen = new Set<string>();
  // Back from the newest event to the start of the newest root superstep: a task that started
  // before it and is still running would be part of that step too.
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.checkpointNs !== '') continue;
    if (e.type === '@engine.task.finished') finished.add(e.taskId);
    else if (e.type === '@engine.task.run' && !finished.has(e.taskId) && !seen.has(e.taskId)) {
      seen.add(e.taskId);
      started.push(e.name);
    } else if (e.type === '@engine.tick.start' || e.type === '@engine.run.end') break;
  }
  const out = [...new Set(started.reverse())];
  last = { trace, out };
  return out;
}
