/** Storage failures as wire errors: a full quota gets its own code and a message saying what to do. */
import type { WireError } from '../../protocol/dto';
import { boundedError, errorToWire } from '../../protocol/wire-error';
import { ERROR_CODES } from '../../shared/errors';

/** True when `err` says the browser's storage quota is used up. */
export function isQuotaError(err: unknown): boolean {
  const e = err as { name?: unknown; failure?: unknown; cause?: unknown } | null;
  if (typeof e !== 'object' || e === null) return false;
  return e.name === 'QuotaExceededError' || e.failure === 'quota' || (e.cause !== undefined && e.cause !== err && isQuotaError(e.cause));
}

/** True when `err` says the store refused to replace a stored checkpoint (committed history is append-only). */
export function isRewriteError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { failure?: unknown }).failure === 'exists';
}

/**
 * A storage failure as data: QUOTA_EXCEEDED for a full quota, HISTORY_REWRITE for a put over a
 * stored checkpoint, else INTERNAL with the storage's message.
 */
export function storageErrorToWire(err: unknown): WireError {
  if (isRewriteError(err)) {
    const detail = err instanceof Error ? err.message : String(err);
    return { code: 'HISTORY_REWRITE', name: 'HistoryRewrite', message: ERROR_CODES.HISTORY_REWRITE(detail) };
  }
  if (isQuotaError(err)) {
    const detail = err instanceof Error ? err.message : String(err);
    return { code: 'QUOTA_EXCEEDED', name: 'QuotaExceededError', message: ERROR_CODES.QUOTA_EXCEEDED(detail) };
  }
  return boundedError(errorToWire(err, 'INTERNAL'));
}
