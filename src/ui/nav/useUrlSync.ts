import { useEffect } from 'react';
import { formatUrlState } from '../model/url-state';
import { useStoreApi } from '../store/useAppStore';
import type { AppState } from '../store/types';

/**
 * How long the URL waits for the selection to settle before naming its checkpoint. Each
 * `history.replaceState` costs the page milliseconds (and makes Chromium fetch and decode the
 * favicon again), which a click would otherwise pay before its checkpoint is shown; stepping
 * through checkpoints with J/K writes the URL once, when the stepping stops.
 */
export const URL_SETTLE_MS = 250;

const placeOf = (s: AppState) => `${s.threadId}\u0000${s.ns}\u0000${s.graphId}\u0000${s.tab}`;

/**
 * Keeps the URL's query in step with the open thread, namespace, checkpoint, graph and inspector
 * tab. Another thread, namespace, graph or tab is written at once; another checkpoint of the same
 * place once the selection has settled (`URL_SETTLE_MS`), and before the page is hidden or left.
 */
export function useUrlSync(): void {
  const store = useStoreApi();
  useEffect(() => {
    let last = '';
    let lastPlace = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const s = store.getState();
      if (!s.viewReady) return;
      const key = `${placeOf(s)}\u0000${s.checkpointId}`;
      if (key === last) return;
      last = key;
      lastPlace = placeOf(s);
      const search = formatUrlState({ thread: s.threadId, ns: s.ns, checkpoint: s.checkpointId, graph: s.threadId === null ? s.graphId : null, tab: s.tab === 'state' ? null : s.tab }, window.location.search);
      if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
    };
    // Runs on every store change: compare the fields before touching the history API.
    const onChange = () => {
      const s = store.getState();
      if (!s.viewReady || `${placeOf(s)}\u0000${s.checkpointId}` === last) return;
      if (placeOf(s) !== lastPlace) return write();
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(write, URL_SETTLE_MS);
    };
    const flush = () => {
      if (timer !== null) write();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    write();
    const off = store.subscribe(onChange);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      off();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [store]);
}
