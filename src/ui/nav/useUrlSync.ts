import { useEffect } from 'react';
import { formatUrlState } from '../model/url-state';
import { useStoreApi } from '../store/useAppStore';

/** Keeps the URL's query in step with the open thread, namespace, checkpoint and graph. */
export function useUrlSync(): void {
  const store = useStoreApi();
  useEffect(() => {
    const write = () => {
      const s = store.getState();
      if (!s.viewReady) return;
      const search = formatUrlState({ thread: s.threadId, ns: s.ns, checkpoint: s.checkpointId, graph: s.threadId === null ? s.graphId : null }, window.location.search);
      if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
    };
    write();
    return store.subscribe(write);
  }, [store]);
}
