import { useEffect, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { createWorkerClient } from '../../client/worker-client';
import { startEngineWorker } from '../../client/start-worker';
import { createAppStore } from '../store/createAppStore';
import { StoreContext } from '../store/context';
import type { AppState } from '../store/types';
import { parseUrlState } from '../model/url-state';
import { subscribeClientEvents } from '../store/client-events';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Starts the engine worker and the app's own store, provides the store, and connects with the
 * view the URL asks for. The worker lives as long as this component.
 */
export function AppRoot() {
  const [store, setStore] = useState<StoreApi<AppState> | null>(null);
  useEffect(() => {
    const worker = startEngineWorker();
    const client = createWorkerClient(worker);
    const app = createAppStore(client, subscribeClientEvents(client));
    setStore(app.store);
    void app.store.getState().connect(parseUrlState(window.location.search));
    return () => {
      app.dispose();
      client.dispose();
      worker.terminate();
    };
  }, []);
  if (store === null) {
    return (
      <header className="app-header">
        <h1>replaygraph</h1>
        <span data-testid="worker-status" data-status="connecting" className="status">Connecting to the engine worker…</span>
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
