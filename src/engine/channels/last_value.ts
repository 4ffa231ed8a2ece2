/**
 * LastValue: plain state keys. Stores the single value written in a step; two values in one step
 * are a conflict (InvalidUpdateError), as in LangGraph.
 */
import { InvalidUpdateError } from '../errors';
import { EMPTY, emptyError, full, type Channel, type ChannelSpec, type Slot } from './base';

export class LastValue<V = unknown> implements Channel<V> {
  readonly kind = 'LastValue';
  constructor(private slot: Slot<V> = EMPTY) {}
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    if (values.length !== 1) {
      throw new InvalidUpdateError('LastValue can only receive one value per step.', { lc_error_code: 'INVALID_CONCURRENT_GRAPH_UPDATE' });
    }
    this.slot = full(values[0] as V);
    return true;
  }
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
  copy(): LastValue<V> {
    return new LastValue(this.slot);
  }
}

export const lastValueSpec = <V>(): ChannelSpec<V> => ({
  kind: 'LastValue',
  create: () => new LastValue<V>(),
  restore: (saved) => new LastValue<V>(saved as Slot<V>),
});
