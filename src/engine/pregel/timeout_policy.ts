/**
 * Node timeouts as LangGraph.js names them: a hard cap per attempt (`runTimeout`) and a cap on time
 * without progress (`idleTimeout`), in milliseconds.
 */

/** How long one attempt of a node may take. */
export interface TimeoutPolicy {
  /** Wall-clock cap of one attempt; never refreshed. */
  runTimeout?: number;
  /** Cap on time without progress (writes, `task()` calls, custom stream writes, heartbeats). */
  idleTimeout?: number;
  /** `auto`: any progress refreshes the idle clock; `heartbeat`: only `config.heartbeat()`. @default 'auto' */
  refreshOn?: 'auto' | 'heartbeat';
}

/** A timeout option: milliseconds (a run timeout) or a policy. */
export type TimeoutOption = number | TimeoutPolicy;

function positiveMs(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) throw new Error(`${field} must be greater than 0`);
  return value;
}

/**
 * A normalised policy, or undefined when no timeout is set. Throws on a non-positive timeout or an
 * unknown `refreshOn`, as LangGraph.js does.
 */
export function coerceTimeoutPolicy(value: TimeoutOption | null | undefined): TimeoutPolicy | undefined {
  if (value === undefined || value === null) return undefined;
  const policy = typeof value === 'number' ? { runTimeout: value } : value;
  const refreshOn = policy.refreshOn ?? 'auto';
  if (refreshOn !== 'auto' && refreshOn !== 'heartbeat') throw new Error('refreshOn must be "auto" or "heartbeat"');
  const runTimeout = positiveMs(policy.runTimeout, 'runTimeout');
  const idleTimeout = positiveMs(policy.idleTimeout, 'idleTimeout');
  if (runTimeout === undefined && idleTimeout === undefined) return undefined;
  return { runTimeout, idleTimeout, refreshOn };
}
