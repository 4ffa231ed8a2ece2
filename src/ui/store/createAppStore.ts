/**
 * The store factory: one vanilla zustand store per app instance, built from slices over one
 * client. React reaches it through StoreContext (context.ts); tests use it directly.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createInspectorSlice } from './slices/inspector';
import { createRunsSlice } from './slices/runs';
import { createDebuggerSlice } from './slices/debugger';
import { createSelectionSlice } from './slices/selection';
import { createSessionSlice } from './slices/session';
import { createTimelineSlice } from './slices/timeline';
import type { AppState, StoreClient, SubscribeEvents } from './types';
import { createGallerySlice } from '../gallery/slice';
import { createEditorSlice } from '../editor/slice';
import { createProgramSlice } from '../editor/program-slice';
import { createPortabilitySlice } from '../portability/slice';
import { createServersSlice } from '../servers/slice';
import { createStoreItemsSlice } from '../inspector/store-tab/slice';
import { createFilesSlice } from '../files/slice';
import { createThreadsSlice } from '../threads/slice';
import { createTimelineFilterSlice } from '../timeline/filter-slice';

/** A store plus the function that stops its event subscription. */
export interface AppStore {
  store: StoreApi<AppState>;
  dispose(): void;
}

/** Creates the app's store on `client`, listening to streamed run events through `subscribe`. */
export function createAppStore(client: StoreClient, subscribe?: SubscribeEvents): AppStore {
  const store = createStore<AppState>()((...a) => ({
    ...createSessionSlice(client)(...a),
    ...createTimelineSlice(client)(...a),
    ...createSelectionSlice(client)(...a),
    ...createInspectorSlice(client)(...a),
    ...createRunsSlice(client)(...a),
    ...createDebuggerSlice()(...a),
    ...createGallerySlice()(...a),
    ...createEditorSlice(client)(...a),
    ...createProgramSlice(client)(...a),
    ...createPortabilitySlice(client)(...a),
    ...createServersSlice(client)(...a),
    ...createStoreItemsSlice(client)(...a),
    ...createFilesSlice(client)(...a),
    ...createThreadsSlice(client)(...a),
    ...createTimelineFilterSlice()(...a),
  }));
  // Breakpoints on nodes a graph no longer has are dropped once the graph list says so.
  const unprune = store.subscribe((s, prev) => {
    if (s.graphs !== prev.graphs) s.pruneBreakpoints();
  });
  const stop = subscribe?.((event) => {
    store.getState().handleWorkerEvent(event);
    store.getState().noteRunEvent(event);
  });
  return {
    store,
    dispose: () => {
      unprune();
      stop?.();
    },
  };
}
