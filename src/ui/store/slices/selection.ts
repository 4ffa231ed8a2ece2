/** Selection slice: the selected checkpoint, its detail (cached), and expanded subgraph nodes. */
import type { StateCreator } from 'zustand';
import type { CheckpointDetail } from '../../../protocol/dto';
import { selectLayout } from '../selectors';
import type { AppState, SelectionSlice, StoreClient } from '../types';
import { errorMessage } from '../errors';

/**
 * Details kept in memory. A checkpoint's values never change, but what later runs did from it
 * (task outcomes, write dispositions) does, so the cache is emptied whenever a run ends.
 */
export const DETAIL_CACHE_SIZE = 200;

/** Creates the selection slice over `client`. */
export function createSelectionSlice(client: StoreClient): StateCreator<AppState, [], [], SelectionSlice> {
  const cache = new Map<string, CheckpointDetail>();
  const remember = (key: string, d: CheckpointDetail) => {
    cache.delete(key);
    cache.set(key, d);
    if (cache.size > DETAIL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  };
  const inFlight = new Set<string>();
  /** The direction of the last keyboard move, and the checkpoint it selected (null: chosen by other means). */
  let stepping: { id: string; delta: number } | null = null;
  /** Reads a detail into the cache without selecting it (used for the neighbours of the selection). */
  async function prefetch(threadId: string, ns: string, id: string): Promise<void> {
    const key = `${threadId}\u0000${ns}\u0000${id}`;
    if (cache.has(key) || inFlight.has(key)) return;
    inFlight.add(key);
    try {
      const { detail } = await client.request('rg/checkpoint.get', { threadId, ns, checkpointId: id });
      remember(key, detail);
    } catch {
      // A prefetch failing is not the user's concern; selecting the checkpoint reports it.
    } finally {
      inFlight.delete(key);
    }
  }
  return (set, get) => ({
    checkpointId: null,
    detail: null,
    detailLoading: false,
    detailError: null,
    expanded: [],

    async selectCheckpoint(id) {
      const { threadId, ns } = get();
      if (id === null || threadId === null) {
        set({ checkpointId: null, detail: null, detailLoading: false, detailError: null });
        return;
      }
      const key = `${threadId}\u0000${ns}\u0000${id}`;
      const hit = cache.get(key);
      if (hit !== undefined) {
        set({ checkpointId: id, detail: hit, detailLoading: false, detailError: null });
        return;
      }
      set({ checkpointId: id, detailLoading: true, detailError: null });
      try {
        const { detail } = await client.request('rg/checkpoint.get', { threadId, ns, checkpointId: id });
        remember(key, detail);
        // A later selection wins: drop answers for a checkpoint that is no longer selected.
        if (get().checkpointId === id && get().threadId === threadId) set({ detail, detailLoading: false });
        // Stepping with J/K: the next row in the same direction is the likely next choice; read it ahead.
        const layout = selectLayout(get());
        const at = layout.indexOf.get(id);
        if (stepping?.id === id && at !== undefined && get().ns === ns) {
          const j = at + stepping.delta;
          if (j >= 0 && j < layout.rows.length) void prefetch(threadId, ns, layout.rows[j].item.checkpointId);
        }
      } catch (err) {
        if (get().checkpointId === id) set({ detail: null, detailLoading: false, detailError: errorMessage(err) });
      }
    },

    selectRelative(delta) {
      const layout = selectLayout(get());
      if (layout.rows.length === 0) return;
      const current = get().checkpointId === null ? -1 : (layout.indexOf.get(get().checkpointId!) ?? -1);
      const next = current < 0 ? 0 : Math.min(layout.rows.length - 1, Math.max(0, current + delta));
      if (next === current) return;
      stepping = { id: layout.rows[next].item.checkpointId, delta: Math.sign(delta) };
      void get().selectCheckpoint(layout.rows[next].item.checkpointId);
    },

    forgetDetails() {
      cache.clear();
    },

    toggleExpanded(nodeId) {
      const ex = get().expanded;
      set({ expanded: ex.includes(nodeId) ? ex.filter((n) => n !== nodeId) : [...ex, nodeId] });
    },
  });
}
