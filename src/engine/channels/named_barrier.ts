/**
 * NamedBarrierValue: the join of `addEdge([a, b], c)`. Collects the names of the sources that
 * finished; available once all have; consuming it (c ran) resets it.
 */
import { InvalidUpdateError } from '../errors';
import { EMPTY, emptyError, full, BaseChannel, type ChannelSpec, type Slot, specOf } from './base';

/**
 * The names in `values` added to `seen`: a new set when any is new, else undefined. A name that is
 * not one of `names` is an InvalidUpdateError.
 */
export function addNames(names: ReadonlySet<string>, seen: ReadonlySet<string>, values: readonly unknown[]): Set<string> | undefined {
  let next: Set<string> | undefined;
  for (const v of values) {
    const name = v as string;
    if (!names.has(name)) throw new InvalidUpdateError(`Value ${JSON.stringify(v)} not in names ${JSON.stringify([...names])}`);
    if (!seen.has(name) && !next?.has(name)) {
      next ??= new Set(seen);
      next.add(name);
    }
  }
  return next;
}

export class NamedBarrierValue extends BaseChannel<undefined> {
  readonly kind: string = 'NamedBarrierValue';
  readonly lc_graph_name: string = 'NamedBarrierValue';
  constructor(readonly names: ReadonlySet<string>, protected seen: ReadonlySet<string> = new Set()) {
    super();
  }
  update(values: readonly unknown[]): boolean {
    const next = addNames(this.names, this.seen, values);
    if (!next) return false;
    this.seen = next;
    return true;
  }
  get(): undefined {
    if (!this.isAvailable()) emptyError(this.kind);
    return undefined;
  }
  /** True once every name has been seen. */
  protected complete(): boolean {
    return this.seen.size === this.names.size;
  }
  isAvailable(): boolean {
    return this.complete();
  }
  snapshot(): Slot<unknown> {
    return this.seen.size === 0 ? EMPTY : full([...this.seen].sort());
  }
  /** LangGraph.js saves the names seen so far, even none. */
  override checkpoint(): unknown {
    return [...this.seen];
  }
  fromSnapshot(saved: Slot<unknown>): NamedBarrierValue {
    return new NamedBarrierValue(this.names, saved.empty ? new Set() : new Set(saved.value as string[]));
  }
  consume(): boolean {
    if (!this.isAvailable()) return false;
    this.seen = new Set();
    return true;
  }
  copy(): NamedBarrierValue {
    return new NamedBarrierValue(this.names, this.seen);
  }
}

export const namedBarrierSpec = (names: Iterable<string>): ChannelSpec<undefined> => specOf(new NamedBarrierValue(new Set(names)));
