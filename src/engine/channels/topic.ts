/**
 * Topic: a list of values (flattening list writes). Without `accumulate` every step starts it
 * afresh, so it holds only the previous step's values (`__pregel_tasks`, the Send packets). With
 * `unique`, a value seen before is dropped (the seen set is saved with the values). Available iff
 * non-empty.
 */
import { EMPTY, emptyError, full, BaseChannel, type ChannelSpec, type Slot, specOf } from './base';

export class Topic<V = unknown> extends BaseChannel<V[]> {
  readonly kind = 'Topic';
  readonly lc_graph_name = 'Topic';
  readonly unique: boolean;
  readonly accumulate: boolean;
  constructor(fields?: { unique?: boolean; accumulate?: boolean }, private values: readonly V[] = [], private seen: ReadonlySet<V> = new Set()) {
    super();
    this.unique = fields?.unique ?? false;
    this.accumulate = fields?.accumulate ?? false;
  }
  update(values: readonly unknown[]): boolean {
    let changed = false;
    let next: V[];
    if (!this.accumulate) {
      changed = this.values.length > 0;
      next = [];
    } else next = this.values.slice();
    let seen: Set<V> | undefined;
    for (const v of values.flat() as V[]) {
      if (this.unique) {
        if (this.seen.has(v) || seen?.has(v)) continue;
        (seen ??= new Set(this.seen)).add(v);
      }
      next.push(v);
      changed = true;
    }
    this.values = next;
    if (seen) this.seen = seen;
    return changed;
  }
  get(): V[] {
    return this.values.length === 0 ? emptyError(this.kind) : (this.values as V[]);
  }
  isAvailable(): boolean {
    return this.values.length > 0;
  }
  snapshot(): Slot<unknown> {
    if (this.unique) return this.seen.size === 0 && this.values.length === 0 ? EMPTY : full([[...this.seen], [...this.values]]);
    return this.values.length === 0 ? EMPTY : full(this.values);
  }
  /** LangGraph.js saves an empty topic as `[]`. */
  override checkpoint(): unknown {
    const s = this.snapshot();
    return s.empty ? [] : s.value;
  }
  fromSnapshot(saved: Slot<unknown>): Topic<V> {
    const fields = { unique: this.unique, accumulate: this.accumulate };
    if (saved.empty) return new Topic<V>(fields);
    const v = saved.value as unknown[];
    // `[seen, values]` (a unique topic) or a flat values list.
    if (this.unique && v.length === 2 && Array.isArray(v[0]) && Array.isArray(v[1])) return new Topic<V>(fields, [...(v[1] as V[])], new Set(v[0] as V[]));
    return new Topic<V>(fields, [...(v as V[])], this.unique ? new Set(v as V[]) : new Set());
  }
  copy(): Topic<V> {
    return new Topic({ unique: this.unique, accumulate: this.accumulate }, this.values, this.seen);
  }
}

export const topicSpec = <V>(accumulate = false): ChannelSpec<V[]> => specOf(new Topic<V>({ accumulate }));
