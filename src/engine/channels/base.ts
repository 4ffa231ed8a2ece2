/**
 * The channel contract. A channel holds one piece of graph state between supersteps and decides how
 * a batch of writes from one superstep combines into its next value.
 *
 * Channels are small mutable cells, but the engine never mutates a channel it did not just copy:
 * the superstep functions (`applyWrites`) copy the channel map first (`copy()` is shallow: O(1)), so
 * a caller's channels stay as they were.
 *
 * "Empty" is a tagged state (`Slot`), never `undefined`: a channel that holds `undefined` is not
 * empty. Each channel class also has LangGraph.js's surface (its constructor arguments,
 * `fromCheckpoint`, `checkpoint`, `equals`), so code written against LangGraph.js's channels runs
 * on them; there `undefined` means "empty", as in LangGraph.js.
 */
import { EmptyChannelError } from '../errors';

/** The value of a channel, or nothing. */
export type Slot<V> = { readonly empty: true } | { readonly empty: false; readonly value: V };

export const EMPTY: Slot<never> = Object.freeze({ empty: true }) as Slot<never>;
export const full = <V>(value: V): Slot<V> => ({ empty: false, value });

export interface Channel<V = unknown> {
  /** Kind, for debugging and for the engine's own checks (e.g. 'LastValue'). */
  readonly kind: string;
  /**
   * Applies the writes of one superstep, in task-path order. `[]` is a real event (step ended
   * without writes to this channel: ephemeral channels clear). Returns true if the value changed.
   * Throws InvalidUpdateError when the batch is not allowed (two values into a LastValue).
   */
  update(values: readonly unknown[]): boolean;
  /** The current value; throws EmptyChannelError when empty. */
  get(): V;
  /** True when `get()` would succeed. */
  isAvailable(): boolean;
  /** The value to persist (plain data), or EMPTY. */
  snapshot(): Slot<unknown>;
  /** A channel of the same kind and configuration, restored from what `snapshot()` returned. */
  fromSnapshot(saved: Slot<unknown>): Channel<V>;
  /** The node that triggered on this channel consumed it. Returns true if the value changed. */
  consume(): boolean;
  /** The graph finished a run of steps (nothing else triggered). Returns true if it changed. */
  finish(): boolean;
  /** A shallow copy (same value reference). */
  copy(): Channel<V>;
}

/** Creates channels of one kind: empty, or restored from a checkpointed value. */
export interface ChannelSpec<V = unknown> {
  readonly kind: string;
  /** What makes two specs of this kind the same channel (a reducer's function). */
  readonly identity?: unknown;
  /** A fresh channel (holding its default, if any). */
  create(): Channel<V>;
  /** A channel restored from what `snapshot()` returned. */
  restore(saved: Slot<unknown>): Channel<V>;
}

/**
 * What every channel class shares, LangGraph.js's `BaseChannel` surface included: `fromCheckpoint`
 * (from LangGraph.js's checkpoint form: a value, `undefined` for empty) and `checkpoint()` (throws
 * EmptyChannelError when there is nothing to save, except where a kind saves an empty form).
 */
export abstract class BaseChannel<V = unknown> implements Channel<V> {
  abstract readonly kind: string;
  /** LangGraph.js's name of the kind. */
  abstract readonly lc_graph_name: string;
  readonly lg_is_channel = true;
  declare ValueType: V;
  declare UpdateType: unknown;
  abstract update(values: readonly unknown[]): boolean;
  abstract get(): V;
  abstract isAvailable(): boolean;
  abstract snapshot(): Slot<unknown>;
  abstract fromSnapshot(saved: Slot<unknown>): BaseChannel<V>;
  abstract copy(): BaseChannel<V>;
  consume(): boolean {
    return false;
  }
  finish(): boolean {
    return false;
  }
  /** LangGraph.js: a channel restored from its checkpoint form (`undefined`: empty). */
  fromCheckpoint(checkpoint?: unknown): this {
    return this.fromSnapshot(checkpoint === undefined ? EMPTY : full(checkpoint)) as this;
  }
  /** LangGraph.js: the checkpoint form of the value. */
  checkpoint(): unknown {
    const s = this.snapshot();
    if (s.empty) throw new EmptyChannelError();
    return s.value;
  }
  equals(other: unknown): boolean {
    return this === other;
  }
}

/**
 * A channel that holds at most one value in a Slot, is available exactly when it holds one, and
 * ignores consume/finish. Subclasses say how a step's writes combine (`update`) and how to copy.
 */
export abstract class SlotChannel<V> extends BaseChannel<V> {
  constructor(protected slot: Slot<V>) {
    super();
  }
  get(): V {
    return this.slot.empty ? emptyError(this.kind) : this.slot.value;
  }
  isAvailable(): boolean {
    return !this.slot.empty;
  }
  snapshot(): Slot<unknown> {
    return this.slot;
  }
}

/** Helper for `get()` of an empty channel. */
export function emptyError(kind: string): never {
  throw new EmptyChannelError(`${kind} channel is empty`);
}

/** The spec of channels like `channel` (a fresh copy of its configuration each time). */
export function specOf<V>(channel: Channel<V>, identity?: unknown): ChannelSpec<V> {
  return {
    kind: channel.kind,
    ...(identity !== undefined ? { identity } : {}),
    create: () => channel.fromSnapshot(EMPTY),
    restore: (saved) => channel.fromSnapshot(saved),
  };
}

/** True for a channel instance (ours, or anything with LangGraph.js's channel marker). */
export function isChannel(x: unknown): x is Channel {
  return typeof x === 'object' && x !== null && typeof (x as Channel).fromSnapshot === 'function' && typeof (x as Channel).update === 'function';
}
