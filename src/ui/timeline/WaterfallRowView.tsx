import { memo } from 'react';
import { durationText } from '../model/durations';
import { superstepOfTrace } from '../../shared/steps';
import type { Segment, WaterfallRow } from '../model/waterfall';
import { placeSegment, type AxisWindow } from '../model/waterfall-window';

const ENDS: Record<string, string> = { success: 'succeeded', error: 'failed', interrupt: 'interrupted', retried: 'failed, retried', running: 'no end traced' };

function segmentTitle(s: Segment, row: WaterfallRow): string {
  if (s.kind === 'step') return `step ${superstepOfTrace(row.step.step)}: ${row.step.durationMs === null ? 'no end traced' : durationText(row.step.durationMs)}`;
  if (s.kind === 'cached') return 'served from saved writes: it did not run';
  const a = s.attempt!;
  if (s.kind === 'wait') return `waited ${durationText(s.ms)} after attempt ${a.attempt}${a.delayMs === undefined ? '' : ` (the retry policy asked ${durationText(a.delayMs)})`}`;
  const ms = a.start !== null && a.end !== null ? durationText(a.end - a.start) : 'not timed';
  return `attempt ${a.attempt}: ${ms}, ${ENDS[a.status] ?? a.status}${a.error ? ` (${a.error.name}: ${a.error.message})` : ''}`;
}

function labelOf(row: WaterfallRow): { text: string; flags: string } {
  if (row.kind === 'step') return { text: `step ${superstepOfTrace(row.step.step)}${row.step.isReplaying ? ' (replaying)' : ''}`, flags: row.step.durationMs === null ? '' : durationText(row.step.durationMs) };
  const t = row.task;
  const took = t.outcome === 'cached' ? 'cached' : t.durationMs === null ? '' : durationText(t.durationMs);
  const tries = t.attempts.length > 1 ? ` ×${t.attempts.length}` : '';
  const mark = t.outcome === 'failed' ? ' ✖' : t.outcome === 'interrupted' ? ' ‖' : '';
  return { text: t.name, flags: `${took}${tries}${mark}` };
}

interface Props {
  row: WaterfallRow;
  selected: boolean;
  onSelect: (checkpointId: string) => unknown;
  /** The window of the axis on screen. */
  axis: AxisWindow;
  top: number;
  height: number;
  id: string;
}

/** One row of the waterfall: its label, then its bar on the axis (attempts, waits, marks). */
function RowView({ row, selected, onSelect, axis, top, height, id }: Props) {
  const { text, flags } = labelOf(row);
  const t = row.kind === 'task' ? row.task : null;
  return (
    <div
      role="option"
      id={id}
      aria-selected={selected}
      className={`wf-row wf-${row.kind} ${selected ? 'tl-selected' : ''}`}
      style={{ position: 'absolute', top, left: 0, right: 0, height }}
      data-testid="wf-row"
      data-kind={row.kind}
      data-step={superstepOfTrace(row.step.step)}
      data-checkpoint-id={row.step.checkpointId}
      data-task={t?.name}
      data-outcome={t?.outcome}
      data-attempts={t?.attempts.length}
      data-duration-ms={(t ? t.durationMs : row.step.durationMs) ?? ''}
      onClick={() => onSelect(row.step.checkpointId)}
    >
      <span className="wf-label" title={t ? `${t.name} · task id ${t.taskId}` : `step ${superstepOfTrace(row.step.step)}, from checkpoint ${row.step.checkpointId}`}>
        <span className="wf-name">{text}</span> <span className="wf-flags">{flags}</span>
      </span>
      <span className="wf-track">
        {row.segments.map((s, i) => {
          const at = placeSegment(s, axis);
          return at === null ? null : (
            <span
              key={i}
              className={`wf-seg wf-seg-${s.kind}${s.status ? ` wf-${s.status}` : ''}`}
              style={{ left: `${at.left * 100}%`, width: `${at.width * 100}%` }}
              title={segmentTitle(s, row)}
              data-testid={`wf-${s.kind}`}
              data-status={s.status}
            />
          );
        })}
      </span>
    </div>
  );
}

/** Memoized: only rows whose selection or position changed re-render. */
export const WaterfallRowView = memo(RowView);
