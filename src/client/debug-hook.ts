/**
 * A debugging hook: with `debug=1` in the page URL, the live worker client is reachable as
 * `window.__replaygraph` (end-to-end tests drive the worker through it; handy in the console).
 * Nothing else sets that global. Without the URL flag, or outside a page, this does nothing.
 */
import type { WorkerClient } from './worker-client';

declare global {
  interface Window {
    /** The page's worker client, set only when the URL has `debug=1`. */
    __replaygraph?: WorkerClient;
  }
}

const enabled = () =>
  typeof window !== 'undefined' && typeof window.location !== 'undefined' && new URLSearchParams(window.location.search).get('debug') === '1';

/** Exposes `client` as `window.__replaygraph` when debugging is on; returns the function that withdraws it. */
export function exposeForDebugging(client: WorkerClient): () => void {
  if (!enabled()) return () => undefined;
  window.__replaygraph = client;
  return () => {
    if (window.__replaygraph === client) delete window.__replaygraph;
  };
}
