/**
 * Runs ELK layouts off the page's main thread. ELK's bundled build computes a layout synchronously
 * (its own "worker" is a setTimeout on the calling thread), which on the page blocked opening a
 * thread for ~100 ms; here it blocks only this worker.
 *
 * Messages: `{ id, graph }` in; `{ id, graph }` (the laid-out graph) or `{ id, error }` out.
 */
import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';

const elk = new ELK();

interface LayoutRequest {
  id: number;
  graph: ElkNode;
}

self.addEventListener('message', (ev: MessageEvent<LayoutRequest>) => {
  const { id, graph } = ev.data;
  elk.layout(graph).then(
    (laid) => self.postMessage({ id, graph: laid }),
    (err: unknown) => self.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
