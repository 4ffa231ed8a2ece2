/**
 * UntrackedValue: a key that lives in memory only. It is never checkpointed and its writes are
 * not saved: a resumed run starts it from its default. With `guard`, two values in one step are a
 * conflict; without, the last wins.
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel } from './base';

export class UntrackedValueChannel<V = unknown> extends SlotChannel<V> {
  readonly kind = 'UntrackedValue';
  constructor(private readonly guard: boolean, slot: Slot<V> = EMPTY) {
    super(slot);
  }
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    if (values.length !== 1 && this.guard) {
      throw new InvalidUpdateError('UntrackedValue(guard=true) can receive only one value per step. Use guard=false if you want to store any one of multiple values.', {
        lc_error_code: 'INVALID_CONCURRENT_GRAPH_UPDATE',
      });
    }
    this.slot = full(values[values.length - 1] as V);
    return true;
  }
  /** Never saved. */
  override checkpoint(): Slot<unknown> {
    return EMPTY;
  }
  copy(): UntrackedValueChannel<V> {
    return new UntrackedValueChannel(this.guard, this.slot);
  }
}

export const untrackedSpec = <V>(guard = true, initial?: () => V): ChannelSpec<V> => ({
  kind: 'UntrackedValue',
  create: () => new UntrackedValueChannel<V>(guard, initial ? full(initial()) : EMPTY),
  restore: () => new UntrackedValueChannel<V>(guard, initial ? full(initial()) : EMPTY),
});
