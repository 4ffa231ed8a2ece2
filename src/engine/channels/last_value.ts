/**
 * LastValue: plain state keys. Stores the single value written in a step; two values in one step
 * are a conflict (InvalidUpdateError), as in LangGraph.
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel } from './base';

export class LastValue<V = unknown> extends SlotChannel<V> {
  readonly kind = 'LastValue';
  constructor(slot: Slot<V> = EMPTY) {
    super(slot);
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    if (values.length !== 1) {
      throw new InvalidUpdateError('LastValue can only receive one value per step.', { lc_error_code: 'INVALID_CONCURRENT_GRAPH_UPDATE' });
    }
    this.slot = full(values[0] as V);
    return true;
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
