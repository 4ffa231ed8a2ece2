import { memo } from 'react';
import type { TimelineLayout, TimelineRow } from '../model/timeline-tree';
import { LaneGutter } from './LaneGutter';
import { writesText } from '../model/words';
import type { PointerRest } from './usePointerRest';

interface Props {
  layout: TimelineLayout;
  row: TimelineRow;
  index: number;
  selected: boolean;
  onSelect: (checkpointId: string) => unknown;
  /** The pointer entered or left the row (it reads the checkpoint ahead when the pointer rests). */
  rest: PointerRest;
  /** Offset of the row in the virtual list, in pixels. */
  top: number;
  height: number;
  /** How long the step that saved it took, in words, with where that comes from (null: unknown). */
  took: string | null;
  tookTitle: string | null;
  tookBasis: string | null;
}

/** One checkpoint of the timeline: branch lanes, step, source, what runs next, its step's duration and flags. */
function RowView({ layout, row, index, selected, onSelect, rest, top, height, took, tookTitle, tookBasis }: Props) {
  const s = row.item;
  return (
    <div
      role="option"
      aria-selected={selected}
      id={`cp-${s.checkpointId}`}
      className={`tl-row ${selected ? 'tl-selected' : ''}`}
      style={{ position: 'absolute', top, left: 0, right: 0, height }}
      data-testid="timeline-row"
      data-checkpoint-id={s.checkpointId}
      data-step={s.step}
      data-source={s.source}
      data-lane={row.lane}
      onClick={() => onSelect(s.checkpointId)}
      onPointerEnter={() => rest.enter(s.checkpointId)}
      onPointerLeave={rest.leave}
    >
      <LaneGutter layout={layout} row={row} index={index} />
      <span className="tl-step">{s.step}</span>
      <span className={`tl-source tl-source-${s.source}`}>{s.source}</span>
      {row.branchFrom !== null && <span className="tl-branch" title="starts a branch (replay or fork)">branch</span>}
      <span className="tl-next" title={s.next.join(', ')}>{s.next.length > 0 ? `→ ${s.next.join(', ')}` : '(end)'}</span>
      {took !== null && <span className="tl-took" title={tookTitle ?? undefined} data-testid="tl-took" data-basis={tookBasis}>{took}</span>}
      {s.hasInterrupts && <span className="tl-flag tl-interrupt" title="interrupted">‖</span>}
      {s.hasError && <span className="tl-flag tl-error" title="a task failed">✖</span>}
      {s.pendingWrites > 0 && <span className="tl-flag tl-writes" title={`${writesText(s.pendingWrites)} saved against this checkpoint (pendingWrites: ${s.pendingWrites})`}>{writesText(s.pendingWrites)}</span>}
    </div>
  );
}

/** Memoized: only rows whose selection or position changed re-render. */
export const TimelineRowView = memo(RowView);
