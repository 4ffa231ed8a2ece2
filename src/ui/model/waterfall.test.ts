import { placeSegment, WHOLE } from './waterfall-window';
import { describe, expect, it } from 'vitest';
import type { StepTiming, TaskTiming } from '../../shared/timings';
import type { CheckpointSummary } from '../../protocol/dto';
import { layoutTimeline } from './timeline-tree';
import { axisTicks, layoutWaterfall, stepsFromCheckpoints } from './waterfall';

const task = (name: string, extra: Partial<TaskTiming>): TaskTiming => ({ taskId: `t-${name}`, name, outcome: 'ran', attempts: [], cachedAt: null, durationMs: null, ...extra });
const step = (n: number, start: number | null, end: number | null, tasks: TaskTiming[], ns = ''): StepTiming => ({
  checkpointNs: ns, step: n, runId: 'r', checkpointId: `c${n}`, savedCheckpointId: `c${n + 1}`, serial: n, isReplaying: false, start, end, durationMs: start !== null && end !== null ? end - start : null, tasks,
});

describe('layoutWaterfall', () => {
  it('puts steps and tasks on one axis, a retried task as attempts with the wait between, cached tasks as a mark', () => {
    const fetch = task('fetch', { attempts: [
      { attempt: 1, start: 1010, end: 1020, status: 'retried', delayMs: 20 },
      { attempt: 2, start: 1040, end: 1060, status: 'success' },
    ] });
    const w = layoutWaterfall([
      step(0, 1000, 1100, [fetch]),
      step(1, 1100, 1200, [task('done', { outcome: 'cached', cachedAt: 1150 })]),
      step(0, 0, 5, [], 'sub:1'),
    ], '');
    expect(w.origin).toBe(1000);
    expect(w.spanMs).toBe(200);
    expect(w.rows.map((r) => (r.kind === 'step' ? `step ${r.step.step}` : r.task.name))).toEqual(['step 0', 'fetch', 'step 1', 'done']);
    expect(w.rows[0]!.segments).toEqual([{ kind: 'step', left: 0, width: 0.5, ms: 100 }]);
    expect(w.rows[1]!.segments.map((s) => [s.kind, s.status, s.left, s.width])).toEqual([
      ['attempt', 'retried', 0.05, 0.05],
      ['wait', undefined, 0.1, 0.1],
      ['attempt', 'success', 0.2, 0.1],
    ]);
    expect(w.rows[1]!.segments[1]).toMatchObject({ ms: 20, attempt: { attempt: 1, delayMs: 20 } });
    expect(w.rows[3]!.segments).toMatchObject([{ kind: 'cached', left: 0.75 }]);
    // An instant mark has no width on the axis; drawn, it is still a visible mark.
    expect(w.rows[3]!.segments[0]!.width).toBe(0);
    expect(placeSegment(w.rows[3]!.segments[0]!, WHOLE)!.width).toBeGreaterThan(0);
    expect(w.untimed).toBe(0);
  });

  it('lists the steps of an untimed trace without placing them', () => {
    const w = layoutWaterfall([step(0, null, null, [task('a', { attempts: [{ attempt: 1, start: null, end: null, status: 'success' }] })])], '');
    expect(w.untimed).toBe(1);
    expect(w.rows).toHaveLength(2);
    expect(w.rows.every((r) => r.segments.length === 0)).toBe(true);
  });

  it('a step cut short (no end) reaches to its latest task end', () => {
    const w = layoutWaterfall([step(0, 0, null, [task('a', { attempts: [{ attempt: 1, start: 1, end: 9, status: 'error' }] })])], '');
    expect(w.spanMs).toBe(9);
    expect(w.rows[0]!.segments[0]!.width).toBe(1);
  });

  it('marks the axis at round times', () => {
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe('stepsFromCheckpoints', () => {
  it('times the selected branch from its root by checkpoint times, one step per checkpoint after the first', () => {
    const cp = (id: string, parentId: string | null, step: number, ts: string, source: CheckpointSummary['source'] = 'loop'): CheckpointSummary => ({
      checkpointId: id, parentId, ns: '', step, source, ts, next: [], pendingWrites: 0, writeChannels: [], hasInterrupts: false, hasError: false,
    });
    const layout = layoutTimeline([
      cp('a', null, -1, '2026-01-01T00:00:00.000Z'), cp('b', 'a', 0, '2026-01-01T00:00:00.100Z'), cp('c', 'b', 1, '2026-01-01T00:00:00.400Z'),
      cp('x', 'b', 1, '2026-01-01T00:00:01.000Z', 'update'), cp('y', 'x', 2, '2026-01-01T00:00:01.500Z'),
    ]);
    const steps = stepsFromCheckpoints(layout, 'c');
    expect(steps.map((s) => [s.step, s.checkpointId, s.savedCheckpointId, s.durationMs, s.tasks.length])).toEqual([[0, 'a', 'b', 100, 0], [1, 'b', 'c', 300, 0]]);
    // No selection: the newest checkpoint's branch; the fork's update checkpoint is no step.
    expect(stepsFromCheckpoints(layout, null).map((s) => [s.savedCheckpointId, s.durationMs])).toEqual([['b', 100], ['y', 500]]);
    expect(layoutWaterfall(steps, '').spanMs).toBe(400);
  });
});
