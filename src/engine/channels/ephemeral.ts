/**
 * EphemeralValue: lives for one superstep (`__start__`, `branch:to:<node>`). An empty batch clears
 * it. With `guard`, two values in one step are a conflict; without, the last wins.
 */
import { InvalidUpdateError } from '../errors';
import { EMPTY, emptyError, full, type Channel, type ChannelSpec, type Slot } from './base';

export class EphemeralValue<V = unknown> implements Channel<V> {
  readonly kind = 'EphemeralValue';
  constructor(private readonly guard: boolean, private slot: Slot<V> = EMPTY) {}
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
  copy(): EphemeralValue<V> {
    return new EphemeralValue(this.guard, this.slot);
  }
}

export const ephemeralSpec = <V>(guard = true): ChannelSpec<V> => ({
  kind: 'EphemeralValue',
  create: () => new EphemeralValue<V>(guard),
  restore: (saved) => new EphemeralValue<V>(guard, saved as Slot<V>),
});
