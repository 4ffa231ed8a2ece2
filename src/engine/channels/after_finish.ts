/**
 * Channels of deferred nodes (`addNode(name, fn, { defer: true })`): they hold their value back
 * until the graph has nothing else to run (`finish()`), so the node runs last.
 * - LastValueAfterFinish: the trigger `branch:to:<node>` of a deferred node.
 * - NamedBarrierValueAfterFinish: a join whose target is deferred.
 */
import { EMPTY, emptyError, full, BaseChannel, type ChannelSpec, type Slot, specOf } from './base';
import { NamedBarrierValue } from './named_barrier';

export class LastValueAfterFinish<V = unknown> extends BaseChannel<V> {
  readonly kind = 'LastValueAfterFinish';
  readonly lc_graph_name = 'LastValueAfterFinish';
  constructor(private slot: Slot<V> = EMPTY, private finished = false) {
    super();
  }
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
  snapshot(): Slot<unknown> {
    return this.slot.empty ? EMPTY : full([this.slot.value, this.finished]);
  }
  fromSnapshot(saved: Slot<unknown>): LastValueAfterFinish<V> {
    if (saved.empty) return new LastValueAfterFinish<V>();
    const [value, finished] = saved.value as [V, boolean];
    return new LastValueAfterFinish<V>(full(value), finished);
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

export const lastValueAfterFinishSpec = <V>(): ChannelSpec<V> => specOf(new LastValueAfterFinish<V>());

/** A join that, once complete, also waits for `finish()` before it is available. */
export class NamedBarrierValueAfterFinish extends NamedBarrierValue {
  override readonly kind = 'NamedBarrierValueAfterFinish';
  override readonly lc_graph_name = 'NamedBarrierValueAfterFinish';
  constructor(names: ReadonlySet<string>, seen: ReadonlySet<string> = new Set(), private finished = false) {
    super(names, seen);
  }
  override isAvailable(): boolean {
    return this.finished && this.complete();
  }
  override snapshot(): Slot<unknown> {
    return this.seen.size === 0 ? EMPTY : full([[...this.seen].sort(), this.finished]);
  }
  override checkpoint(): unknown {
    return [[...this.seen], this.finished];
  }
  override fromSnapshot(saved: Slot<unknown>): NamedBarrierValueAfterFinish {
    if (saved.empty) return new NamedBarrierValueAfterFinish(this.names);
    const [seen, finished] = saved.value as [string[], boolean];
    return new NamedBarrierValueAfterFinish(this.names, new Set(seen), finished);
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

export const namedBarrierAfterFinishSpec = (names: Iterable<string>): ChannelSpec<undefined> => specOf(new NamedBarrierValueAfterFinish(new Set(names)));
