/** Runs in Chromium (served by run.ts): starts the bench worker and hands its results to the script. */
declare global {
  interface Window {
    benchSandboxReady?: boolean;
    benchRun?: (path: 'engine' | 'host', run: 'sync' | 'async', durability: 'strict' | 'relaxed') => Promise<number>;
  }
}

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
let next = 0;
const waiting = new Map<number, { resolve: (ms: number) => void; reject: (err: Error) => void }>();
worker.onmessage = (ev: MessageEvent<{ id: number; ms?: number; error?: string }>) => {
  const w = waiting.get(ev.data.id);
  waiting.delete(ev.data.id);
  if (ev.data.error !== undefined) w?.reject(new Error(ev.data.error));
  else w?.resolve(ev.data.ms!);
};
// A worker that fails to load rejects every run rather than leaving the script waiting.
worker.onerror = (ev) => {
  for (const w of waiting.values()) w.reject(new Error(`bench worker: ${ev.message}`));
  waiting.clear();
};
window.benchRun = (path, run, durability) => new Promise((resolve, reject) => {
  const id = ++next;
  waiting.set(id, { resolve, reject });
  worker.postMessage({ id, path, run, durability });
});
window.benchSandboxReady = true;
export {};
