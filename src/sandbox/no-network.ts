/**
 * Graph code has no network. The sandbox document's policy (`connect-src 'none'`, in
 * `src/client/sandbox-bootstrap.ts`) is what stops every request, in this worker and in any worker
 * graph code starts; this module only makes the refusal say so. Before any gallery or user module
 * is evaluated, the worker's `fetch`, `XMLHttpRequest`, `WebSocket` and `EventSource` are replaced
 * by ones that fail at once with `NoNetworkError` (a `TypeError`, as a failed fetch is), whose
 * message is the catalogue's SANDBOX_NO_NETWORK, and a run that fails with it ends with that code.
 */
import { ERROR_CODES } from '../shared/errors';

/** A network request graph code made; its message names the rule. */
export class NoNetworkError extends TypeError {
  readonly code = 'SANDBOX_NO_NETWORK';
  constructor(what: string) {
    super(ERROR_CODES.SANDBOX_NO_NETWORK(what));
    this.name = 'SandboxNoNetwork';
  }
}

/** The request `input` names, cut for a message. */
function target(input: unknown): string {
  let url: string;
  try {
    url = typeof input === 'string' ? input : input instanceof URL ? input.href : String((input as { url?: unknown })?.url ?? input);
  } catch {
    url = '(a request)';
  }
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}

/** A constructor that refuses to be made, named as the platform's. */
function refusing(name: string): unknown {
  const make = function (url?: unknown) {
    throw new NoNetworkError(`${name} to ${target(url)}`);
  };
  Object.defineProperty(make, 'name', { value: name });
  return make;
}

/** Replaces the network entry points of `scope` (the worker's global) by refusing ones. */
export function refuseNetwork(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): void {
  const set = (name: string, value: unknown) => Object.defineProperty(scope, name, { value, writable: true, configurable: true, enumerable: false });
  set('fetch', function fetch(input?: unknown) {
    return Promise.reject(new NoNetworkError(`fetch of ${target(input)}`));
  });
  for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource']) if (name in scope) set(name, refusing(name));
}

/** True when `err`, or an error it was caused by, is a refused request. */
export function isNoNetwork(err: unknown): boolean {
  for (let e = err, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof NoNetworkError) return true;
  }
  return false;
}
