/**
 * Retry policies (LangGraph.js names and defaults, times in milliseconds).
 */

export interface RetryPolicy {
  /** Wait before the first retry. @default 500 */
  initialInterval?: number;
  /** Multiplier of the wait after each retry. @default 2 */
  backoffFactor?: number;
  /** Upper bound of a wait. @default 128000 */
  maxInterval?: number;
  /** Attempts in all, the first included. @default 3 */
  maxAttempts?: number;
  /** Add a random 0–1000 ms to each wait. @default true */
  jitter?: boolean;
  /** Which errors to retry. @default every error except aborts, GraphValueError and HTTP 4xx statuses */
  /** (A method, so a handler typed for the errors it expects, `(e: Error) => …`, fits.) */
  retryOn?(error: unknown): boolean;
  /** Log each retry with `console.log`, as LangGraph.js does (the trace reports it too). @default true */
  logWarning?: boolean;
}

const NO_RETRY_STATUS = new Set([400, 401, 402, 403, 404, 405, 406, 407, 409]);

/** LangGraph.js's default `retryOn`. */
export function defaultRetryOn(error: unknown): boolean {
  const e = fieldsOf(error);
  const message = String(e.message ?? '');
  if (message.startsWith('Cancel') || message.startsWith('AbortError') || e.name === 'AbortError') return false;
  if (e.name === 'GraphValueError') return false;
  if (e.code === 'ECONNABORTED') return false;
  const status = fieldsOf(e.response).status ?? e.status;
  if (status && NO_RETRY_STATUS.has(Number(status))) return false;
  if (fieldsOf(e.error).code === 'insufficient_quota') return false;
  return true;
}

/** The fields of a thrown value (an Error, an HTTP client's error object…), none for a primitive. */
function fieldsOf(x: unknown): Record<string, unknown> {
  return typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
}

/** The wait before retry number `attempt` (1-based); `random` in [0, 1) for the jitter. */
export function retryDelay(policy: RetryPolicy, attempt: number, random: number): number {
  const initial = policy.initialInterval ?? 500;
  const interval = Math.min(policy.maxInterval ?? 128000, initial * (policy.backoffFactor ?? 2) ** (attempt - 1));
  return policy.jitter ?? true ? interval + random * 1000 : interval;
}

/** LangGraph.js's `console.log` line for a retry of task `name` after `delayMs`, attempt number `attempt` (1-based). */
export function retryLogLine(name: string, delayMs: number, attempt: number, error: unknown): string {
  const e = fieldsOf(error);
  const ctor = fieldsOf(e.constructor);
  const errorName = e.name ?? ctor.unminifiable_name ?? ctor.name;
  return `Retrying task "${name}" after ${delayMs.toFixed(2)}ms (attempt ${attempt}) after ${String(errorName)}: ${String(error)}`;
}

/** The policy that applies to `error` after `attempts` failed attempts, or undefined to give up. */
export function retryPolicyFor(policies: RetryPolicy | RetryPolicy[] | undefined, error: unknown, attempts: number): RetryPolicy | undefined {
  if (!policies) return undefined;
  const list = Array.isArray(policies) ? policies : [policies];
  for (const p of list) {
    if (!(p.retryOn ?? defaultRetryOn)(error)) continue;
    return attempts >= (p.maxAttempts ?? 3) ? undefined : p;
  }
  return undefined;
}

/** Waits `ms`, or rejects when `signal` aborts. Injectable so tests never sleep. */
export type SleepFn = (ms: number, signal?: { aborted: boolean; addEventListener(t: 'abort', l: () => void): void; removeEventListener(t: 'abort', l: () => void): void }) => Promise<void>;

declare function setTimeout(fn: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;

export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('AbortError'));
    const onAbort = () => {
      clearTimeout(id);
      reject(Object.assign(new Error('Aborted'), { name: 'AbortError' }));
    };
    const id = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort);
  });
