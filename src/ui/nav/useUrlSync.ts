import { useEffect } from 'react';
import { formatUrlState } from '../model/url-state';
import { useStoreApi } from '../store/useAppStore';

/** Keeps the URL's query in step with the open thread, namespace, checkpoint and graph. */
export function useUrlSync(): void {
  const store = useStoreApi();
  useEffect(() => {
    let last = '';
    const write = () => {
      const s = store.getState();
      if (!s.viewReady) return;
      // Runs on every store change: compare the four fields before touching the history API.
      const key = `${s.threadId}\u0000${s.ns}\u0000${s.checkpointId}\u0000${s.graphId}`;
      if (key === last) return;
      last = key;
      const search = formatUrlState({ thread: s.threadId, ns: s.ns, checkpoint: s.checkpointId, graph: s.threadId === null ? s.graphId : null }, window.location.search);
      if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
    };
    write();
    return store.subscribe(write);
  }, [store]);
}
