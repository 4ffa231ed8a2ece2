/**
 * Enforcing a node's `timeout` on one attempt (LangGraph.js `runAttemptWithTimeout`): the
 * attempt races a run watchdog (a hard cap) and an idle watchdog (refreshed by progress). When one
 * fires first, the attempt's signal aborts, whatever it writes afterwards is dropped, and a
 * `NodeTimeoutError` is thrown (an ordinary failure: retried, or passed to an error handler). A
 * synchronous node that blocks past its budget is caught when it returns.
 */
import type { AbortSignalLike } from '../checkpoint/types';
import { NodeTimeoutError } from '../errors';
import type { TimeoutPolicy } from './timeout_policy';

declare function setTimeout(fn: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;

interface ControllerLike {
  signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

/** The progress of one timed attempt. */
export interface AttemptScope {
  /** False once the attempt timed out: its late writes are dropped. */
  readonly active: boolean;
  /** Records progress (writes, `task()` calls, custom stream writes) unless `refreshOn` is `heartbeat`. */
  progress(): void;
  /** An explicit heartbeat: always refreshes the idle clock. */
  heartbeat(): void;
  /** The attempt's signal: the caller's, aborted also when the timeout fires. */
  signal: AbortSignalLike | undefined;
}

const Controller = (globalThis as { AbortController?: new () => ControllerLike }).AbortController;

/** A signal that aborts when `outer` does or when `abort()` is called. */
function linkedController(outer: AbortSignalLike | undefined): { ctrl: ControllerLike | undefined; dispose(): void } {
  const ctrl = Controller ? new Controller() : undefined;
  if (!ctrl || !outer) return { ctrl, dispose() {} };
  const onAbort = () => ctrl.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort);
  return { ctrl, dispose: () => outer.removeEventListener('abort', onAbort) };
}

/**
 * Runs `invoke(scope)` under `policy`. Resolves with its value, rejects with its error, or rejects
 * with a NodeTimeoutError naming `node` when a watchdog fires first.
 */
export async function runWithTimeout<T>(node: string, policy: TimeoutPolicy, outer: AbortSignalLike | undefined, invoke: (scope: AttemptScope) => Promise<T>): Promise<T> {
  const { ctrl, dispose } = linkedController(outer);
  const start = Date.now();
  let lastProgress = start;
  let active = true;
  const scope: AttemptScope = {
    get active() {
      return active;
    },
    progress() {
      if ((policy.refreshOn ?? 'auto') === 'auto') lastProgress = Date.now();
    },
    heartbeat() {
      if (policy.idleTimeout !== undefined) lastProgress = Date.now();
    },
    signal: ctrl?.signal ?? outer,
  };
  type Result = { type: 'ok'; value: T } | { type: 'err'; error: unknown } | { type: 'timeout'; kind: 'run' | 'idle' };
  // The abandoned attempt may still reject after the timeout: its outcome is always handled.
  const outcome = invoke(scope).then((value): Result => ({ type: 'ok', value }), (error): Result => ({ type: 'err', error }));
  const timers: unknown[] = [];
  const watchdog = new Promise<Result>((resolve) => {
    if (policy.runTimeout !== undefined) timers.push(setTimeout(() => resolve({ type: 'timeout', kind: 'run' }), policy.runTimeout));
    const idle = policy.idleTimeout;
    if (idle !== undefined) {
      const check = () => {
        const remaining = lastProgress + idle - Date.now();
        if (remaining <= 0) resolve({ type: 'timeout', kind: 'idle' });
        else timers.push(setTimeout(check, remaining));
      };
      timers.push(setTimeout(check, idle));
    }
  });
  let result: Result;
  try {
    result = await Promise.race([outcome, watchdog]);
  } finally {
    for (const t of timers) clearTimeout(t);
  }
  if (result.type !== 'timeout') {
    const now = Date.now();
    if (policy.runTimeout !== undefined && now - start >= policy.runTimeout) result = { type: 'timeout', kind: 'run' };
    else if (policy.idleTimeout !== undefined && now - lastProgress >= policy.idleTimeout) result = { type: 'timeout', kind: 'idle' };
  }
  if (result.type === 'ok') {
    dispose();
    return result.value;
  }
  if (result.type === 'err') {
    dispose();
    throw result.error;
  }
  const elapsed = Date.now() - start;
  active = false;
  ctrl?.abort(Object.assign(new Error(`Node "${node}" timed out`), { name: 'AbortError' }));
  dispose();
  throw new NodeTimeoutError({ node, elapsed, kind: result.kind, runTimeout: policy.runTimeout, idleTimeout: policy.idleTimeout });
}
