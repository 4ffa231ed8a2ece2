/** Timeline filter slice: the search and filter the timeline shows its rows through (model/timeline-filter.ts). */
import type { StateCreator } from 'zustand';
import { filterRows, isFilterActive, NO_FILTER, positionOf, type TimelineFilter } from '../model/timeline-filter';
import type { TimelineRow } from '../model/timeline-tree';
import { selectLayout } from '../store/selectors';
import type { AppState } from '../store/types';

let last: { rows: readonly TimelineRow[]; filter: TimelineFilter; out: number[] | null } | null = null;

/** The row indexes the timeline shows through `filter` (null: every row), memoized on the rows and the filter. */
export function shownRows(rows: readonly TimelineRow[], filter: TimelineFilter): number[] | null {
  if (last?.rows !== rows || last.filter !== filter) last = { rows, filter, out: isFilterActive(filter) ? filterRows(rows, filter) : null };
  return last.out;
}

export interface TimelineFilterSlice {
  timelineFilter: TimelineFilter;
  /** Changes some fields of the filter. */
  setTimelineFilter(patch: Partial<TimelineFilter>): void;
  clearTimelineFilter(): void;
  /** Moves the selection by `delta` rows of the timeline as filtered (negative: towards newer). */
  selectShownRelative(delta: number): void;
}

/** Creates the timeline filter slice (page state only: nothing is asked of the worker). */
export function createTimelineFilterSlice(): StateCreator<AppState, [], [], TimelineFilterSlice> {
  return (set, get) => ({
    timelineFilter: NO_FILTER,
    setTimelineFilter(patch) {
      set({ timelineFilter: { ...get().timelineFilter, ...patch } });
    },
    clearTimelineFilter() {
      set({ timelineFilter: NO_FILTER });
    },
    selectShownRelative(delta) {
      const layout = selectLayout(get());
      const shown = shownRows(layout.rows, get().timelineFilter);
      if (shown === null) return get().selectRelative(delta);
      if (shown.length === 0) return;
      const id = get().selectionTarget();
      const at = id === null ? -1 : positionOf(shown, layout.indexOf.get(id) ?? -1);
      // From a checkpoint the filter hides, the first shown row is the way back in.
      const next = at < 0 ? 0 : Math.min(shown.length - 1, Math.max(0, at + delta));
      if (next !== at) void get().selectCheckpoint(layout.rows[shown[next]!]!.item.checkpointId);
    },
  });
}
