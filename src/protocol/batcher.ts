/**
 * Batches a stream of items: flushes when `maxBatch` items are buffered or `intervalMs` after the
 * first buffered item, whichever comes first. The buffer never holds more than `maxBatch` items,
 * so a run of 10,000 supersteps becomes a few hundred messages instead of 100,000.
 *
 * `flushEarly()` flushes at once if nothing was flushed for `intervalMs` (leading edge): callers
 * use it at step boundaries so sparse events are not held back, while busy streams still flush at
 * most once per interval.
 */

/** Schedules `fn` after `ms`; returns a cancel function. Injected so tests need no real timers. */
export type Schedule = (fn: () => void, ms: number) => () => void;

/** The platform scheduler (setTimeout). */
export const timerSchedule: Schedule = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

/** A batcher's settings. */
export interface BatcherOptions<T> {
  maxBatch: number;
  intervalMs: number;
  /** Receives each batch (never empty), in order. */
  flush: (items: T[]) => void;
  schedule?: Schedule;
  /** Milliseconds of a monotonic clock. @default performance.now */
  now?: () => number;
}

/** A running batcher. */
export interface Batcher<T> {
  push(item: T): void;
  /** Flushes whatever is buffered now. */
  flushNow(): void;
  /** Flushes now if the last flush is at least `intervalMs` old; otherwise leaves it to the timer. */
  flushEarly(): void;
  /** Items buffered and not yet flushed. */
  readonly size: number;
  /** Flushes and stops the timer. */
  dispose(): void;
}

/** Creates a batcher (see the module comment). */
export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  const schedule = options.schedule ?? timerSchedule;
  const now = options.now ?? (() => performance.now());
  let buffer: T[] = [];
  let cancelTimer: (() => void) | null = null;
  let lastFlush = -Infinity;

  const flushNow = () => {
    cancelTimer?.();
    cancelTimer = null;
    if (buffer.length === 0) return;
    lastFlush = now();
    const items = buffer;
    buffer = [];
    options.flush(items);
  };

  return {
    push(item) {
      buffer.push(item);
      if (buffer.length >= options.maxBatch) flushNow();
      else if (!cancelTimer) cancelTimer = schedule(flushNow, options.intervalMs);
    },
    flushNow,
    flushEarly() {
      if (buffer.length > 0 && now() - lastFlush >= options.intervalMs) flushNow();
    },
    get size() {
      return buffer.length;
    },
    dispose: flushNow,
  };
}
