/**
 * Inspector slice: which tab of the checkpoint inspector is open, and the pages of the open detail
 * that are read on demand (more of a value that arrived cut, the diff against the parent).
 */
import type { StateCreator } from 'zustand';
import type { AppState, InspectorSlice, StoreClient } from '../types';

/** Creates the inspector slice over `client`. */
export function createInspectorSlice(client: StoreClient): StateCreator<AppState, [], [], InspectorSlice> {
  return (set, get) => {
    const where = () => {
      const d = get().detail;
      if (!d || get().threadId === null) throw new Error('No checkpoint is open.');
      return { threadId: get().threadId!, ns: d.summary.ns, checkpointId: d.summary.checkpointId };
    };
    return {
      tab: 'state',
      setTab(tab) {
        set({ tab });
      },
      async loadDetailSlice(field, path, offset, limit) {
        return (await client.request('rg/checkpoint.slice', { ...where(), field, path, offset, limit })).slice;
      },
      async loadDetailDiff(offset, limit) {
        const r = await client.request('rg/checkpoint.diff', { ...where(), offset, limit });
        return { changes: r.changes, total: r.total, first: r.first };
      },
    };
  };
}
