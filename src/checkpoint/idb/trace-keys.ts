/**
 * What a stored trace event is about (its topic keys, indexed by `by_topic` on `traces`), so a
 * reader can fetch only the records it needs instead of the thread's whole trace:
 * - the checkpoints it is about, for a checkpoint's inspector (below);
 * - `runsKey(thread)` for a run's summary record (`{ kind: 'run' }`), for the run list.
 *
 * An event is about checkpoint C (namespace ns) when it belongs to a tick that started from C —
 * from its `@engine.tick.start` up to the `@engine.checkpoint.saved` that ends the step, or up to
 * and including the next tick/run boundary of the same namespace, which closes it — or when it is
 * an `@engine.writes.put` against C. These are exactly the events a reader that walks the whole
 * trace (tick by tick, per namespace) looks at for C, in the same relative order.
 *
 * Events are plain data: either an engine trace event (`{ type, checkpointNs, checkpointId? }`)
 * or the worker's record wrapping one (`{ kind: 'trace', event }`). Anything else is about nothing.
 */
import { TickTracker, checkpointsAbout, type TickEventLike } from '../../shared/ticks';

/** The checkpoint each namespace's open tick started from (a tick not yet closed), as stored. */
export type OpenTicks = Record<string, string>;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The engine event inside a stored trace event, if it is one. */
function engineEventOf(stored: unknown): TickEventLike | null {
  const inner = isObject(stored) && stored.kind === 'trace' && isObject(stored.event) ? stored.event : stored;
  if (!isObject(inner)) return null;
  const { type, checkpointNs, checkpointId, isReplaying } = inner;
  if (typeof type !== 'string' || typeof checkpointNs !== 'string') return null;
  return { type: type as TickEventLike['type'], checkpointNs, checkpointId, isReplaying };
}

/** The topic key of a thread's run summary records. */
export function runsKey(threadId: string): string {
  return JSON.stringify([threadId]);
}

/** The index key of checkpoint (thread, ns, id): one string, since multi-entry index keys cannot be arrays of arrays. */
export function checkpointKey(threadId: string, ns: string, checkpointId: string): string {
  return JSON.stringify([threadId, ns, checkpointId]);
}

/**
 * The topic keys of `stored`: the checkpoints it is about (the engine's tick rule,
 * `src/shared/ticks.ts`), or the thread's runs key for a run summary record. `ticks` follows the
 * thread's trace so far: call this for every event of the thread, in order.
 */
export function topicKeysOf(threadId: string, stored: unknown, ticks: TickTracker): string[] {
  if (isObject(stored) && stored.kind === 'run') return [runsKey(threadId)];
  const e = engineEventOf(stored);
  if (!e) return [];
  return checkpointsAbout(e, ticks.place(e)).map((id) => checkpointKey(threadId, e.checkpointNs, id));
}

/** The events of a whole thread trace (in order) that are about one checkpoint. */
export function eventsAbout<T>(threadId: string, events: readonly T[], ns: string, checkpointId: string): T[] {
  const ticks = new TickTracker();
  const key = checkpointKey(threadId, ns, checkpointId);
  return events.filter((e) => topicKeysOf(threadId, e, ticks).includes(key));
}
