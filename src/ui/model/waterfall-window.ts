/**
 * The part of a waterfall's time axis on screen: a window of the run's span (fractions 0–1), so a
 * run of thousands of steps stays readable. By default the window fits the steps in view (as a
 * performance panel zoomed to the rows shown); the person can zoom, pan or show the whole run.
 * Pure: the view turns the fractions into widths.
 */
import type { Segment, WaterfallRow } from './waterfall';

/** A window of the axis, as fractions of the whole span. */
export interface AxisWindow {
  from: number;
  to: number;
}

/** The whole run. */
export const WHOLE: AxisWindow = { from: 0, to: 1 };

/** The narrowest window (a millionth of the span): deeper zoom shows nothing more. */
const MIN_SPAN = 1e-6;

/** Keeps `w` inside 0–1 and at least `MIN_SPAN` wide, moving it rather than shrinking it. */
export function clampWindow(w: AxisWindow): AxisWindow {
  const span = Math.min(1, Math.max(MIN_SPAN, w.to - w.from));
  const from = Math.min(1 - span, Math.max(0, w.from));
  return { from, to: from + span };
}

/**
 * The window that fits the bars of `rows[first..last]` (the rows in view), with a small margin;
 * the whole run when they have no bars.
 */
export function fitRows(rows: readonly WaterfallRow[], first: number, last: number): AxisWindow {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = Math.max(0, first); i <= Math.min(last, rows.length - 1); i++) {
    for (const s of rows[i]!.segments) {
      lo = Math.min(lo, s.left);
      hi = Math.max(hi, s.left + s.width);
    }
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return WHOLE;
  const pad = (hi - lo) * 0.03;
  return clampWindow({ from: lo - pad, to: hi + pad });
}

/** Zooms by `factor` (> 1 zooms in) around `at` (a fraction of the axis; the window's middle by default). */
export function zoomWindow(w: AxisWindow, factor: number, at = (w.from + w.to) / 2): AxisWindow {
  const span = (w.to - w.from) / factor;
  const rel = w.to === w.from ? 0.5 : (at - w.from) / (w.to - w.from);
  return clampWindow({ from: at - span * rel, to: at - span * rel + span });
}

/** Moves the window by `by` of its own width (negative: earlier). */
export function panWindow(w: AxisWindow, by: number): AxisWindow {
  const d = (w.to - w.from) * by;
  return clampWindow({ from: w.from + d, to: w.to + d });
}

/** The smallest width drawn (of the track), so that an instant task is still a visible, clickable mark. */
const MIN_DRAWN = 0.004;

/** Where a segment is drawn in the window (fractions of the track), or null when it is outside. */
export function placeSegment(s: Segment, w: AxisWindow): { left: number; width: number } | null {
  const span = w.to - w.from;
  const left = (s.left - w.from) / span;
  const right = (s.left + s.width - w.from) / span;
  if (right < 0 || left > 1) return null;
  const l = Math.max(0, left);
  return { left: Math.min(l, 1 - MIN_DRAWN), width: Math.max(Math.min(1, right) - l, MIN_DRAWN) };
}

/** Axis marks for the window: `at` on the track (0–1) and `ms` from the run's start. */
export function windowTicks(w: AxisWindow, spanMs: number, count: number, ticks: (spanMs: number, count: number) => number[]): { at: number; ms: number }[] {
  const fromMs = w.from * spanMs;
  const widthMs = (w.to - w.from) * spanMs;
  if (widthMs <= 0) return [{ at: 0, ms: fromMs }];
  const step = ticks(widthMs, count);
  const unit = step.length > 1 ? step[1]! - step[0]! : widthMs;
  const out: { at: number; ms: number }[] = [];
  const first = Math.ceil(fromMs / unit - 1e-9);
  for (let k = first; k * unit <= fromMs + widthMs * (1 + 1e-9); k++) {
    const ms = Number((k * unit).toPrecision(12));
    out.push({ at: Math.min(1, Math.max(0, (ms - fromMs) / widthMs)), ms });
  }
  return out;
}

/**
 * The overview of the whole run for the minimap: how much of the run's task time falls in each of
 * `bins` equal parts of the axis, scaled to 0–1 (the busiest part is 1).
 */
export function overview(rows: readonly WaterfallRow[], bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  for (const r of rows) {
    if (r.kind !== 'step') continue;
    for (const s of r.segments) {
      const a = Math.max(0, Math.floor(s.left * bins));
      const b = Math.min(bins - 1, Math.floor((s.left + s.width) * bins));
      for (let i = a; i <= b; i++) out[i]! += 1;
    }
  }
  const max = Math.max(...out, 0);
  return max === 0 ? out : out.map((v) => v / max);
}
