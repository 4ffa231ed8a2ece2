/**
 * The channel contract. A channel holds one piece of graph state between supersteps and decides how
 * a batch of writes from one superstep combines into its next value.
 *
 * Channels are small mutable cells, but the engine never mutates a channel it did not just copy:
 * the superstep functions (`applyWrites`) copy the channel map first (`copy()` is shallow: O(1)), so
 * a caller's channels stay as they were.
 *
 * "Empty" is a tagged state (`Slot`), never `undefined`: a channel that holds `undefined` is not
 * empty.
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
  checkpoint(): Slot<unknown>;
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
  /** A channel restored from what `checkpoint()` returned. */
  restore(saved: Slot<unknown>): Channel<V>;
}

/**
 * A channel that holds at most one value in a Slot, is available exactly when it holds one, and
 * ignores consume/finish. Subclasses say how a step's writes combine (`update`) and how to copy.
 */
export abstract class SlotChannel<V> implements Channel<V> {
  abstract readonly kind: string;
  constructor(protected slot: Slot<V>) {}
  abstract update(values: readonly unknown[]): boolean;
  abstract copy(): Channel<V>;
  get(): V {
    return this.slot.empty ? emptyError(this.kind) : this.slot.value;
  }
  isAvailable(): boolean {
    return !this.slot.empty;
  }
  checkpoint(): Slot<unknown> {
    return this.slot;
  }
  consume(): boolean {
    return false;
  }
  finish(): boolean {
    return false;
  }
}

/** Helper for `get()` of an empty channel. */
export function emptyError(kind: string): never {
  throw new EmptyChannelError(`${kind} channel is empty`);
}
