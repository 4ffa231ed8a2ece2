/**
 * Subgraph discovery: the first event of a new top-level namespace announces a subgraph, and
 * the run stream gets a view scoped to it (`run.subgraphs`).
 */
import type { StreamChannel } from '../channel';
import { hasPrefix, nsKey, type Discovery, type EventMux } from '../mux';
import type { Namespace, NativeStreamTransformer } from '../types';

/** The views of the subgraphs directly under `path`, from discovery `startAt` on. */
export function filterSubgraphHandles<T = unknown>(log: StreamChannel<Discovery>, path: Namespace, startAt = 0): AsyncIterable<T> {
  const depth = path.length + 1;
  return {
    [Symbol.asyncIterator]() {
      const base = log.iterate(startAt);
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            const r = await base.next();
            if (r.done) return { value: undefined, done: true };
            if (r.value.ns.length === depth && hasPrefix(r.value.ns, path)) return { value: r.value.stream as T, done: false };
          }
        },
      };
    },
  };
}

/** Options of {@link createSubgraphDiscoveryTransformer}. */
export interface SubgraphDiscoveryTransformerOptions {
  /** Makes the view of a new subgraph (positions: the discovery log's and the event log's). */
  createStream: (path: Namespace, discoveryStart: number, eventStart: number) => unknown;
}

/** What the discovery transformer projects. */
export interface SubgraphDiscoveryProjection {
  _discoveries: StreamChannel<Discovery>;
  subgraphs: AsyncIterable<unknown>;
}

/** Announces each new top-level subgraph namespace in `mux.discoveries`. */
export function createSubgraphDiscoveryTransformer(mux: EventMux, options: SubgraphDiscoveryTransformerOptions): NativeStreamTransformer<SubgraphDiscoveryProjection> {
  const seen = new Set<string>();
  return {
    __native: true,
    init: () => ({ _discoveries: mux.discoveries, subgraphs: filterSubgraphHandles(mux.discoveries, [], 0) }),
    process(event) {
      const ns = event.params.namespace;
      if (ns.length === 0) return true;
      const top = ns.slice(0, 1);
      const key = nsKey(top);
      if (seen.has(key)) return true;
      seen.add(key);
      const stream = options.createStream(top, mux.discoveries.size, mux.events.size);
      const settler = stream as { resolveOutput?: unknown };
      if (typeof settler.resolveOutput === 'function') mux.register(top, stream as Parameters<EventMux['register']>[1]);
      mux.discoveries.push({ ns: top, stream });
      return true;
    },
  };
}
