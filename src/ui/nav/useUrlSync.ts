import { useEffect } from 'react';
import { formatUrlState } from '../model/url-state';
import { useStoreApi } from '../store/useAppStore';

/** Keeps the URL's query in step with the open thread, namespace, checkpoint, graph and inspector tab. */
export function useUrlSync(): void {
  const store = useStoreApi();
  useEffect(() => {
    let last = '';
    const write = () => {
      const s = store.getState();
      if (!s.viewReady) return;
      // Runs on every store change: compare the fields before touching the history API.
      const key = `${s.threadId}\u0000${s.ns}\u0000${s.checkpointId}\u0000${s.graphId}\u0000${s.tab}`;
      if (key === last) return;
      last = key;
      const search = formatUrlState({ thread: s.threadId, ns: s.ns, checkpoint: s.checkpointId, graph: s.threadId === null ? s.graphId : null, tab: s.tab === 'state' ? null : s.tab }, window.location.search);
      if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
    };
    write();
    return store.subscribe(write);
  }, [store]);
}
