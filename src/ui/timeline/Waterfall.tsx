import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { durationText } from '../model/durations';
import { laneOf } from '../model/fork-tree';
import { nsLabel } from '../model/ns-path';
import { axisTicks, layoutWaterfall, stepsFromCheckpoints } from '../model/waterfall';
import { fitRows, panWindow, WHOLE, windowTicks, zoomWindow, type AxisWindow } from '../model/waterfall-window';
import { WaterfallOverview } from './WaterfallOverview';
import { selectLayout, selectStepTimings } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { WaterfallRowView } from './WaterfallRowView';

const ROW_H = 24;
const estimateSize = () => ROW_H;
const pick = (s: AppState) => ({
  checkpointId: s.checkpointId,
  ns: s.ns,
  threadId: s.threadId,
  runs: s.runs,
  traceRunId: s.traceRunId,
  more: s.traceNextSeq !== null,
  loadTrace: s.loadTrace,
  loadMore: s.loadMoreTrace,
  select: s.selectCheckpoint,
});

/**
 * The chosen run's supersteps with their tasks as bars on one time axis (as a performance panel
 * draws them): retried tasks as one segment per attempt with the wait between, failures and
 * interrupts marked, cached tasks as a mark. A click selects the checkpoint the step ran from.
 * Virtualized like the list, so a long run stays smooth; the axis shows a window of the run, by
 * default fitted to the rows in view (a step of a 10,000-step run is as wide as in a short one),
 * zoomed and panned by the person, with an overview of the whole run to jump anywhere.
 */
