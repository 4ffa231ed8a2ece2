/**
 * LastValue: plain state keys. Stores the single value written in a step; two values in one step
 * are a conflict (InvalidUpdateError), as in LangGraph. `new LastValue(() => v)` starts from a
 * default (a schema's).
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel, specOf } from './base';

export class LastValue<V = unknown> extends SlotChannel<V> {
  readonly kind = 'LastValue';
  readonly lc_graph_name = 'LastValue';
  constructor(readonly initialValueFactory?: () => V, slot?: Slot<V>) {
    super(slot ?? (initialValueFactory ? full(initialValueFactory()) : EMPTY));
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    if (values.length !== 1) {
      throw new InvalidUpdateError('LastValue can only receive one value per step.', { lc_error_code: 'INVALID_CONCURRENT_GRAPH_UPDATE' });
    }
    this.slot = full(values[0] as V);
    return true;
  }
  fromSnapshot(saved: Slot<unknown>): LastValue<V> {
    return new LastValue(this.initialValueFactory, saved.empty ? undefined : (saved as Slot<V>));
  }
  copy(): LastValue<V> {
    return new LastValue(this.initialValueFactory, this.slot);
  }
}

/** @param initial the value the key holds before any write (a schema's default), if any */
export const lastValueSpec = <V>(initial?: () => V): ChannelSpec<V> => specOf(new LastValue<V>(initial));
