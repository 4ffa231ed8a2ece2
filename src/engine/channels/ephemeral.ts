/**
 * EphemeralValue: lives for one superstep (`__start__`, `branch:to:<node>`). An empty batch clears
 * it. With `guard`, two values in one step are a conflict; without, the last wins.
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel, specOf } from './base';

export class EphemeralValue<V = unknown> extends SlotChannel<V> {
  readonly kind = 'EphemeralValue';
  readonly lc_graph_name = 'EphemeralValue';
  constructor(readonly guard = true, slot: Slot<V> = EMPTY) {
    super(slot);
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) {
      if (this.slot.empty) return false;
      this.slot = EMPTY;
      return true;
    }
    if (values.length !== 1 && this.guard) throw new InvalidUpdateError('EphemeralValue can only receive one value per step.');
    this.slot = full(values[values.length - 1] as V);
    return true;
  }
  fromSnapshot(saved: Slot<unknown>): EphemeralValue<V> {
    return new EphemeralValue(this.guard, saved as Slot<V>);
  }
  copy(): EphemeralValue<V> {
    return new EphemeralValue(this.guard, this.slot);
  }
}

export const ephemeralSpec = <V>(guard = true): ChannelSpec<V> => specOf(new EphemeralValue<V>(guard));

/** AnyValue: the last value written in a step (several are fine); an empty step clears it. */
export class AnyValue<V = unknown> extends SlotChannel<V> {
  readonly kind = 'AnyValue';
  readonly lc_graph_name = 'AnyValue';
  constructor(slot: Slot<V> = EMPTY) {
    super(slot);
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) {
      if (this.slot.empty) return false;
      this.slot = EMPTY;
      return true;
    }
    this.slot = full(values[values.length - 1] as V);
    return true;
  }
  fromSnapshot(saved: Slot<unknown>): AnyValue<V> {
    return new AnyValue(saved as Slot<V>);
  }
  copy(): AnyValue<V> {
    return new AnyValue(this.slot);
  }
}
