/** Starts the engine's module worker (the URL form lets Vite bundle it as its own chunk). */

/**
 * Starts a worker. When the page URL has `testGraphs=1`, the worker also registers the test-only
 * graphs (e.g. a node that loops forever), which the end-to-end tests use.
 */
export function startEngineWorker(): Worker {
  const testGraphs = typeof location !== 'undefined' && new URLSearchParams(location.search).get('testGraphs') === '1';
  return new Worker(new URL('../worker/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: testGraphs ? 'replaygraph-engine test-graphs' : 'replaygraph-engine',
  });
}
