/** The React context that carries the app's store instance. */
import { createContext } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from './types';

/** Provided by AppProvider; null outside it. */
export const StoreContext = createContext<StoreApi<AppState> | null>(null);
