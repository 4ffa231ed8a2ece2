import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { nsLabel } from '../model/ns-path';
import { stepDuration, stepDurationLabel } from '../model/durations';
import { positionOf } from '../model/timeline-filter';
import { TimelineFilterBar } from './TimelineFilterBar';
import { shownRows } from './filter-slice';
import './timeline.css';
import { selectLayout, selectTraceTimings } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { TimelineRowView } from './TimelineRowView';
import { usePointerRest } from './usePointerRest';
import { countText } from '../model/words';

const ROW_H = 28;
/** How long the pointer rests on a row before its checkpoint is read ahead (a sweep across rows reads none). */
const POINTER_REST_MS = 50;
const estimateSize = () => ROW_H;
const pick = (s: AppState) => ({
  checkpointId: s.checkpointId,
  complete: s.historyComplete,
  ns: s.ns,
  threadId: s.threadId,
  select: s.selectCheckpoint,
});

/**
 * Every checkpoint of the open thread and namespace, newest first, as branches of one tree, each
 * with how long the step that saved it took. Virtualized: only the rows in view are in the DOM, so
 * 100,000 checkpoints scroll smoothly.
 */
export function TimelineList({ modes }: { modes: ReactNode }) {
  // Deferred so that checkpoints streaming in during a long run never block input handling. The
  // first rows of a thread (and the empty list when another opens) are shown at once instead: a
  // deferred render of them is restarted by every urgent update of the opening (runs, namespaces,
  // the graph canvas mounting), which kept the first page off screen for tens of milliseconds.
  const current = useAppStore(selectLayout);
  const deferred = useDeferredValue(current);
  const layout = deferred.rows.length === 0 || current.rows.length === 0 ? current : deferred;
  const { checkpointId, complete, ns, threadId, select } = useAppStoreShallow(pick);
  const traced = useAppStore(selectTraceTimings);
  // The filter runs over the loaded rows in one pass (deferred: typing stays responsive at 100,000
  // checkpoints); only the rows in view are rendered, whatever it keeps.
  const filter = useDeferredValue(useAppStore((s) => s.timelineFilter));
  const shown = useMemo(() => shownRows(layout.rows, filter), [layout.rows, filter]);
  const count = shown?.length ?? layout.rows.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize, overscan: 12 });
  const rowIndex = checkpointId === null ? undefined : layout.indexOf.get(checkpointId);
  // Position of the selection in the list shown (undefined: none, or filtered out).
  const selectedIndex = rowIndex === undefined ? undefined : shown === null ? rowIndex : positionOf(shown, rowIndex) >= 0 ? positionOf(shown, rowIndex) : undefined;
  const prefetch = useAppStore((s) => s.prefetchCheckpoint);
  const rest = usePointerRest(prefetch, POINTER_REST_MS);
  /** The checkpoint last chosen by clicking its row (it is on screen: no scroll needed). */
  const clicked = useRef<string | null>(null);
  const onSelect = useCallback(
    (id: string) => {
      clicked.current = id;
      return select(id);
    },
    [select],
  );
  useEffect(() => {
    const el = scrollRef.current;
    if (selectedIndex === undefined || el === null) return;
    // A row chosen by clicking is already in view (even when cut off at an edge, scrolling it would
    // move the row under the pointer); only keyboard moves and deep links need a scroll.
    if (checkpointId !== null && clicked.current === checkpointId) return;
    clicked.current = null;
    const top = selectedIndex * ROW_H;
    if (top >= el.scrollTop && top + ROW_H <= el.scrollTop + el.clientHeight) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, checkpointId, virtualizer]);
  return (
    <>
      <h2 id="timeline-title" className="pane-title">
        Timeline <span className="muted">{nsLabel(ns)} · {shown ? `${countText(shown.length)} of ` : ''}{layout.rows.length}{complete ? '' : '+'} checkpoints{layout.laneCount > 1 ? ` · ${layout.laneCount} branches` : ''}</span>
      </h2>
      {modes}
      {threadId !== null && <TimelineFilterBar shown={shown} />}
      {shown !== null && shown.length === 0 && <p className="empty" data-testid="tl-none">No checkpoint matches the filter.</p>}
      {threadId === null && <p className="empty">Run the graph to create a thread, or open a stored one.</p>}
      <div
        ref={scrollRef}
        className="tl-scroll"
        role="listbox"
        aria-label="Checkpoints"
        tabIndex={0}
        aria-activedescendant={checkpointId !== null && selectedIndex !== undefined ? `cp-${checkpointId}` : undefined}
        data-testid="timeline"
        data-count={layout.rows.length}
        data-shown={count}
        data-complete={complete}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            // The gutter draws lanes by the row's place in the whole timeline, filtered or not.
            const i = shown ? shown[v.index]! : v.index;
            const row = layout.rows[i]!;
            const parent = row.item.parentId === null ? undefined : layout.indexOf.get(row.item.parentId);
            const took = stepDuration(row.item, parent === undefined ? undefined : layout.rows[parent]!.item, traced);
            const label = took === null ? null : stepDurationLabel(took);
            return (
              <TimelineRowView
                key={row.item.checkpointId}
                layout={layout}
                row={row}
                index={i}
                selected={row.item.checkpointId === checkpointId}
                onSelect={onSelect}
                rest={rest}
                top={v.start}
                height={ROW_H}
                took={label?.text ?? null}
                tookTitle={label?.title ?? null}
                tookBasis={took?.basis ?? null}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