export function Waterfall({ modes }: { modes: ReactNode }) {
  const { checkpointId, ns, threadId, runs, traceRunId, more, loadTrace, loadMore, select } = useAppStoreShallow(pick);
  const traced = useAppStore(selectStepTimings);
  const layout = useAppStore(selectLayout);
  const hasTrace = useMemo(() => traced.some((s) => s.checkpointNs === ns), [traced, ns]);
  // Without a trace of this namespace, the selected branch (to its newest checkpoint, so that
  // selecting a step keeps the same rows) timed by its checkpoints (labelled).
  const lane = hasTrace ? undefined : laneOf(layout, checkpointId);
  const fallbackTip = lane === undefined ? null : (layout.rows[layout.laneSpan[lane]![0]]?.item.checkpointId ?? null);
  const steps = useMemo(() => (hasTrace ? traced : stepsFromCheckpoints(layout, fallbackTip)), [hasTrace, traced, layout, fallbackTip]);
  const w = useMemo(() => layoutWaterfall(steps, ns), [steps, ns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: w.rows.length, getScrollElement: () => scrollRef.current, estimateSize, overscan: 12 });
  const stepCount = w.rows.reduce((n, r) => n + (r.kind === 'step' ? 1 : 0), 0);
  // The axis window: fitted to the rows in view, or the person's own (zoomed, panned, whole run).
  const [own, setOwn] = useState<AxisWindow | null>(null);
  const offset = virtualizer.scrollOffset ?? 0;
  const height = virtualizer.scrollRect?.height ?? 0;
  const firstInView = Math.floor(offset / ROW_H);
  const lastInView = Math.max(firstInView, Math.ceil((offset + height) / ROW_H) - 1);
  const fitted = useMemo(() => fitRows(w.rows, firstInView, lastInView), [w.rows, firstInView, lastInView]);
  const axis = own ?? fitted;
  const goTo = (index: number) => virtualizer.scrollToIndex(index, { align: 'start' });
  const selectedRow = w.rows.findIndex((r) => r.step.checkpointId === checkpointId);
  return (
    <>
      <h2 id="timeline-title" className="pane-title">
        Waterfall <span className="muted">{nsLabel(ns)} · {stepCount} steps{w.spanMs > 0 ? ` · ${durationText(w.spanMs)}` : ''}</span>
      </h2>
      {modes}
      {threadId !== null && runs.length > 0 && (
        <div className="wf-bar">
          <label>
            Run{' '}
            <select value={traceRunId ?? ''} onChange={(e) => void loadTrace(e.target.value || null)} data-testid="wf-run">
              {runs.map((r, i) => (
                <option key={r.runId} value={r.runId}>{`#${i + 1} ${r.kind ?? ''} ${r.outcome ?? ''}`.replace(/\s+/g, ' ').trim()}</option>
              ))}
            </select>
          </label>
          {more && <button type="button" onClick={() => void loadMore()} data-testid="wf-more">Load more of the trace</button>}
        </div>
      )}
      {threadId === null && <p className="empty">Run the graph to see its steps on a time axis.</p>}
      {threadId !== null && w.rows.length === 0 && <p className="empty" data-testid="wf-empty">No step of {nsLabel(ns)} is in the loaded trace or the checkpoints.</p>}
      {!hasTrace && w.rows.length > 0 && (
        <p className="muted wf-note" data-testid="wf-from-checkpoints">
          No trace of these steps is loaded: the selected branch is timed by its checkpoints&apos; times (each step from its parent checkpoint to its own, waits included), without tasks.
        </p>
      )}
      {w.untimed > 0 && <p className="muted wf-note" data-testid="wf-untimed">{w.untimed} step{w.untimed === 1 ? ' was' : 's were'} traced without times (recorded before events carried them): listed, not placed on the axis.</p>}
      {w.spanMs > 0 && (
        <>
          <div className="wf-zoom" role="group" aria-label="Time axis">
            <button type="button" aria-pressed={own === null} onClick={() => setOwn(null)} data-testid="wf-fit" title="The axis fits the steps in view, and follows as you scroll">Fit rows in view</button>
            <button type="button" aria-pressed={own === WHOLE} onClick={() => setOwn(WHOLE)} data-testid="wf-whole" title="The whole run on the axis">Whole run</button>
            <button type="button" onClick={() => setOwn(zoomWindow(axis, 2))} data-testid="wf-zoom-in" aria-label="Zoom in">+</button>
            <button type="button" onClick={() => setOwn(zoomWindow(axis, 0.5))} data-testid="wf-zoom-out" aria-label="Zoom out">−</button>
            <button type="button" onClick={() => setOwn(panWindow(axis, -0.5))} data-testid="wf-pan-back" aria-label="Earlier">◀</button>
            <button type="button" onClick={() => setOwn(panWindow(axis, 0.5))} data-testid="wf-pan-on" aria-label="Later">▶</button>
          </div>
          <WaterfallOverview rows={w.rows} axis={axis} firstInView={firstInView} lastInView={lastInView} goTo={goTo} />
          <div className="wf-axis" aria-hidden="true" data-testid="wf-axis" data-from={axis.from} data-to={axis.to}>
            <span className="wf-label" />
            <span className="wf-track">
              {windowTicks(axis, w.spanMs, 3, axisTicks).map((t) => (
                <span key={t.ms} className="wf-tick" style={{ left: `${t.at * 100}%` }}>{t.ms === 0 ? '0' : durationText(t.ms)}</span>
              ))}
            </span>
          </div>
        </>
      )}
      <div
        ref={scrollRef}
        className="tl-scroll"
        role="listbox"
        aria-label="Steps and tasks of the run"
        tabIndex={0}
        aria-activedescendant={selectedRow >= 0 ? `wf-${selectedRow}` : undefined}
        data-testid="waterfall"
        data-steps={stepCount}
        data-basis={hasTrace ? 'trace' : 'checkpoint-times'}
        data-span-ms={w.spanMs}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = w.rows[v.index]!;
            return (
              <WaterfallRowView
                key={v.index}
                id={`wf-${v.index}`}
                row={row}
                selected={row.step.checkpointId === checkpointId}
                onSelect={select}
                axis={axis}
                top={v.start}
                height={ROW_H}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
