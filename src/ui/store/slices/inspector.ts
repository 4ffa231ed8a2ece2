/** Inspector slice: which tab of the checkpoint inspector is open. */
import type { StateCreator } from 'zustand';
import type { AppState, InspectorSlice } from '../types';

/** Creates the inspector slice. */
export const createInspectorSlice: StateCreator<AppState, [], [], InspectorSlice> = (set) => ({
  tab: 'state',
  setTab(tab) {
    set({ tab });
  },
});
