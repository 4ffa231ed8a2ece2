/**
 * Channels of deferred nodes (`addNode(name, fn, { defer: true })`): they hold their value back
 * until the graph has nothing else to run (`finish()`), so the node runs last.
 * - LastValueAfterFinish: the trigger `branch:to:<node>` of a deferred node.
 * - NamedBarrierValueAfterFinish: a join whose target is deferred.
 */
import { EMPTY, emptyError, full, type Channel, type ChannelSpec, type Slot } from './base';
import { NamedBarrierValue } from './named_barrier';

export class LastValueAfterFinish<V = unknown> implements Channel<V> {
  readonly kind = 'LastValueAfterFinish';
  constructor(private slot: Slot<V> = EMPTY, private finished = false) {}
  update(values: readonly unknown[]): boolean {
    if (values.length === 0) return false;
    this.slot = full(values[values.length - 1] as V);
    this.finished = false;
    return true;
  }
  get(): V {
    return this.slot.empty || !this.finished ? emptyError(this.kind) : this.slot.value;
  }
  isAvailable(): boolean {
    return !this.slot.empty && this.finished;
  }
  checkpoint(): Slot<unknown> {
    return this.slot.empty ? EMPTY : full([this.slot.value, this.finished]);
  }
  consume(): boolean {
    if (!this.finished) return false;
    this.slot = EMPTY;
    this.finished = false;
    return true;
  }
  finish(): boolean {
    if (this.finished || this.slot.empty) return false;
    this.finished = true;
    return true;
  }
  copy(): LastValueAfterFinish<V> {
    return new LastValueAfterFinish(this.slot, this.finished);
  }
}

export const lastValueAfterFinishSpec = <V>(): ChannelSpec<V> => ({
  kind: 'LastValueAfterFinish',
  create: () => new LastValueAfterFinish<V>(),
  restore: (saved) => {
    if (saved.empty) return new LastValueAfterFinish<V>();
    const [value, finished] = saved.value as [V, boolean];
    return new LastValueAfterFinish<V>(full(value), finished);
  },
});

/** A join that, once complete, also waits for `finish()` before it is available. */
export class NamedBarrierValueAfterFinish extends NamedBarrierValue {
  override readonly kind = 'NamedBarrierValueAfterFinish';
  constructor(names: ReadonlySet<string>, seen: ReadonlySet<string> = new Set(), private finished = false) {
    super(names, seen);
  }
  override isAvailable(): boolean {
    return this.finished && this.complete();
  }
  override checkpoint(): Slot<unknown> {
    return this.seen.size === 0 ? EMPTY : full([[...this.seen].sort(), this.finished]);
  }
  override consume(): boolean {
    if (!this.finished || !this.complete()) return false;
    this.seen = new Set();
    this.finished = false;
    return true;
  }
  override finish(): boolean {
    if (this.finished || !this.complete()) return false;
    this.finished = true;
    return true;
  }
  override copy(): NamedBarrierValueAfterFinish {
    return new NamedBarrierValueAfterFinish(this.names, this.seen, this.finished);
  }
}

export const namedBarrierAfterFinishSpec = (names: Iterable<string>): ChannelSpec<undefined> => {
  const set = new Set(names);
  return {
    kind: 'NamedBarrierValueAfterFinish',
    create: () => new NamedBarrierValueAfterFinish(set),
    restore: (saved) => {
      if (saved.empty) return new NamedBarrierValueAfterFinish(set);
      const [seen, finished] = saved.value as [string[], boolean];
      return new NamedBarrierValueAfterFinish(set, new Set(seen), finished);
    },
  };
};
