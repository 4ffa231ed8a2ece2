/**
 * The thread's store (LangGraph `BaseStore` items its runs put), as the Store tab shows it. The
 * store is not versioned by checkpoint: this is the thread's store as it is now.
 */
import type { StateCreator } from 'zustand';
import type { StoreItemDTO } from '../../../protocol/store';
import type { AppState, StoreClient } from '../../store/types';

export interface StoreItemsSlice {
  /** The items last read, with the thread they belong to; null before the first read. */
  storeItems: { threadId: string; items: StoreItemDTO[]; error: string | null } | null;
  /** Reads the open thread's store items. */
  loadStoreItems(): Promise<void>;
}

export function createStoreItemsSlice(client: StoreClient): StateCreator<AppState, [], [], StoreItemsSlice> {
  return (set, get) => ({
    storeItems: null,
    async loadStoreItems() {
      const threadId = get().threadId;
      if (threadId === null) return set({ storeItems: null });
      try {
        const { items } = await client.request('rg/store.items', { threadId });
        if (get().threadId === threadId) set({ storeItems: { threadId, items, error: null } });
      } catch (err) {
        if (get().threadId === threadId) set({ storeItems: { threadId, items: [], error: err instanceof Error ? err.message : String(err) } });
      }
    },
  });
}
