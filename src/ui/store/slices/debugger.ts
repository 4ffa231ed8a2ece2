/**
 * Debugger slice: the toolbar's own state (the fork form, stepping into and out of subgraph
 * namespaces) and the thread a deep link named that this browser does not have.
 */
import type { StateCreator } from 'zustand';
import type { AppState, DebuggerSlice } from '../types';

/** The namespace one level up (`a:1|b:2` → `a:1`; a root child → `''`). */
export function parentNs(ns: string): string {
  const i = ns.lastIndexOf('|');
  return i < 0 ? '' : ns.slice(0, i);
}

/** Creates the debugger slice. */
export function createDebuggerSlice(): StateCreator<AppState, [], [], DebuggerSlice> {
  return (set, get) => ({
    forkFormOpen: false,
    missingThread: null,

    toggleForkForm() {
      set({ forkFormOpen: !get().forkFormOpen });
    },

    async stepInto() {
      const sub = get().detail?.tasks.find((t) => t.subgraphNs !== undefined)?.subgraphNs;
      if (sub !== undefined) await get().setNamespace(sub);
    },

    async stepOut() {
      const ns = get().ns;
      if (ns !== '') await get().setNamespace(parentNs(ns));
    },
  });
}
