/**
 * Where ELK runs: in a dedicated worker when the page can start one (so a layout never blocks
 * rendering or input), else on the calling thread (unit tests under Node). If the worker cannot be
 * started or fails, later layouts fall back to the calling thread; a layout is never lost.
 */
import type { ElkNode } from 'elkjs/lib/elk.bundled.js';

type Pending = { graph: ElkNode; resolve: (g: ElkNode) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Lays out on this thread; ELK's bundled build is loaded only when it is needed here. */
async function layoutHere(graph: ElkNode): Promise<ElkNode> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  return new ELK().layout(graph);
}

/** The worker failed (could not load, or crashed): finish what it held on this thread instead. */
function abandonWorker(): void {
  workerBroken = true;
  worker?.terminate();
  worker = null;
  const held = [...pending.values()];
  pending.clear();
  for (const p of held) layoutHere(p.graph).then(p.resolve, p.reject);
}

function startWorker(): Worker | null {
  if (worker !== null || workerBroken || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./elk-layout.worker.ts', import.meta.url), { type: 'module', name: 'replaygraph-layout' });
  } catch {
    workerBroken = true;
    return null;
  }
  worker.addEventListener('message', (ev: MessageEvent<{ id: number; graph?: ElkNode; error?: string }>) => {
    const p = pending.get(ev.data.id);
    if (p === undefined) return;
    pending.delete(ev.data.id);
    if (ev.data.error !== undefined) p.reject(new Error(ev.data.error));
    else p.resolve(ev.data.graph!);
  });
  worker.addEventListener('error', abandonWorker);
  worker.addEventListener('messageerror', abandonWorker);
  return worker;
}

/** Lays out an ELK graph (`graph` is not modified; the laid-out copy is returned). */
export function runElk(graph: ElkNode): Promise<ElkNode> {
  const w = startWorker();
  if (w === null) return layoutHere(graph);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { graph, resolve, reject });
    w.postMessage({ id, graph });
  });
}
