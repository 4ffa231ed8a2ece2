/**
 * Step durations for the timeline rows. A checkpoint's row shows how long the step that produced it
 * took: from the loaded trace when it tells of that step (its `@engine.tick.start` to the
 * `@engine.checkpoint.saved` of this checkpoint, see `src/shared/timings.ts`); otherwise, for a
 * thread without a trace of it (imported files, LangGraph servers, another run than the one
 * loaded), the time between the checkpoint's `ts` and its parent's, labelled as such because it
 * also counts any wait between them (an interrupt answered later, a resume).
 */
import type { CheckpointSummary } from '../../protocol/dto';
import type { StepTiming } from '../../shared/timings';

/** Where a duration comes from. */
export type DurationBasis = 'trace' | 'checkpoint-times';

/** A step's duration and its basis. */
export interface StepDuration {
  ms: number;
  basis: DurationBasis;
}

/** A duration in words: "840 µs", "4.2 ms", "12 ms", "1.52 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 10) return `${ms.toFixed(1).replace(/\.0$/, '')} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2).replace(/\.?0+$/, '')} s`;
  const min = Math.floor(ms / 60_000);
  return `${min} min ${Math.round((ms - min * 60_000) / 1000)} s`;
}

/** Traced step durations by the checkpoint each step saved (`trace-timings.ts` is one). */
export interface TracedDurations {
  durationOf(ns: string, checkpointId: string): number | undefined;
}

/** Traced step durations from a list of steps (for steps folded elsewhere, and tests). */
export function tracedStepDurations(steps: readonly StepTiming[]): TracedDurations {
  const out = new Map<string, number>();
  for (const s of steps) if (s.savedCheckpointId !== null && s.durationMs !== null) out.set(`${s.checkpointNs}\u0000${s.savedCheckpointId}`, s.durationMs);
  return { durationOf: (ns, id) => out.get(`${ns}\u0000${id}`) };
}

/**
 * The duration of the step that produced `item`: traced when known, else its `ts` minus its
 * parent's (only for checkpoints a step of the loop saved: an input, update or fork checkpoint
 * marks when someone acted, not how long a step ran). Null when neither is known.
 */
export function stepDuration(item: CheckpointSummary, parent: CheckpointSummary | undefined, traced: TracedDurations): StepDuration | null {
  const ms = traced.durationOf(item.ns, item.checkpointId);
  if (ms !== undefined) return { ms, basis: 'trace' };
  if (item.source !== 'loop' || parent === undefined) return null;
  const a = Date.parse(parent.ts);
  const b = Date.parse(item.ts);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return null;
  return { ms: b - a, basis: 'checkpoint-times' };
}

/** The duration as the timeline shows it, with its tooltip saying where it comes from. */
export function stepDurationLabel(d: StepDuration): { text: string; title: string } {
  if (d.basis === 'trace') return { text: durationText(d.ms), title: `the step that saved this checkpoint took ${durationText(d.ms)} (from the run's trace)` };
  return {
    text: `≈${durationText(d.ms)}`,
    title: `${durationText(d.ms)} between this checkpoint's time and its parent's (no trace of this step is loaded; it includes any wait between them, such as an interrupt)`,
  };
}
