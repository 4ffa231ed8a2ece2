/**
 * Topic: a list of values (flattening list writes). Without `accumulate` every step starts it
 * afresh, so it holds only the previous step's values (`__pregel_tasks`, the Send packets).
 * Available iff non-empty.
 */
import { EMPTY, emptyError, full, type Channel, type ChannelSpec, type Slot } from './base';

export class Topic<V = unknown> implements Channel<V[]> {
  readonly kind = 'Topic';
  constructor(private readonly accumulate: boolean, private values: readonly V[] = []) {}
  update(values: readonly unknown[]): boolean {
    let changed = false;
    let next: V[];
    if (!this.accumulate) {
      changed = this.values.length > 0;
      next = [];
    } else next = this.values.slice();
    for (const v of values) {
      if (Array.isArray(v)) next.push(...(v as V[]));
      else next.push(v as V);
      changed = true;
    }
    this.values = next;
    return changed;
  }
  get(): V[] {
    return this.values.length === 0 ? emptyError(this.kind) : (this.values as V[]);
  }
  isAvailable(): boolean {
    return this.values.length > 0;
  }
  checkpoint(): Slot<unknown> {
    return this.values.length === 0 ? EMPTY : full(this.values);
  }
  consume(): boolean {
    return false;
  }
  finish(): boolean {
    return false;
  }
  copy(): Topic<V> {
    return new Topic(this.accumulate, this.values);
  }
}

export const topicSpec = <V>(accumulate = false): ChannelSpec<V[]> => ({
  kind: 'Topic',
  create: () => new Topic<V>(accumulate),
  restore: (saved) => new Topic<V>(accumulate, saved.empty ? [] : (saved.value as V[])),
});
