/**
 * One server connection: the SDK client built from a `RemoteServerConfig`, and `call`, the single
 * path every request takes (a time limit, the caller's AbortSignal, progress while slow, and every
 * failure classified into a RemoteError).
 */
import { BaseClient, Client } from '@langchain/langgraph-sdk/client';
import { classify, type FaultContext, type RemoteError } from './errors';
import type { RemoteServerConfig } from './config';
import { DEFAULT_REMOTE_OPTIONS, type CallOptions, type RemoteOptions } from './options';
import { sameOriginFetch } from './same-origin-fetch';

/** `GET /info`, which the SDK has no method for, through the SDK's own request path (headers, key, retries). */
class MetaClient extends BaseClient {
  info(signal: AbortSignal): Promise<unknown> {
    return this.fetch<unknown>('/info', { signal });
  }
}

/** What a request is about, for the error it may become. */
export interface CallContext extends CallOptions {
  /** Names the thing a 404 is about, e.g. `Thread 1f…`. */
  what?: string;
  /** The thread a "busy" refusal is about. */
  threadId?: string;
}

export interface Connection {
  readonly config: RemoteServerConfig;
  readonly options: Readonly<RemoteOptions>;
  readonly sdk: Client;
  readonly meta: MetaClient;
  /** Runs one request (`fn` gets the signal to pass to the SDK) under the time limit, cancel and progress rules. */
  call<T>(operation: string, fn: (signal: AbortSignal) => Promise<T>, context?: CallContext): Promise<T>;
  /** Classifies a failure that happened outside `call` (streams). */
  fault(err: unknown, context: Omit<FaultContext, 'url' | 'probe'>): Promise<RemoteError>;
}

export function createConnection(config: RemoteServerConfig, overrides: Partial<RemoteOptions> = {}): Connection {
  const options: Readonly<RemoteOptions> = { ...DEFAULT_REMOTE_OPTIONS, ...overrides };
  const clientConfig = {
    apiUrl: config.url,
    // null: never fall back to API keys from environment variables.
    apiKey: config.apiKey ?? null,
    defaultHeaders: { ...config.headers },
    // Every request and stream goes through it: the key and headers reach only the saved origin.
    callerOptions: { maxRetries: options.retries, fetch: sameOriginFetch(config.url, options.fetch) },
  };
  const probe = () => probeReachable(config.url, options.fetch);
  const fault = (err: unknown, context: Omit<FaultContext, 'url' | 'probe'>) => classify(err, { ...context, url: config.url, probe });
  return {
    config,
    options,
    sdk: new Client(clientConfig),
    meta: new MetaClient(clientConfig),
    fault,
    async call(operation, fn, context = {}) {
      const timeoutMs = context.timeoutMs ?? options.timeoutMs;
      if (context.signal?.aborted) throw await fault(context.signal.reason, { operation, aborted: true });
      const ours = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        ours.abort();
      }, timeoutMs);
      const onAbort = () => ours.abort();
      context.signal?.addEventListener('abort', onAbort, { once: true });
      const stopProgress = reportProgress(context, options);
      try {
        return await fn(ours.signal);
      } catch (err) {
        throw await fault(err, {
          operation,
          what: context.what,
          threadId: context.threadId,
          aborted: !timedOut && context.signal?.aborted === true,
          timedOutAfterMs: timedOut ? timeoutMs : undefined,
        });
      } finally {
        clearTimeout(timer);
        stopProgress();
        context.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

/** Calls `onProgress` every `progressEveryMs` once `slowAfterMs` has passed; returns the stopper. */
export function reportProgress(context: CallOptions, options: Pick<RemoteOptions, 'slowAfterMs' | 'progressEveryMs'>): () => void {
  const onProgress = context.onProgress;
  if (!onProgress) return () => {};
  const started = Date.now();
  let every: ReturnType<typeof setInterval> | undefined;
  const tell = () => onProgress({ elapsedMs: Date.now() - started });
  const first = setTimeout(() => {
    tell();
    every = setInterval(tell, options.progressEveryMs);
  }, options.slowAfterMs);
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * Is anything answering at `url`? A `no-cors` request resolves with an opaque response whenever the
 * server answers, whatever its CORS headers, and rejects when nothing answers: after a failed CORS
 * request this tells a CORS refusal from a server that is down. (It is a diagnostic, not an API
 * call: it reads nothing.)
 */
export async function probeReachable(url: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<boolean> {
  try {
    await fetchImpl(`${url}/info`, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}
