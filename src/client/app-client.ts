/**
 * The app's client: starts the engine worker, and can start a fresh one when a forced cancel
 * restarts it. With `?debug=1` in the page URL it is also reachable as `window.__replaygraph`
 * (for end-to-end tests and the console); nowhere else sets that global.
 */
import { startEngineWorker } from './start-worker';
import { createWorkerClient, type ClientOptions, type WorkerClient } from './worker-client';

declare global {
  interface Window {
    /** The app's worker client, set only when the URL has `debug=1`. */
    __replaygraph?: WorkerClient;
  }
}

/** Creates a client on a new engine worker; `dispose()` terminates the worker(s). */
export function createAppClient(options: Omit<ClientOptions, 'spawn'> = {}): WorkerClient {
  const first = startEngineWorker();
  const client = createWorkerClient(first, { ...options, spawn: startEngineWorker });
  const dispose = client.dispose;
  const wrapped: WorkerClient = {
    ...client,
    dispose() {
      dispose();
      first.terminate();
      if (typeof window !== 'undefined' && window.__replaygraph === wrapped) delete window.__replaygraph;
    },
  };
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('debug') === '1') window.__replaygraph = wrapped;
  return wrapped;
}
