import { describe, expect, it } from 'vitest';
import { stepTimings } from '../../shared/timings';
import type { TraceEvent } from '../../shared/trace';
import { traceTimings } from './trace-timings';

let seq = 0;
const ev = (e: Record<string, unknown>) => ({ runId: 'r', checkpointNs: '', step: 0, seq: seq++, ...e }) as TraceEvent;
const tick = (from: string, to: string, at: number) => [
  ev({ type: '@engine.tick.start', checkpointId: from, isReplaying: false, at }),
  ev({ type: '@engine.task.run', taskId: `t-${from}`, name: 'a', attempt: 1, at: at + 1 }),
  ev({ type: '@engine.task.finished', taskId: `t-${from}`, name: 'a', status: 'success', channels: [], at: at + 2 }),
  ev({ type: '@engine.checkpoint.saved', checkpointId: to, parentCheckpointId: from, source: 'loop', newChannels: [], at: at + 3 }),
];

describe('traceTimings', () => {
  it('folds a growing trace as a fresh fold would, and a trace cut at the front or replaced afresh', () => {
    const events = [...tick('c0', 'c1', 0), ...tick('c1', 'c2', 10).slice(0, 2)];
    const a: unknown[] = events;
    const first = traceTimings(a);
    const firstSteps = first.steps();
    expect(firstSteps).toEqual(stepTimings(events));
    expect(first.durationOf('', 'c1')).toBe(3);
    expect(first.durationOf('', 'c2')).toBeUndefined();
    // The next batch ends the open step and adds one: only the new events are folded.
    const b = a.concat(tick('c1', 'c2', 10).slice(2), tick('c2', 'c3', 20), ['junk']);
    expect(traceTimings(b).steps()).toEqual(stepTimings(b.filter((x): x is TraceEvent => typeof x === 'object')));
    expect(traceTimings(b)).toBe(traceTimings(b));
    expect(traceTimings(b).durationOf('', 'c2')).toBe(3);
    expect(traceTimings(b).task('t-c2')).toMatchObject({ outcome: 'ran', durationMs: 1 });
    // A deferred reader asking for the older array gets its own answer, without a refold.
    expect(traceTimings(a)).toBe(first);
    expect(first.steps()).toBe(firstSteps);
    // The same events in a new array (another load) that does not continue the last: folded afresh.
    const other = tick('x0', 'x1', 100);
    expect(traceTimings(other).steps().map((s) => s.checkpointId)).toEqual(['x0']);
    expect(traceTimings(other).durationOf('', 'c1')).toBeUndefined();
    expect(traceTimings([]).steps().length).toBe(0);
  });
});
