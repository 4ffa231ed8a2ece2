/** Adapts the worker client's event subscription (when it offers one) to the store's. */
import type { WorkerEvent } from '../../protocol/messages';
import type { SubscribeEvents } from './types';

type EventSource = {
  onRunEvents?: (runId: string, listener: (event: WorkerEvent) => void) => () => void;
};

/** Returns a subscribe function over the client's run events, or undefined if it has none. */
export function subscribeClientEvents(client: object): SubscribeEvents | undefined {
  const source = client as EventSource;
  if (typeof source.onRunEvents !== 'function') return undefined;
  return (listener) => source.onRunEvents!('*', listener);
}
