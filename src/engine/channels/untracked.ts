/**
 * UntrackedValue: a key that lives in memory only. It is never checkpointed and its writes are
 * not saved: a resumed run starts it from its default. With `guard`, two values in one step are a
 * conflict; without, the last wins.
 */
import { InvalidUpdateError } from '../errors';
import { type ChannelSpec, EMPTY, full, type Slot, SlotChannel, specOf } from './base';

export class UntrackedValueChannel<V = unknown> extends SlotChannel<V> {
  readonly kind = 'UntrackedValue';
  readonly lc_graph_name = 'UntrackedValue';
  readonly guard: boolean;
  readonly initialValueFactory?: () => V;
  constructor(options?: { guard?: boolean; initialValueFactory?: () => V }, slot?: Slot<V>) {
    super(slot ?? (options?.initialValueFactory ? full(options.initialValueFactory()) : EMPTY));
    this.guard = options?.guard ?? true;
    this.initialValueFactory = options?.initialValueFactory;
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
  override snapshot(): Slot<unknown> {
    return EMPTY;
  }
  override checkpoint(): unknown {
    return undefined;
  }
  /** Nothing is restored: it starts from its default. */
  fromSnapshot(): UntrackedValueChannel<V> {
    return new UntrackedValueChannel({ guard: this.guard, initialValueFactory: this.initialValueFactory });
  }
  copy(): UntrackedValueChannel<V> {
    return new UntrackedValueChannel({ guard: this.guard, initialValueFactory: this.initialValueFactory }, this.slot);
  }
}

export const untrackedSpec = <V>(guard = true, initial?: () => V): ChannelSpec<V> => specOf(new UntrackedValueChannel<V>({ guard, initialValueFactory: initial }));
