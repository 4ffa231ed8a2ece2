import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../protocol/dto';
import type { StepTiming } from '../../shared/timings';
import { durationText, stepDuration, stepDurationLabel, tracedStepDurations } from './durations';

const cp = (id: string, ts: string, source: CheckpointSummary['source'] = 'loop', parentId: string | null = null): CheckpointSummary => ({
  checkpointId: id, parentId, ns: '', step: 0, source, ts, next: [], pendingWrites: 0, writeChannels: [], hasInterrupts: false, hasError: false,
});
const none = tracedStepDurations([]);
const step = (ns: string, saved: string | null, durationMs: number | null) => ({ checkpointNs: ns, savedCheckpointId: saved, durationMs }) as StepTiming;

describe('step durations', () => {
  it('prefers the trace, keyed by the checkpoint the step saved, in the open namespace only', () => {
    const traced = tracedStepDurations([step('', 'c1', 12.5), step('sub:1', 's1', 3), step('', null, 9), step('', 'c2', null)]);
    expect(traced.durationOf('', 'c1')).toBe(12.5);
    expect(traced.durationOf('', 's1')).toBeUndefined();
    expect(traced.durationOf('sub:1', 's1')).toBe(3);
    expect(traced.durationOf('', 'c2')).toBeUndefined();
    const parent = cp('c0', '2026-01-01T00:00:00.000Z');
    expect(stepDuration(cp('c1', '2026-01-01T00:00:01.000Z', 'loop', 'c0'), parent, traced)).toEqual({ ms: 12.5, basis: 'trace' });
  });

  it('without a trace, falls back to the difference of checkpoint times, labelled as such', () => {
    const parent = cp('c0', '2026-01-01T00:00:00.000Z');
    const d = stepDuration(cp('c1', '2026-01-01T00:00:00.250Z', 'loop', 'c0'), parent, none);
    expect(d).toEqual({ ms: 250, basis: 'checkpoint-times' });
    expect(stepDurationLabel(d!).text).toBe('≈250 ms');
    expect(stepDurationLabel(d!).title).toContain('no trace');
    expect(stepDurationLabel({ ms: 250, basis: 'trace' }).text).toBe('250 ms');
    // Input, update and fork checkpoints mark an action, not a step; an unknown parent or a bad time gives nothing.
    expect(stepDuration(cp('c1', '2026-01-01T00:00:01Z', 'fork', 'c0'), parent, none)).toBeNull();
    expect(stepDuration(cp('c1', '2026-01-01T00:00:01Z', 'loop', 'c0'), undefined, none)).toBeNull();
    expect(stepDuration(cp('c1', 'not a time', 'loop', 'c0'), parent, none)).toBeNull();
  });

  it('words a duration at its scale', () => {
    expect(durationText(0.84)).toBe('840 µs');
    expect(durationText(4.2)).toBe('4.2 ms');
    expect(durationText(4)).toBe('4 ms');
    expect(durationText(151.6)).toBe('152 ms');
    expect(durationText(1520)).toBe('1.52 s');
    expect(durationText(2000)).toBe('2 s');
    expect(durationText(125_000)).toBe('2 min 5 s');
  });
});
