/**
 * NamedBarrierValue: the join of `addEdge([a, b], c)`. Collects the names of the sources that
 * finished; available once all have; consuming it (c ran) resets it.
 */
import { InvalidUpdateError } from '../errors';
import { EMPTY, emptyError, full, type Channel, type ChannelSpec, type Slot } from './base';

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

export class NamedBarrierValue implements Channel<undefined> {
  readonly kind: string = 'NamedBarrierValue';
  constructor(protected readonly names: ReadonlySet<string>, protected seen: ReadonlySet<string> = new Set()) {}
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
  checkpoint(): Slot<unknown> {
    return this.seen.size === 0 ? EMPTY : full([...this.seen].sort());
  }
  consume(): boolean {
    if (!this.isAvailable()) return false;
    this.seen = new Set();
    return true;
  }
  finish(): boolean {
    return false;
  }
  copy(): NamedBarrierValue {
    return new NamedBarrierValue(this.names, this.seen);
  }
}

export const namedBarrierSpec = (names: Iterable<string>): ChannelSpec<undefined> => {
  const set = new Set(names);
  return {
    kind: 'NamedBarrierValue',
    create: () => new NamedBarrierValue(set),
    restore: (saved) => new NamedBarrierValue(set, saved.empty ? new Set() : new Set(saved.value as string[])),
  };
};
