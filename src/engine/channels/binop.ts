/**
 * BinaryOperatorAggregate: reducer keys (`Annotation({ reducer, default })`). Starts from the
 * default (when one is given) and folds every value of a step, in task-path order, with the
 * reducer. An `Overwrite` replaces the value instead (one per step; later plain values of that
 * step are then ignored, as in LangGraph.js).
 */
import { InvalidUpdateError } from '../errors';
import { overwriteValue } from '../types';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel, specOf } from './base';

export type Reducer<V, U = V> = (acc: V, update: U) => V;

export class BinaryOperatorAggregate<V = unknown, U = V> extends SlotChannel<V> {
  readonly kind = 'BinaryOperatorAggregate';
  readonly lc_graph_name = 'BinaryOperatorAggregate';
  constructor(readonly operator: Reducer<V, U>, readonly initialValueFactory?: () => V, slot?: Slot<V>) {
    super(slot ?? (initialValueFactory ? full(initialValueFactory()) : EMPTY));
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    let i = 0;
    let acc: V;
    if (this.slot.empty) {
      // No default: the first value becomes the accumulator, as in LangGraph.
      const [isOverwrite, v] = overwriteValue(values[0]);
      acc = (isOverwrite ? v : values[0]) as V;
      i = 1;
    } else acc = this.slot.value;
    let overwritten = false;
    for (; i < values.length; i++) {
      const [isOverwrite, v] = overwriteValue(values[i]);
      if (isOverwrite) {
        if (overwritten) throw new InvalidUpdateError('Can receive only one Overwrite value per step.');
        acc = v as V;
        overwritten = true;
      } else if (!overwritten) acc = this.operator(acc, values[i] as U);
    }
    this.slot = full(acc);
    return true;
  }
  fromSnapshot(saved: Slot<unknown>): BinaryOperatorAggregate<V, U> {
    return new BinaryOperatorAggregate(this.operator, this.initialValueFactory, saved.empty ? undefined : (saved as Slot<V>));
  }
  copy(): BinaryOperatorAggregate<V, U> {
    return new BinaryOperatorAggregate(this.operator, this.initialValueFactory, this.slot);
  }
  /** The same channel when it folds with the same reducer. */
  override equals(other: unknown): boolean {
    return this === other || (other instanceof BinaryOperatorAggregate && other.operator === this.operator);
  }
}

export const binopSpec = <V, U = V>(reducer: Reducer<V, U>, initial?: () => V): ChannelSpec<V> => specOf(new BinaryOperatorAggregate<V, U>(reducer, initial), reducer);
