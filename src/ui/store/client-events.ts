/**
 * Adapts the worker client's subscriptions (run event batches, run ends, worker restarts) to the
 * one listener the store has. Typed structurally so the store does not depend on client internals.
 */
import type { RunEvent, WorkerEvent } from '../../protocol/messages';
import type { SubscribeEvents } from './types';

type EndedEvent = Extract<WorkerEvent, { type: 'rg/run.ended' }>;

/** The subscription methods of the worker client. */
export interface ClientEventSource {
  onRunEvents(runId: string | '*', cb: (events: RunEvent[], meta: { runId: string; threadId: string }) => void): () => void;
  onRunEnded(runId: string | '*', cb: (ended: EndedEvent) => void): () => void;
}

/** One subscribe function over every run's events and ends. */
export function subscribeClientEvents(client: ClientEventSource): SubscribeEvents {
  return (listener) => {
    const offEvents = client.onRunEvents('*', (events, meta) => listener({ type: 'rg/run.events', runId: meta.runId, threadId: meta.threadId, events }));
    const offEnded = client.onRunEnded('*', (ended) => listener(ended));
    return () => {
      offEvents();
      offEnded();
    };
  };
}
