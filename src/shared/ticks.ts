/**
 * The tick rule: which checkpoint's step a trace event belongs to. The one place that decides it,
 * for the engine's ledger recorder (which re-exports it from `src/engine/ledger`), the storage
 * index of trace records (`src/checkpoint/idb/trace-keys.ts`), the worker's task facts and the
 * runs panel's trace summary. It lives beside the trace vocabulary (`./trace.ts`) because it is a
 * rule of that format: every layer that reads a trace may import `src/shared`, while the page may
 * not import the engine.
 *
 * Per namespace, a tick opens at `@engine.tick.start` (it runs the step from that event's
 * checkpoint) and closes at the `@engine.checkpoint.saved` that ends the step, or at the next
 * `@engine.tick.start` / `@engine.run.start` / `@engine.run.end` of the same namespace. Every event
 * in between belongs to the open tick; a closing boundary belongs to the tick it closes as well
 * (a reader needs it to see where that tick ended). An `@engine.writes.put` also belongs to the
 * checkpoint it names.
 */
import type { TraceEvent } from './trace';

/** An open tick: the step running from `checkpointId` in `checkpointNs`. */
export interface OpenTick {
  checkpointNs: string;
  checkpointId: string;
  isReplaying: boolean;
  /** Counts ticks over the whole trace, so two ticks from one checkpoint can be told apart. */
  serial: number;
}

/** Where one event falls. */
export interface TickPlacement {
  /** The tick the event belongs to (for a boundary: the tick it closes), or null. */
  tick: OpenTick | null;
  /** The tick the event opened (only `@engine.tick.start`). */
  opened: OpenTick | null;
  /** True when the event closed `tick`. */
  closes: boolean;
  /**
   * The checkpoint the event's run works on: the open tick's, else (before the first tick of a
   * run, while it prepares input, a resume or a fork) the checkpoint its run started from.
   */
  context: string | null;
}

const BOUNDARIES: ReadonlySet<string> = new Set(['@engine.tick.start', '@engine.run.start', '@engine.run.end']);

/** Minimal event shape the rule reads (stored events may be wrapped or partial). */
export type TickEventLike = Pick<TraceEvent, 'type' | 'checkpointNs'> & { checkpointId?: unknown; isReplaying?: unknown };

/** Follows a thread's trace, event by event, in emission order. */
export class TickTracker {
  private readonly open = new Map<string, OpenTick>();
  /** Per namespace: the checkpoint the latest run started from. */
  private readonly runFrom = new Map<string, string | null>();
  private serial = 0;

  /**
   * A tracker, optionally resuming a trace whose namespaces had these ticks open (checkpoint id
   * per namespace, as `openCheckpoints()` returned them): for a trace appended to in parts.
   */
  constructor(resume?: Readonly<Record<string, string>>) {
    for (const [ns, checkpointId] of Object.entries(resume ?? {})) this.open.set(ns, { checkpointNs: ns, checkpointId, isReplaying: false, serial: this.serial++ });
  }

  /** Places `e` and advances the state. */
  place(e: TickEventLike): TickPlacement {
    const ns = e.checkpointNs;
    const current = this.open.get(ns) ?? null;
    if (e.type === '@engine.run.start') this.runFrom.set(ns, typeof e.checkpointId === 'string' ? e.checkpointId : null);
    const context = current?.checkpointId ?? this.runFrom.get(ns) ?? null;
    if (BOUNDARIES.has(e.type)) {
      this.open.delete(ns);
      let opened: OpenTick | null = null;
      if (e.type === '@engine.tick.start' && typeof e.checkpointId === 'string') {
        opened = { checkpointNs: ns, checkpointId: e.checkpointId, isReplaying: e.isReplaying === true, serial: this.serial++ };
        this.open.set(ns, opened);
      }
      return { tick: current, opened, closes: current !== null, context: opened?.checkpointId ?? context };
    }
    if (current && e.type === '@engine.checkpoint.saved') {
      this.open.delete(ns);
      return { tick: current, opened: null, closes: true, context };
    }
    return { tick: current, opened: null, closes: false, context };
  }

  /** The open tick of namespace `ns`, if any. */
  openTick(ns: string): OpenTick | null {
    return this.open.get(ns) ?? null;
  }

  /** Per namespace, the checkpoint its open tick runs from: plain data to store and resume from. */
  openCheckpoints(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [ns, t] of this.open) out[ns] = t.checkpointId;
    return out;
  }
}

/** The checkpoint ids (in the event's namespace) event `e` is about, given its placement. */
export function checkpointsAbout(e: TickEventLike, at: TickPlacement): string[] {
  const ids = new Set<string>();
  if (at.tick) ids.add(at.tick.checkpointId);
  if (at.opened) ids.add(at.opened.checkpointId);
  if (e.type === '@engine.writes.put' && typeof e.checkpointId === 'string') ids.add(e.checkpointId);
  return [...ids];
}
