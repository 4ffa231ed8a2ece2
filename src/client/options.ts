/** The client's options, with every default in one place. */

/** Where the client sends and receives; a Worker or a MessagePort. */
export interface ClientEndpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  /** A worker reports a failure to start or a crash as `error` (a port never does). */
  addEventListener(type: 'error', listener: (ev: Event) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'error', listener: (ev: Event) => void): void;
}

/** A worker the client can terminate. */
export interface WorkerLike extends ClientEndpoint {
  terminate(): void;
}

/** Options of `createWorkerClient`. */
export interface ClientOptions {
  /** Starts a fresh worker after a forced cancel. Without it the client cannot restart the worker. @default undefined */
  spawn?: (() => WorkerLike) | undefined;
  /**
   * How long a cancelled run may take to be reported ended before the storage worker is restarted.
   * The storage worker stops a run's sandbox itself after its own, shorter grace period, so this is
   * a last resort (a storage worker that stopped answering). @default 5000
   */
  cancelGraceMs?: number;
  /** How many ended runs `waitForRun` remembers. @default 200 */
  maxRememberedRuns?: number;
  /** Waits `ms` (tests inject a controllable clock). @default setTimeout-based */
  sleep?: (ms: number) => Promise<void>;
}

/** The defaults of `ClientOptions`. */
export const CLIENT_DEFAULTS: Required<Omit<ClientOptions, 'spawn'>> & Pick<ClientOptions, 'spawn'> = {
  spawn: undefined,
  cancelGraceMs: 5000,
  maxRememberedRuns: 200,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
