/** What `batch` takes besides the inputs and configs (LangChain's `RunnableBatchOptions`). */
export interface BatchOptions {
  /** Runs at a time (a config's own `maxConcurrency` wins). @default all */
  maxConcurrency?: number;
  /** A failed run's error is its result instead of rejecting the batch. @default false */
  returnExceptions?: boolean;
}

/**
 * Runs `run(0)` … `run(count - 1)` with at most `limit` running at once, starting them in index
 * order; resolves with their results in index order, or rejects with the first failure (the
 * others still run, as in LangChain's batch).
 */
export function runLimited<T>(count: number, limit: number, run: (i: number) => Promise<T>): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const results = new Array<T>(count);
    let started = 0;
    let finished = 0;
    const startNext = (): void => {
      if (started >= count) return;
      const i = started++;
      run(i).then(
        (value) => {
          results[i] = value;
          finished += 1;
          if (finished === count) resolve(results);
          else startNext();
        },
        (error: unknown) => {
          reject(error);
          startNext();
        },
      );
    };
    if (count === 0) resolve(results);
    for (let k = 0; k < Math.min(limit, count); k++) startNext();
  });
}
