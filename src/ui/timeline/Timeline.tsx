import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { nsLabel } from '../model/ns-path';
import { selectLayout } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { TimelineRowView } from './TimelineRowView';

const ROW_H = 28;
const estimateSize = () => ROW_H;
const pick = (s: AppState) => ({
  checkpointId: s.checkpointId,
  complete: s.historyComplete,
  ns: s.ns,
  threadId: s.threadId,
  select: s.selectCheckpoint,
});

/**
 * Every checkpoint of the open thread and namespace, newest first, as branches of one tree.
 * Virtualized: only the rows in view are in the DOM, so 10,000 checkpoints scroll smoothly.
 */
export function Timeline() {
  // Deferred so that checkpoints streaming in during a long run never block input handling. The
  // first rows of a thread (and the empty list when another opens) are shown at once instead: a
  // deferred render of them is restarted by every urgent update of the opening (runs, namespaces,
  // the graph canvas mounting), which kept the first page off screen for tens of milliseconds.
  const current = useAppStore(selectLayout);
  const deferred = useDeferredValue(current);
  const layout = deferred.rows.length === 0 || current.rows.length === 0 ? current : deferred;
  const { checkpointId, complete, ns, threadId, select } = useAppStoreShallow(pick);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: layout.rows.length, getScrollElement: () => scrollRef.current, estimateSize, overscan: 12 });
  const selectedIndex = checkpointId === null ? undefined : layout.indexOf.get(checkpointId);
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
    <section className="timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="pane-title">
        Timeline <span className="muted">{nsLabel(ns)} · {layout.rows.length}{complete ? '' : '+'} checkpoints{layout.laneCount > 1 ? ` · ${layout.laneCount} branches` : ''}</span>
      </h2>
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
        data-complete={complete}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => (
            <TimelineRowView
              key={layout.rows[v.index].item.checkpointId}
              layout={layout}
              row={layout.rows[v.index]}
              index={v.index}
              selected={layout.rows[v.index].item.checkpointId === checkpointId}
              onSelect={onSelect}
              top={v.start}
              height={ROW_H}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
