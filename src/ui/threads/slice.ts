/** Threads slice: naming a stored thread (the name is kept by the storage worker with the thread). */
import type { StateCreator } from 'zustand';
import type { AppState, StoreClient } from '../store/types';

export interface ThreadsSlice {
  /** Names `threadId` (an empty name removes it) and reloads the list; false when the worker refused. */
  renameThread(threadId: string, name: string): Promise<boolean>;
}

/** Creates the threads slice over `client`. */
export function createThreadsSlice(client: StoreClient): StateCreator<AppState, [], [], ThreadsSlice> {
  return (_set, get) => ({
    async renameThread(threadId, name) {
      try {
        await client.request('rg/thread.rename', { threadId, name });
      } catch (err) {
        get().reportError('Renaming the thread', err, { threadId: null });
        return false;
      }
      await get().refreshThreads();
      return true;
    },
  });
}
