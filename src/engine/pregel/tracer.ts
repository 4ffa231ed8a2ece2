/**
 * Emits trace events (src/shared/trace.ts) to the run's listener. Free when nobody listens.
 */
import type { TraceEvent, TraceEventInput, TraceListener } from '../../shared/trace';
import { PUSH } from '../constants';
import type { PreparedTask } from './types';

interface ClockLike {
  now(): number;
  timeOrigin?: number;
}
const perf = (globalThis as { performance?: ClockLike }).performance;
/** Milliseconds since the epoch, with the sub-millisecond fraction of `performance` where the host has it. */
const now: () => number =
  perf && typeof perf.timeOrigin === 'number' ? () => (perf.timeOrigin as number) + perf.now() : () => Date.now();

export class Tracer {
  constructor(
    private readonly listener: TraceListener | undefined,
    readonly runId: string,
    readonly checkpointNs: string,
    private readonly counter = { seq: 0 },
  ) {}
  /** The tracer of a subgraph run inside this run: same listener, run id and sequence. */
  child(checkpointNs: string): Tracer {
    return new Tracer(this.listener, this.runId, checkpointNs, this.counter);
  }
  get enabled(): boolean {
    return this.listener !== undefined;
  }
  /** Emits one event. A listener's exception is swallowed: tracing never changes a result. */
  emit(event: TraceEventInput): void {
    if (!this.listener) return;
    const full = { ...event, runId: this.runId, checkpointNs: this.checkpointNs, seq: this.counter.seq++, at: now() } as TraceEvent;
    try {
      this.listener(full);
    } catch {
      /* a subscriber's failure must not affect the run */
    }
  }
}

/** A JSON-safe copy of a value (for interrupt payloads in the trace). */
export function jsonSafe(v: unknown): unknown {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? null : JSON.parse(s);
  } catch {
    return String(v);
  }
}

/** One `@engine.task.prepared` event per task: its kind, path and the triggers with news. */
export function tracePrepared(tr: Tracer, step: number, tasks: readonly PreparedTask[]): void {
  for (const t of tasks) {
    const push = t.path[0] === PUSH;
    tr.emit({
      type: '@engine.task.prepared', step, taskId: t.id, name: t.name, kind: push ? 'push' : 'pull',
      path: t.path.filter((x): x is string | number => typeof x !== 'boolean'), triggers: t.reasons,
      ...(push ? { sendIndex: t.path[1] as number } : {}),
    });
  }
}
