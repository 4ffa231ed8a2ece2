/** Listeners keyed by run id, with `'*'` for every run. Each `on` returns its unsubscribe. */
export class RunListeners<A extends unknown[]> {
  private readonly byKey = new Map<string, Set<(...args: A) => void>>();

  /** Subscribes `cb` to one run, or to all with `'*'`. */
  on(key: string, cb: (...args: A) => void): () => void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(cb);
    return () => {
      set.delete(cb);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }

  /** Calls the listeners of `runId` and of `'*'`. A throwing listener does not stop the others. */
  emit(runId: string, ...args: A): void {
    for (const key of [runId, '*']) {
      for (const cb of [...(this.byKey.get(key) ?? [])]) {
        try {
          cb(...args);
        } catch (err) {
          console.error('A run listener failed:', err);
        }
      }
    }
  }

  clear(): void {
    this.byKey.clear();
  }
}
