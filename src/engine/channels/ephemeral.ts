/**
 * EphemeralValue: lives for one superstep (`__start__`, `branch:to:<node>`). An empty batch clears
 * it. With `guard`, two values in one step are a conflict; without, the last wins.
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel } from './base';

export class EphemeralValue<V = unknown> extends SlotChannel<V> {
  readonly kind = 'EphemeralValue';
  constructor(private readonly guard: boolean, slot: Slot<V> = EMPTY) {
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
  copy(): EphemeralValue<V> {
    return new EphemeralValue(this.guard, this.slot);
  }
}

export const ephemeralSpec = <V>(guard = true): ChannelSpec<V> => ({
  kind: 'EphemeralValue',
  create: () => new EphemeralValue<V>(guard),
  restore: (saved) => new EphemeralValue<V>(guard, saved as Slot<V>),
});
