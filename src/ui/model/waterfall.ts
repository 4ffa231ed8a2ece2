/**
 * The waterfall as data: the steps of a run's trace (one namespace) with their tasks, each a row
 * with its place on one time axis, as a performance panel draws them. Pure: the view turns the
 * fractions into widths within the window of the axis on screen (waterfall-window.ts), which also
 * keeps an instant task a visible mark.
 */
import type { CheckpointSummary } from '../../protocol/dto';
import type { AttemptTiming, StepTiming, TaskTiming } from '../../shared/timings';
import type { TimelineLayout } from './timeline-tree';

/** A piece of a row's bar, as fractions (0–1) of the axis. */
export interface Segment {
  kind: 'step' | 'attempt' | 'wait' | 'cached';
  left: number;
  width: number;
  /** How long it lasts (ms). */
  ms: number;
  /** For attempts: how it ended. */
  status?: AttemptTiming['status'];
  /** For an attempt: itself; for a wait: the attempt it follows. */
  attempt?: AttemptTiming;
}

/** One row: a step, or one of its tasks. */
export type WaterfallRow =
  | { kind: 'step'; step: StepTiming; segments: Segment[] }
  | { kind: 'task'; step: StepTiming; task: TaskTiming; segments: Segment[] };

/** The laid-out waterfall. */
export interface Waterfall {
  rows: WaterfallRow[];
  /** The axis: when the first step started and how long the whole spans (ms). */
  origin: number;
  spanMs: number;
  /** Steps whose times are missing (events stored before they carried times): not on the axis. */
  untimed: number;
}

/** Lays out the steps of namespace `ns` on one axis. */
export function layoutWaterfall(steps: readonly StepTiming[], ns: string): Waterfall {
  const mine = steps.filter((s) => s.checkpointNs === ns);
  let origin = Infinity;
  let last = -Infinity;
  for (const s of mine) {
    if (s.start !== null) origin = Math.min(origin, s.start);
    const end = s.end ?? latestTaskEnd(s);
    if (end !== null) last = Math.max(last, end);
    if (s.start !== null) last = Math.max(last, s.start);
  }
  if (!Number.isFinite(origin)) return { rows: mine.flatMap((s) => [{ kind: 'step' as const, step: s, segments: [] }, ...s.tasks.map((task) => ({ kind: 'task' as const, step: s, task, segments: [] }))]), origin: 0, spanMs: 0, untimed: mine.length };
  const spanMs = Math.max(last - origin, 1e-3);
  const frac = (t: number) => (t - origin) / spanMs;
  const seg = (kind: Segment['kind'], from: number, to: number, extra: Partial<Segment> = {}): Segment => ({ kind, left: frac(from), width: (to - from) / spanMs, ms: to - from, ...extra });
  const rows: WaterfallRow[] = [];
  let untimed = 0;
  for (const s of mine) {
    if (s.start === null) untimed++;
    const end = s.end ?? latestTaskEnd(s) ?? s.start;
    rows.push({ kind: 'step', step: s, segments: s.start !== null && end !== null ? [seg('step', s.start, end)] : [] });
    for (const task of s.tasks) rows.push({ kind: 'task', step: s, task, segments: taskSegments(task, seg) });
  }
  return { rows, origin, spanMs, untimed };
}

type Seg = (kind: Segment['kind'], from: number, to: number, extra?: Partial<Segment>) => Segment;

function taskSegments(task: TaskTiming, seg: Seg): Segment[] {
  if (task.outcome === 'cached') return task.cachedAt === null ? [] : [seg('cached', task.cachedAt, task.cachedAt)];
  const out: Segment[] = [];
  task.attempts.forEach((a, i) => {
    if (a.start === null) return;
    out.push(seg('attempt', a.start, a.end ?? a.start, { status: a.status, attempt: a }));
    const next = task.attempts[i + 1];
    if (a.end !== null && next?.start != null) out.push(seg('wait', a.end, next.start, { attempt: a }));
  });
  return out;
}

function latestTaskEnd(s: StepTiming): number | null {
  let end: number | null = null;
  for (const t of s.tasks) for (const a of t.attempts) if (a.end !== null) end = Math.max(end ?? a.end, a.end);
  return end;
}

/** Axis marks: about `count` round times (ms from the origin) across the span. */
export function axisTicks(spanMs: number, count = 4): number[] {
  if (spanMs <= 0) return [0];
  const raw = spanMs / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((m) => m >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let t = 0; t <= spanMs + 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/**
 * Steps for a thread without a trace of them (imported files, LangGraph servers): the branch of
 * `tipId` from its root, each checkpoint a step of the loop saved after its parent, timed by the
 * two checkpoints' `ts`. No tasks: only the trace knows them. The view labels these as checkpoint times.
 */
export function stepsFromCheckpoints(layout: TimelineLayout, tipId: string | null): StepTiming[] {
  const chain: CheckpointSummary[] = [];
  let i = tipId === null ? (layout.rows.length > 0 ? 0 : undefined) : layout.indexOf.get(tipId);
  const seen = new Set<number>();
  while (i !== undefined && !seen.has(i)) {
    seen.add(i);
    const item = layout.rows[i]!.item;
    chain.push(item);
    i = item.parentId === null ? undefined : layout.indexOf.get(item.parentId);
  }
  chain.reverse();
  const out: StepTiming[] = [];
  for (let k = 1; k < chain.length; k++) {
    const parent = chain[k - 1]!;
    const item = chain[k]!;
    // As the list's rule (`durations.ts`): an input, update or fork checkpoint marks an action, not a step.
    if (item.source !== 'loop') continue;
    const start = Date.parse(parent.ts);
    const end = Date.parse(item.ts);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) continue;
    out.push({
      checkpointNs: item.ns, step: item.step, runId: '', checkpointId: parent.checkpointId, savedCheckpointId: item.checkpointId,
      serial: k, isReplaying: false, start, end, durationMs: end - start, tasks: [],
    });
  }
  return out;
}
