/** Reads the app store through a selector declared outside the component. */
import { useContext } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { StoreContext } from './context';
import type { AppState } from './types';

function useStoreApi() {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useAppStore must be used inside <AppProvider>.');
  return store;
}

/** Subscribes to one value of the store. */
export function useAppStore<T>(selector: (s: AppState) => T): T {
  return useStore(useStoreApi(), selector);
}

/** Subscribes to an object or array picked from the store, compared shallowly. */
export function useAppStoreShallow<T>(selector: (s: AppState) => T): T {
  return useStore(useStoreApi(), useShallow(selector));
}

/** The store API itself, for event handlers that read the latest state. */
export { useStoreApi };
