import { memo, useMemo } from 'react';
import type { WaterfallRow } from '../model/waterfall';
import { overview, type AxisWindow } from '../model/waterfall-window';

const BINS = 120;

interface Props {
  rows: readonly WaterfallRow[];
  axis: AxisWindow;
  firstInView: number;
  lastInView: number;
  /** Scrolls the waterfall to row `index`. */
  goTo: (index: number) => void;
}

/** The first step row at or after `at` (a fraction of the run), or the last step row. */
function rowAt(rows: readonly WaterfallRow[], at: number): number {
  let last = -1;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.kind !== 'step') continue;
    last = i;
    const s = r.segments[0];
    if (s !== undefined && s.left + s.width >= at) return i;
  }
  return Math.max(0, last);
}

/**
 * The whole run in one strip (a minimap): where its steps fall in time, the part of the axis on
 * screen, and the steps in view. A click goes to the steps at that time. A pointer aid: the
 * keyboard has the list itself and the zoom buttons.
 */
function OverviewView({ rows, axis, firstInView, lastInView, goTo }: Props) {
  const bins = useMemo(() => overview(rows, BINS), [rows]);
  const seg = (i: number) => rows[Math.min(i, rows.length - 1)]?.segments[0];
  const fromSeg = seg(firstInView);
  const toSeg = seg(lastInView);
  const inView = fromSeg && toSeg ? { left: fromSeg.left, width: Math.max(toSeg.left + toSeg.width - fromSeg.left, 0.004) } : null;
  return (
    <div
      className="wf-overview"
      aria-hidden="true"
      title="The whole run: the part of the axis on screen (box) and the steps in view (bar); click a time to go there"
      data-testid="wf-overview"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        goTo(rowAt(rows, (e.clientX - box.left) / Math.max(1, box.width)));
      }}
    >
      {bins.map((v, i) => (v > 0 ? <span key={i} className="wf-ov-bin" style={{ left: `${(i / BINS) * 100}%`, width: `${100 / BINS}%`, height: `${Math.max(10, v * 100)}%` }} /> : null))}
      <span className="wf-ov-window" style={{ left: `${axis.from * 100}%`, width: `${Math.max(0.4, (axis.to - axis.from) * 100)}%` }} />
      {inView && <span className="wf-ov-view" data-testid="wf-overview-view" style={{ left: `${inView.left * 100}%`, width: `${Math.max(0.4, inView.width * 100)}%` }} />}
    </div>
  );
}

/** Memoized: the overview redraws when the rows or the window change. */
export const WaterfallOverview = memo(OverviewView);
