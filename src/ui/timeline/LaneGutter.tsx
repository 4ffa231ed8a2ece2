import type { TimelineLayout, TimelineRow } from '../model/timeline-tree';

/** Lanes drawn at most; further branches share the last column. */
export const MAX_LANES = 8;
const LANE_W = 12;

/** The branch lines of one timeline row: a line per lane passing through, a dot on the row's own lane. */
export function LaneGutter({ layout, row, index }: { layout: TimelineLayout; row: TimelineRow; index: number }) {
  const lanes = Math.min(layout.laneCount, MAX_LANES);
  const own = Math.min(row.lane, MAX_LANES - 1);
  const lines = [];
  for (let lane = 0; lane < lanes; lane++) {
    const [first, last] = layout.laneSpan[lane];
    if (index >= first && index <= last) lines.push(<span key={lane} className={`lane-line lane-${lane % 6}`} style={{ left: lane * LANE_W + 5 }} />);
  }
  return (
    <span className="lane-gutter" style={{ width: lanes * LANE_W + 4 }} aria-hidden="true">
      {lines}
      {row.branchFrom !== null && (
        <span className={`lane-branch lane-${own % 6}`} style={{ left: Math.min(row.branchFrom, own) * LANE_W + 5, width: Math.abs(own - Math.min(row.branchFrom, MAX_LANES - 1)) * LANE_W }} />
      )}
      <span className={`lane-dot lane-${own % 6}`} style={{ left: own * LANE_W + 1 }} />
    </span>
  );
}
