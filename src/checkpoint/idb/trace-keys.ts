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

/** The checkpoint each namespace's open tick started from (a tick not yet closed). */
export type OpenTicks = Record<string, string>;

interface EngineEventLike {
  type: string;
  checkpointNs: string;
  checkpointId?: unknown;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The engine event inside a stored trace event, if it is one. */
function engineEventOf(stored: unknown): EngineEventLike | null {
  const inner = isObject(stored) && stored.kind === 'trace' && isObject(stored.event) ? stored.event : stored;
  if (!isObject(inner) || typeof inner.type !== 'string' || typeof inner.checkpointNs !== 'string') return null;
  return inner as unknown as EngineEventLike;
}

/** The topic key of a thread's run summary records. */
export function runsKey(threadId: string): string {
  return JSON.stringify([threadId]);
}

/** The index key of checkpoint (thread, ns, id): one string, since multi-entry index keys cannot be arrays of arrays. */
export function checkpointKey(threadId: string, ns: string, checkpointId: string): string {
  return JSON.stringify([threadId, ns, checkpointId]);
}

const BOUNDARIES: ReadonlySet<string> = new Set(['@engine.tick.start', '@engine.run.start', '@engine.run.end']);

/**
 * The topic keys of `stored`: the checkpoints it is about, or the thread's runs key for a run
 * summary record. `open` is the per-namespace tick state of the
 * thread's trace so far, updated in place: call this for every event of the thread, in order.
 */
export function topicKeysOf(threadId: string, stored: unknown, open: OpenTicks): string[] {
  if (isObject(stored) && stored.kind === 'run') return [runsKey(threadId)];
  const e = engineEventOf(stored);
  if (!e) return [];
  const ns = e.checkpointNs;
  const keys = new Set<string>();
  const current = Object.hasOwn(open, ns) ? open[ns] : undefined;
  if (BOUNDARIES.has(e.type)) {
    // A boundary closes the open tick; the reader needs it to see where that tick ended.
    if (current !== undefined) keys.add(checkpointKey(threadId, ns, current));
    delete open[ns];
    if (e.type === '@engine.tick.start' && typeof e.checkpointId === 'string') {
      open[ns] = e.checkpointId;
      keys.add(checkpointKey(threadId, ns, e.checkpointId));
    }
  } else if (current !== undefined) {
    keys.add(checkpointKey(threadId, ns, current));
    if (e.type === '@engine.checkpoint.saved') delete open[ns];
  }
  if (e.type === '@engine.writes.put' && typeof e.checkpointId === 'string') keys.add(checkpointKey(threadId, ns, e.checkpointId));
  return [...keys];
}

/** The events of a whole thread trace (in order) that are about one checkpoint. */
export function eventsAbout<T>(threadId: string, events: readonly T[], ns: string, checkpointId: string): T[] {
  const open: OpenTicks = {};
  const key = checkpointKey(threadId, ns, checkpointId);
  return events.filter((e) => topicKeysOf(threadId, e, open).includes(key));
}
