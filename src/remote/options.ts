/** Every tunable of the remote client, with its default in one object. */

export interface RemoteOptions {
  /** A request (not a stream) that has not answered after this long fails with REMOTE_TIMEOUT. @default 30_000 */
  timeoutMs: number;
  /**
   * Retries of a request that failed to connect or got a 5xx (the SDK's retry loop, with its
   * backoff of about 1 s, then 2 s, …). @default 1
   */
  retries: number;
  /** A request waiting longer than this starts reporting progress (`onProgress`). @default 1_000 */
  slowAfterMs: number;
  /** How often progress is reported while waiting. @default 500 */
  progressEveryMs: number;
  /** How many times a cut stream is read on automatically before giving up with REMOTE_STREAM_CUT. @default 3 */
  readOnAttempts: number;
  /** Pause before reading on after a cut. @default 250 */
  readOnDelayMs: number;
  /**
   * A run's stream with no event for this long is taken for a dead connection and read on (0 =
   * never). Reading on is harmless when the run is only quiet. @default 60_000
   */
  streamIdleMs: number;
  /** Page size of listings when none is given. @default 20 */
  pageSize: number;
  /**
   * The fetch to use (the SDK's requests and the reachability probe). Absent: the global fetch.
   * @default undefined
   */
  fetch?: typeof fetch;
}

export const DEFAULT_REMOTE_OPTIONS: Readonly<RemoteOptions> = {
  timeoutMs: 30_000,
  retries: 1,
  slowAfterMs: 1_000,
  progressEveryMs: 500,
  readOnAttempts: 3,
  readOnDelayMs: 250,
  streamIdleMs: 60_000,
  pageSize: 20,
  fetch: undefined,
};

/** Per call: cancel it, hear that it is slow, or give it its own time limit. */
export interface CallOptions {
  /** Aborting it cancels the request (REMOTE_ABORTED). */
  signal?: AbortSignal;
  /** Called every `progressEveryMs` once the request has waited `slowAfterMs`. */
  onProgress?: (progress: { elapsedMs: number }) => void;
  /** Overrides `RemoteOptions.timeoutMs` for this call. */
  timeoutMs?: number;
}
