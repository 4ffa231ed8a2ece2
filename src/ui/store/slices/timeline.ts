/** Timeline slice: the open thread's checkpoints for one namespace, read in pages, newest first. */
import type { StateCreator } from 'zustand';
import { mergeSummaries } from '../../model/timeline-tree';
import type { AppState, StoreClient, TimelineSlice } from '../types';
import { isRemoteKey } from '../../../protocol/remote';

/** Size of the first page (shown at once) and of the pages read after it in the background. */
export const FIRST_PAGE = 200;
export const NEXT_PAGE = 2000;

/** Creates the timeline slice over `client`. */
export function createTimelineSlice(client: StoreClient): StateCreator<AppState, [], [], TimelineSlice> {
  return (set, get) => ({
    ns: '',
    history: [],
    historyComplete: true,
    historyLoading: false,
    historyGen: 0,

    async loadHistory(onFirstPage) {
      const { threadId, ns } = get();
      if (threadId === null) return;
      const gen = get().historyGen + 1;
      set({ historyGen: gen, history: [], historyComplete: false, historyLoading: true });
      const live = () => get().historyGen === gen;
      let before: string | undefined;
      let limit = FIRST_PAGE;
      try {
        for (;;) {
          const { page } = await client.request('rg/history.page', { threadId, ns, before, limit });
          if (!live()) return;
          set({ history: mergeSummaries(get().history, page.items) });
          // The newest checkpoint is selected when nothing is, so the first screen shows a state.
          if (get().checkpointId === null && page.items.length > 0 && before === undefined) void get().selectCheckpoint(page.items[0].checkpointId);
          if (before === undefined) onFirstPage?.();
          // A server thread's history is read a page at a time, on demand (servers/slice.ts loadOlder).
          if (isRemoteKey(threadId)) {
            set({ olderBefore: page.nextBefore });
            break;
          }
          if (page.nextBefore === null || page.items.length === 0) break;
          before = page.nextBefore;
          limit = NEXT_PAGE;
        }
        set({ historyComplete: true, historyLoading: false });
      } catch (err) {
        if (before === undefined) onFirstPage?.();
        if (!live()) return;
        set({ historyLoading: false });
        get().reportError('Reading history', err);
      }
    },

    addCheckpoints(items) {
      const mine = items.filter((s) => s.ns === get().ns);
      if (mine.length > 0) set({ history: mergeSummaries(get().history, mine) });
    },

    async setNamespace(ns) {
      set({ ns, checkpointId: null, detail: null, expanded: [] });
      await get().loadHistory();
    },
  });
}
