/**
 * DeltaChannel (LangGraph.js 1.7.3, beta): a reducer channel whose batch reducer folds a whole
 * step's writes at once (`reducer(value, writes)`), written so that LangGraph.js can save only
 * the writes and rebuild the value from a checkpoint's ancestors.
 *
 * What a checkpoint holds for it: LangGraph.js leaves it out of `channel_values` (rebuilt from the
 * ancestors' writes, `getDeltaChannelHistory`) except every `snapshotFrequency` updates, where it
 * stores a `DeltaSnapshot` (`{ lg_name: 'DeltaSnapshot', value }`). This engine reads all three
 * forms (absent: see `pregel/delta_history.ts`; a snapshot; a plain value from before the channel
 * was a DeltaChannel) and writes a snapshot at each checkpoint where the value changed.
 *
 * An empty channel restored from a checkpoint holds the initial value (`[]` by default), as in
 * LangGraph.js; only a channel just constructed is unavailable.
 */
import { InvalidUpdateError } from '../errors';
import { isMessagesDeltaReducer, stampMessageIds } from '../messages/delta_reducer';
import { overwriteValue } from '../types';
import { BaseChannel, emptyError, EMPTY, full, type Slot } from './base';

/** Folds a batch of writes into the current value; `r(r(v, a), b)` must equal `r(v, [...a, ...b])`. */
export type BatchReducer<V, U> = (current: V, writes: U[]) => V;

export interface DeltaChannelOptions<V> {
  /** Updates between two snapshots in LangGraph.js (a positive integer; default 100). */
  snapshotFrequency?: number;
  /** The value of a channel with no history (default: `[]`). */
  initialValueFactory?: () => V;
}

/** A value as `DeltaChannel` checkpoints store it. */
export interface DeltaSnapshot<V = unknown> {
  readonly lg_name: 'DeltaSnapshot';
  readonly value: V;
}

/** True for a stored `DeltaSnapshot` (by its marker: it survives serialisation). */
export function isDeltaSnapshot(value: unknown): value is DeltaSnapshot {
  return typeof value === 'object' && value !== null && (value as { lg_name?: unknown }).lg_name === 'DeltaSnapshot';
}

/** The stored form of a snapshot of `value`. */
export function deltaSnapshot<V>(value: V): DeltaSnapshot<V> {
  return { lg_name: 'DeltaSnapshot', value };
}

/** True for a DeltaChannel (ours or LangGraph.js's: by its name). */
export function isDeltaChannel(channel: unknown): channel is DeltaChannel {
  return typeof channel === 'object' && channel !== null && (channel as { lc_graph_name?: unknown }).lc_graph_name === 'DeltaChannel';
}

export class DeltaChannel<V = unknown, U = unknown> extends BaseChannel<V> {
  readonly kind = 'DeltaChannel';
  readonly lc_graph_name = 'DeltaChannel';
  readonly snapshotFrequency: number;
  readonly initialValueFactory: () => V;
  private slot: Slot<V>;

  constructor(readonly reducer: BatchReducer<V, U>, options?: DeltaChannelOptions<V>, slot?: Slot<V>) {
    super();
    const frequency = options?.snapshotFrequency ?? 100;
    if (!Number.isInteger(frequency) || frequency <= 0) throw new Error(`snapshotFrequency must be a positive integer, got ${frequency}`);
    this.snapshotFrequency = frequency;
    this.initialValueFactory = options?.initialValueFactory ?? (() => [] as V);
    this.slot = slot ?? EMPTY;
  }

  /** The value, or LangGraph.js's `undefined` for an empty channel. */
  get value(): V | undefined {
    return this.slot.empty ? undefined : this.slot.value;
  }

  private options(): DeltaChannelOptions<V> {
    return { snapshotFrequency: this.snapshotFrequency, initialValueFactory: this.initialValueFactory };
  }

  /** An Overwrite replaces the value and wins its whole step (one per step); else the batch is folded. */
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    let overwrite: [unknown] | undefined;
    for (const v of values) {
      const [isOverwrite, replacement] = overwriteValue(v);
      if (!isOverwrite) continue;
      if (overwrite) throw new InvalidUpdateError('Can receive only one Overwrite value per step.');
      overwrite = [replacement];
    }
    const next = overwrite
      ? ((overwrite[0] ?? this.initialValueFactory()) as V)
      : this.reducer(this.slot.empty ? this.initialValueFactory() : this.slot.value, values as U[]);
    if (isMessagesDeltaReducer(this.reducer)) stampMessageIds(next);
    this.slot = full(next);
    return true;
  }

  /**
   * Folds saved writes (`[taskId, channel, value]`, oldest first) into the value, as a read of
   * the channel's history does: from the last Overwrite on, when there is one.
   */
  replayWrites(writes: ReadonlyArray<readonly [string, string, unknown]>): void {
    if (writes.length === 0) return;
    let base: V | undefined = this.value;
    let values = writes.map((w) => w[2]);
    for (let i = values.length - 1; i >= 0; i--) {
      const [isOverwrite, replacement] = overwriteValue(values[i]);
      if (!isOverwrite) continue;
      base = (replacement ?? this.initialValueFactory()) as V;
      values = values.slice(i + 1);
      break;
    }
    const start = base === undefined ? this.initialValueFactory() : base;
    this.slot = full(values.length > 0 ? this.reducer(start, values as U[]) : start);
  }

  get(): V {
    return this.slot.empty ? emptyError(this.kind) : this.slot.value;
  }

  isAvailable(): boolean {
    return !this.slot.empty;
  }

  /** A snapshot of the value (what this engine stores at each checkpoint where it changed). */
  snapshot(): Slot<unknown> {
    return this.slot.empty ? EMPTY : full(deltaSnapshot(this.slot.value));
  }

  /** From a stored snapshot or plain value; nothing stored: the initial value. */
  fromSnapshot(saved: Slot<unknown>): DeltaChannel<V, U> {
    const stored = saved.empty ? this.initialValueFactory() : isDeltaSnapshot(saved.value) ? saved.value.value : saved.value;
    return new DeltaChannel(this.reducer, this.options(), full(stored as V));
  }

  /** LangGraph.js: a DeltaChannel's checkpoint form is always `undefined` (the checkpoint decides on snapshots). */
  override checkpoint(): unknown {
    return undefined;
  }

  copy(): DeltaChannel<V, U> {
    return new DeltaChannel(this.reducer, this.options(), this.slot);
  }

  /** The same channel when it folds with the same reducer at the same snapshot frequency. */
  override equals(other: unknown): boolean {
    return this === other || (isDeltaChannel(other) && other.snapshotFrequency === this.snapshotFrequency && other.reducer === this.reducer);
  }
}
