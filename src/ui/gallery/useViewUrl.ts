import { useEffect } from 'react';
import { useStoreApi } from '../store/useAppStore';

/**
 * Opens the debugger when a thread is opened from the gallery, and keeps `view=` in the URL for the gallery and the editor, so a reload stays there. The debugger
 * needs none: it is what a URL naming a thread or a graph opens.
 */
export function useViewUrl(): void {
  const store = useStoreApi();
  useEffect(() => {
    let last = store.getState().view;
    const write = () => {
      const { view } = store.getState();
      const url = new URL(window.location.href);
      const want = view === 'debugger' ? null : view;
      if (url.searchParams.get('view') === want) return;
      if (want === null) url.searchParams.delete('view');
      else url.searchParams.set('view', want);
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    };
    write();
    return store.subscribe((s, prev) => {
      // A thread the user opens from the gallery (thread picker) is shown in the debugger; the thread
      // a reloaded URL names (opened before viewReady) leaves the view the URL asked for.
      if (prev.viewReady && s.view === 'gallery' && s.threadId !== null && s.threadId !== prev.threadId) s.setView('debugger');
      const view = store.getState().view;
      if (view === last) return;
      last = view;
      write();
    });
  }, [store]);
}
