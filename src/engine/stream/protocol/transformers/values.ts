/** The `values` of one namespace (exactly, not its subgraphs), as a log: a run stream's `.values`. */
import { StreamChannel } from '../channel';
import { hasPrefix } from '../mux';
import type { Namespace, StreamTransformer } from '../types';

/** Logs the `values` events of namespace `path`. */
export function createValuesTransformer(path: Namespace): StreamTransformer<{ _valuesLog: StreamChannel<unknown> }> {
  const log = StreamChannel.local<unknown>();
  return {
    init: () => ({ _valuesLog: log }),
    process(event) {
      const ns = event.params.namespace;
      if (event.method === 'values' && ns.length === path.length && hasPrefix(ns, path)) log.push(event.params.data);
      return true;
    },
    finalize: () => log.close(),
    fail: (err) => log.fail(err),
  };
}
