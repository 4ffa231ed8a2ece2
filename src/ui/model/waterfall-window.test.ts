import { describe, expect, it } from 'vitest';
import type { StepTiming } from '../../shared/timings';
import { axisTicks, layoutWaterfall } from './waterfall';
import { clampWindow, fitRows, overview, panWindow, placeSegment, WHOLE, windowTicks, zoomWindow } from './waterfall-window';

/** `n` steps of 1 ms each, back to back, each with one task. */
function steps(n: number): StepTiming[] {
  return Array.from({ length: n }, (_, i) => ({
    checkpointNs: '', step: i + 1, runId: 'r', checkpointId: `c${i}`, savedCheckpointId: `c${i + 1}`, serial: i, isReplaying: false,
    start: i, end: i + 1, durationMs: 1,
    tasks: [{ taskId: `t${i}`, name: 'loop', outcome: 'ran', durationMs: 1, cachedAt: null, attempts: [{ attempt: 1, start: i, end: i + 1, status: 'success' }] }],
  })) as unknown as StepTiming[];
}

describe('the waterfall window', () => {
  const w = layoutWaterfall(steps(2500), '');

  it('on the whole run a step of 2,500 is a sliver; fitted to the rows in view it is readable', () => {
    const first = w.rows[0]!.segments[0]!;
    expect(placeSegment(first, WHOLE)!.width).toBeLessThan(0.005);
    // 20 rows in view (10 steps and their tasks).
    const fitted = fitRows(w.rows, 0, 19);
    expect(placeSegment(first, fitted)!.width).toBeGreaterThan(0.08);
    // A step far away is outside the window.
    expect(placeSegment(w.rows[2000]!.segments[0]!, fitted)).toBeNull();
  });

  it('zooms around a point and pans, staying inside the run', () => {
    const z = zoomWindow(WHOLE, 4, 0.5);
    expect(z.from).toBeCloseTo(0.375);
    expect(z.to).toBeCloseTo(0.625);
    expect(panWindow(z, 10)).toEqual({ from: 0.75, to: 1 });
    expect(zoomWindow(z, 1 / 100)).toEqual(WHOLE);
    expect(clampWindow({ from: 0.5, to: 0.5 }).to - 0.5).toBeGreaterThan(0);
  });

  it('ticks fall inside the window and count from the run start', () => {
    const t = windowTicks({ from: 0.5, to: 0.6 }, 2500, 4, axisTicks);
    expect(t.length).toBeGreaterThan(1);
    for (const x of t) {
      expect(x.at).toBeGreaterThanOrEqual(0);
      expect(x.at).toBeLessThanOrEqual(1);
      expect(x.ms).toBeGreaterThanOrEqual(1250);
      expect(x.ms).toBeLessThanOrEqual(1500);
    }
  });

  it('the overview spreads the steps over its bins', () => {
    const o = overview(w.rows, 50);
    expect(o).toHaveLength(50);
    expect(Math.min(...o)).toBeGreaterThan(0.5);
    expect(Math.max(...o)).toBe(1);
  });
});
