/** Starts the engine's module worker (the URL form lets Vite bundle it as its own chunk). */
export function startEngineWorker(): Worker {
  return new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'replaygraph-engine' });
}
