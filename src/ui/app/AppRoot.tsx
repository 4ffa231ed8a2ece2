import { useEffect, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { createWorkerClient } from '../../client/worker-client';
import { startSandbox, startStorageWorker, whenStorageOpens } from '../../client/start-worker';
import { requestPersistentStorage } from '../../client/storage-persistence';
import { createAppStore } from '../store/createAppStore';
import { StoreContext } from '../store/context';
import type { AppState } from '../store/types';
import { parseUrlState } from '../model/url-state';
import { checkDeepLink } from '../nav/deep-link';
import { subscribeClientEvents } from '../store/client-events';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Starts the storage worker, the sandbox frame where graph code runs, and the app's own store,
 * provides the store, and connects with the
 * view the URL asks for. The worker lives as long as this component.
 */
export function AppRoot() {
  const [store, setStore] = useState<StoreApi<AppState> | null>(null);
  useEffect(() => {
    const worker = startStorageWorker();
    const client = createWorkerClient(worker, { spawn: startStorageWorker });
    const app = createAppStore(client, subscribeClientEvents(client));
    setStore(app.store);
    // Graph code runs only in the sandbox frame's workers; a frame that had to be replaced is reported.
    const sandbox = startSandbox(client, {
      onReplaced: (reason) => app.store.getState().reportError('Sandbox restarted', new Error(reason)),
      onError: (message) => app.store.getState().reportError('Sandbox', new Error(message)),
    });
    // A worker that fails to load never answers hello: say so instead of waiting forever.
    const onWorkerError = (ev: ErrorEvent) => {
      if (app.store.getState().status === 'connecting') app.store.setState({ status: 'failed', connectError: ev.message || 'the worker script failed to load' });
    };
    worker.addEventListener('error', onWorkerError);
    // After a forced cancel the client starts a new worker; what the view shows is read again.
    const offRestart = client.onRestart((reason) => {
      const s = app.store.getState();
      s.reportError('Worker restarted', new Error(reason));
      if (s.threadId !== null) void s.openThread(s.threadId, { ns: s.ns, checkpointId: s.checkpointId });
    });
    const offProgress = client.onRemoteProgress((p) => app.store.getState().remoteProgress(p));
    const offFiles = client.onFilesChanged((e) => void app.store.getState().fileChanged(e));
    const link = checkDeepLink(parseUrlState(window.location.search));
    for (const problem of link.problems) app.store.getState().reportError('Link', new Error(problem));
    // A database another tab keeps open (an older version) is waited for: once it opens, the page connects.
    const stop = new AbortController();
    void app.store.getState().connect(link.state).then(async () => {
      // The files `npm start -- <path>` serves are opened and followed.
      if (app.store.getState().status !== 'failed') return app.store.getState().followServedFiles();
      if (await whenStorageOpens(client, stop.signal)) await app.store.getState().connect(link.state);
    });
    void requestPersistentStorage().then((p) => app.store.getState().setPersistence(p));
    return () => {
      stop.abort();
      offRestart();
      offProgress();
      offFiles();
      worker.removeEventListener('error', onWorkerError);
      sandbox.dispose();
      app.dispose();
      client.dispose();
      worker.terminate();
    };
  }, []);
  if (store === null) {
    return (
      <header className="app-header">
        <h1>replaygraph</h1>
        <span data-testid="worker-status" data-status="connecting" className="status">Opening this browser’s saved runs…</span>
      </header>
    );
  }
  return (
    <StoreContext.Provider value={store}>
      <ErrorBoundary area="The debugger">
        <AppShell />
      </ErrorBoundary>
    </StoreContext.Provider>
  );
}
