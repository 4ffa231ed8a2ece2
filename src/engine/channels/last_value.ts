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

/** @param initial the value the key holds before any write (a schema's default), if any */
export const lastValueSpec = <V>(initial?: () => V): ChannelSpec<V> => ({
  kind: 'LastValue',
  create: () => new LastValue<V>(initial ? full(initial()) : EMPTY),
  restore: (saved) => new LastValue<V>(saved.empty && initial ? full(initial()) : (saved as Slot<V>)),
});
