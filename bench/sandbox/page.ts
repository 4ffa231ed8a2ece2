/** Runs in Chromium (served by run.ts): starts the bench worker and hands its results to the script. */
declare global {
  interface Window {
    benchSandboxReady?: boolean;
    benchRun?: (path: 'engine' | 'host', window: number, durability: 'strict' | 'relaxed') => Promise<number>;
  }
}

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
let next = 0;
const waiting = new Map<number, (ms: number) => void>();
worker.onmessage = (ev: MessageEvent<{ id: number; ms: number }>) => waiting.get(ev.data.id)?.(ev.data.ms);
window.benchRun = (path, window, durability) => new Promise((resolve) => {
  const id = ++next;
  waiting.set(id, resolve);
  worker.postMessage({ id, path, window, durability });
});
window.benchSandboxReady = true;
export {};
