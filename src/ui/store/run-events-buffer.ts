/**
 * Coalesces streamed run events for the store: the first batch is applied at once, and batches
 * that arrive within `windowMs` of the last application wait and are applied together when the
 * window ends. A fast run sends a batch every few milliseconds; applying each one re-merges the
 * whole timeline and re-renders it (O(rows) per batch, so O(rows²) over a 10,000-step run, and
 * long tasks). `flush()` applies what waits at once (before a run's end is handled, so order holds).
 */

/** A buffer over `apply`, which receives consecutive batches of one key (`keyOf`) merged. */
export function createEventBuffer<E>(apply: (events: E[]) => void, keyOf: (e: E) => string, windowMs = 100) {
  let waiting: E[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let quietSince = -Infinity;

  const applyAll = (events: E[]) => {
    // Batches of different runs or threads are applied in order, each group together.
    let start = 0;
    for (let i = 1; i <= events.length; i++) {
      if (i === events.length || keyOf(events[i]!) !== keyOf(events[start]!)) {
        apply(events.slice(start, i));
        start = i;
      }
    }
  };
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length > 0) applyAll(batch);
    quietSince = Date.now();
  };
  return {
    push(event: E) {
      waiting.push(event);
      if (timer !== null) return;
      if (Date.now() - quietSince >= windowMs) flush();
      else timer = setTimeout(flush, windowMs);
    },
    flush,
    /** Drops what waits (the store is being disposed). */
    clear() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      waiting = [];
    },
  };
}
