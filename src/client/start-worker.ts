/**
 * Starts the app's two halves: the storage worker (a module worker on the app's origin: storage,
 * imports and exports, run orchestration) and the sandbox frame where graph code runs. The URL
 * forms let Vite bundle the storage worker as its own chunk and the sandbox engine as one classic
 * script (see scripts/sandbox-bundle-plugin.ts).
 */
import { sandboxEngineUrl } from 'virtual:sandbox-engine';
import { startSandboxFrame, type SandboxFrame, type SandboxFrameOptions } from './sandbox-frame';
import type { WorkerClient } from './worker-client';

const param = (name: string) => (typeof location !== 'undefined' ? new URLSearchParams(location.search).get(name) : null);

/**
 * Starts a storage worker. Switches from the page URL are passed in its name: `testGraphs=1` also
 * lists the test-only graphs (e.g. a node that loops forever), `loadLimitMs=N` sets the load limit
 * of graph code (the end-to-end tests use both), `spareWorkers=N` the sandbox workers kept started
 * for runs (`bench/sandbox/run-start.ts` compares 0, a cold boot per run, with the default).
 */
export function startStorageWorker(): Worker {
  const words = ['replaygraph-storage'];
  if (param('testGraphs') === '1') words.push('test-graphs');
  const loadMs = Number(param('loadLimitMs'));
  if (Number.isInteger(loadMs) && loadMs > 0) words.push(`load-ms=${loadMs}`);
  const spares = param('spareWorkers');
  if (spares !== null && /^\d{1,2}$/.test(spares)) words.push(`spares=${spares}`);
  return new Worker(new URL('../worker/storage.worker.ts', import.meta.url), { type: 'module', name: words.join(' ') });
}

/** Creates the sandbox frame and attaches it to the storage worker behind `client`. */
export function startSandbox(client: WorkerClient, options: Pick<SandboxFrameOptions, 'onReplaced' | 'onError'> = {}): SandboxFrame {
  const frame = startSandboxFrame({
    engineUrl: sandboxEngineUrl,
    attach: (port) => client.attachSandbox(port).catch((err: unknown) => options.onError?.(err instanceof Error ? err.message : String(err))),
    ...options,
  });
  // A storage worker started again (after a forced cancel) gets the frame attached again.
  client.onRestart(() => frame.reattach());
  return frame;
}

/**
 * Says hello to the storage worker again every `intervalMs` while it answers that the browser
 * database cannot be opened (STORAGE_UNAVAILABLE: another tab keeps an older version of it open,
 * …), so the page recovers without a reload once the other side lets go.
 * @returns true once the worker answers hello, false on any other answer or when `signal` aborts
 */
export async function whenStorageOpens(client: Pick<WorkerClient, 'hello'>, signal: AbortSignal, intervalMs = 1000): Promise<boolean> {
  while (!signal.aborted) {
    try {
      await client.hello();
      return !signal.aborted;
    } catch (err) {
      if ((err as { data?: { code?: string } }).data?.code !== 'STORAGE_UNAVAILABLE') return false;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, intervalMs);
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }
  return false;
}
