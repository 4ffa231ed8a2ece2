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

/**
 * How long a selection waits for its detail before showing the row selected and loading: about a
 * frame, within which the storage worker usually answers.
 */
export const HOLD_MS = 20;

/** Creates the selection slice over `client`. */
export function createSelectionSlice(client: StoreClient): StateCreator<AppState, [], [], SelectionSlice> {
  const cache = new Map<string, CheckpointDetail>();
  const remember = (key: string, d: CheckpointDetail) => {
    cache.delete(key);
    cache.set(key, d);
    if (cache.size > DETAIL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  };
  /** Reads in flight, by key: a selection of a checkpoint being read ahead waits for that read. */
  const inFlight = new Map<string, Promise<CheckpointDetail>>();
  /** Counts `forgetDetails` calls: a read started before one is not cached. */
  let generation = 0;
  /** Counts selections: an answer for one that a later one replaced is dropped. */
  let latest = 0;
  /** The checkpoint being selected while its answer is awaited for HOLD_MS (see selectCheckpoint). */
  let held: string | null = null;
  /** The direction of the last keyboard move, and the checkpoint it selected (null: chosen by other means). */
  let stepping: { id: string; delta: number } | null = null;
  /** The detail of (thread, ns, id): one read however many ask, cached once it is in. */
  function read(threadId: string, ns: string, id: string): Promise<CheckpointDetail> {
    const key = `${threadId}\u0000${ns}\u0000${id}`;
    let pending = inFlight.get(key);
    if (pending === undefined) {
      const of = generation;
      const started: Promise<CheckpointDetail> = client.request('rg/checkpoint.get', { threadId, ns, checkpointId: id }).then((r) => {
        if (of === generation) remember(key, r.detail);
        return r.detail;
      });
      inFlight.set(key, started);
      const done = () => {
        if (inFlight.get(key) === started) inFlight.delete(key);
      };
      started.then(done, done);
      pending = started;
    }
    return pending;
  }
  /** Reads a detail into the cache without selecting it (the neighbours of the selection, a row the pointer rests on). */
  function prefetch(threadId: string, ns: string, id: string): void {
    if (cache.has(`${threadId}\u0000${ns}\u0000${id}`)) return;
    // A prefetch failing is not the user's concern; selecting the checkpoint reports it.
    read(threadId, ns, id).catch(() => undefined);
  }
  return (set, get) => ({
    checkpointId: null,
    detail: null,
    detailLoading: false,
    detailError: null,
    expanded: [],

    async selectCheckpoint(id) {
      const token = ++latest;
      held = null;
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
      const reading = read(threadId, ns, id);
      // Held for a moment: an answer within HOLD_MS is shown with the selection in one render and
      // one frame (not the row first, then the detail a frame later); a slower one shows the row
      // selected and loading once the moment is over.
      held = id;
      const quick = await Promise.race([reading.then(() => true, () => true), new Promise<false>((r) => setTimeout(() => r(false), HOLD_MS))]);
      if (token !== latest) return;
      held = null;
      if (!quick) set({ checkpointId: id, detailLoading: true, detailError: null });
      try {
        const detail = await reading;
        // A later selection wins: drop answers for a checkpoint that is no longer selected.
        if (token !== latest || get().threadId !== threadId) return;
        set({ checkpointId: id, detail, detailLoading: false, detailError: null });
        // Stepping with J/K: the next row in the same direction is the likely next choice; read it ahead.
        const layout = selectLayout(get());
        const at = layout.indexOf.get(id);
        if (stepping?.id === id && at !== undefined && get().ns === ns) {
          const j = at + stepping.delta;
          if (j >= 0 && j < layout.rows.length) prefetch(threadId, ns, layout.rows[j].item.checkpointId);
        }
      } catch (err) {
        if (token === latest) set({ checkpointId: id, detail: null, detailLoading: false, detailError: errorMessage(err) });
      }
    },

    selectRelative(delta) {
      const layout = selectLayout(get());
      if (layout.rows.length === 0) return;
      // From the checkpoint being selected, if one is held: keys pressed quickly each move one row.
      const from = get().selectionTarget();
      const current = from === null ? -1 : (layout.indexOf.get(from) ?? -1);
      const next = current < 0 ? 0 : Math.min(layout.rows.length - 1, Math.max(0, current + delta));
      if (next === current) return;
      stepping = { id: layout.rows[next].item.checkpointId, delta: Math.sign(delta) };
      void get().selectCheckpoint(layout.rows[next].item.checkpointId);
    },

    selectionTarget() {
      return held ?? get().checkpointId;
    },

    prefetchCheckpoint(id) {
      const { threadId, ns } = get();
      if (threadId !== null) prefetch(threadId, ns, id);
    },

    forgetDetails() {
      cache.clear();
      // A read started before a run ended may hold what the run changed: it is neither cached nor shared.
      inFlight.clear();
      generation++;
    },

    toggleExpanded(nodeId) {
      const ex = get().expanded;
      set({ expanded: ex.includes(nodeId) ? ex.filter((n) => n !== nodeId) : [...ex, nodeId] });
    },
  });
}
