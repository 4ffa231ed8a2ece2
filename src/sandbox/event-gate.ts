/**
 * Keeps a run's events behind the puts they report. Under async durability the engine announces a
 * checkpoint (`@engine.checkpoint.saved`, then its checkpoint notice) when it hands it to the
 * saver, while the put itself may wait for room in the proxy's window: sent as they come, the
 * events would reach the storage worker before the put, which would have to look the checkpoint up
 * in storage to tell a checkpoint the run made from one it may not name. Held here until the put
 * is posted (the port keeps order), they always arrive after it, and the storage worker only waits
 * for its commit. Events that name no announced checkpoint pass at once unless earlier ones wait:
 * order is kept.
 */
import type { RunEvent } from '../protocol/messages';

/** A gate in front of a run's event stream. */
export interface EventGate {
  /** An event of the run, in order. */
  push(event: RunEvent): void;
  /** The put of checkpoint `id` was posted. */
  posted(id: string): void;
  /** Passes on everything held (the run is over: the storage worker judges what is left). */
  release(): void;
  /** Events held. */
  readonly size: number;
}

/** The checkpoint an event reports as saved, if any. */
function reported(event: RunEvent): string | undefined {
  if (event.kind === 'checkpoint') return event.checkpoint.checkpointId;
  if (event.kind === 'trace' && event.event.type === '@engine.checkpoint.saved') return event.event.checkpointId;
  return undefined;
}

/** Creates a gate that hands events to `pass`. */
export function createEventGate(pass: (event: RunEvent) => void): EventGate {
  /** Announced checkpoints whose put is not posted yet. */
  const unposted = new Set<string>();
  /** Posted puts not announced yet (an idle saver posts a put before its saved event). */
  const early = new Set<string>();
  const held: RunEvent[] = [];
  const waits = (event: RunEvent) => {
    const id = reported(event);
    return id !== undefined && unposted.has(id);
  };
  const drain = () => {
    let n = 0;
    while (n < held.length && !waits(held[n]!)) n++;
    for (const event of held.splice(0, n)) pass(event);
  };
  return {
    push(event) {
      if (event.kind === 'trace' && event.event.type === '@engine.checkpoint.saved') {
        const id = event.event.checkpointId;
        if (!early.delete(id)) unposted.add(id);
      }
      if (held.length === 0 && !waits(event)) pass(event);
      else held.push(event);
    },
    posted(id) {
      if (!unposted.delete(id)) early.add(id);
      else if (held.length > 0) drain();
    },
    release() {
      unposted.clear();
      early.clear();
      for (const event of held.splice(0)) pass(event);
    },
    get size() {
      return held.length;
    },
  };
}
