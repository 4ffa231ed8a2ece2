/** The worker host's tunable limits, with every default in one place. */

/** Options of the worker host. */
export interface HostOptions {
  /** Streamed events are flushed to the page at most this often. @default 50 */
  flushIntervalMs?: number;
  /** …or as soon as this many events are buffered for one run (the buffer never grows past it). @default 500 */
  maxBatchSize?: number;
  /** Trace records are written to storage in batches of at most this many. @default 2000 */
  maxPersistBatch?: number;
  /** Persist writes still waiting when this many are queued make the run wait for storage (back-pressure). @default 20000 */
  maxPersistBacklog?: number;
  /** Largest page of history or trace a request may ask for. @default 500 */
  maxPageSize?: number;
  /** Recursion limit of a run when its controls do not say. @default 25 */
  defaultRecursionLimit?: number;
}

/** The defaults of `HostOptions`. */
export const DEFAULT_HOST_OPTIONS: Required<HostOptions> = {
  flushIntervalMs: 50,
  maxBatchSize: 500,
  maxPersistBatch: 2000,
  maxPersistBacklog: 20_000,
  maxPageSize: 500,
  defaultRecursionLimit: 25,
};
