/**
 * Gallery slice: which view is shown (gallery, editor or debugger) and the one-click run of a
 * gallery graph (new thread, run started, debugger shown with the result as it streams).
 */
import type { StateCreator } from 'zustand';
import type { AppState } from '../store/types';

/** The app's top-level views. */
export type AppView = 'gallery' | 'editor' | 'debugger' | 'threads' | 'servers' | 'files';

export interface GallerySlice {
  view: AppView;
  setView(view: AppView): void;
  /** Opens `graphId` in the debugger and runs it on a new thread with its example input. */
  runFromGallery(graphId: string): Promise<void>;
}

/** The view a URL opens: `view=` when given, else the gallery unless a thread or graph is named. */
export function initialView(search: string): AppView {
  const p = new URLSearchParams(search);
  const v = p.get('view');
  if (v === 'gallery' || v === 'editor' || v === 'debugger' || v === 'threads' || v === 'servers' || v === 'files') return v;
  return p.get('thread') || p.get('graph') ? 'debugger' : 'gallery';
}

/** Creates the gallery slice; the first view comes from `search` (the page's query by default). */
export function createGallerySlice(search: string = typeof location === 'undefined' ? '' : location.search): StateCreator<AppState, [], [], GallerySlice> {
  return (set, get) => ({
    view: initialView(search),
    setView(view) {
      set({ view });
    },
    async runFromGallery(graphId) {
      const graph = get().graphs.find((g) => g.id === graphId);
      if (!graph) return get().reportError('Gallery', new Error(`There is no graph "${graphId}".`));
      get().openGraph(graphId);
      set({ view: 'debugger' });
      await get().startRun(graph.exampleInput, { newThread: true, stepMode: false });
    },
  });
}
