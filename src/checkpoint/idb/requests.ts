/**
 * Transaction helpers: issue writes synchronously (so a value IndexedDB cannot clone is caught at
 * the call that names its channel), abort the whole transaction on any failure, and resolve only
 * after `tx.done`.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { CheckpointValueError } from '../../engine/checkpoint/types';
import { toStorageError } from './errors';
import type { ReplayGraphDB } from './schema';

type AnyTx = IDBPTransaction<ReplayGraphDB, StoreNames<ReplayGraphDB>[], 'readwrite'>;

/** Collects the requests of one read-write transaction. */
export class WriteBatch {
  private readonly requests: unknown[] = [];

  /**
   * @param tx the transaction every request belongs to
   * @param operation what the transaction does, for error messages
   */
  constructor(readonly tx: AnyTx, private readonly operation: string) {}

  /**
   * Issues one request. IndexedDB clones the value synchronously inside `put`, so a DataCloneError
   * surfaces here and becomes a CheckpointValueError naming `channel` (computed only then when
   * given as a function). A request may be a bare IDBRequest (not wrapped in a promise): its
   * failure aborts the transaction, which `commit` reports.
   */
  issue(channel: string | (() => string), request: () => unknown): void {
    try {
      this.requests.push(request());
    } catch (err) {
      if ((err as { name?: string }).name === 'DataCloneError') {
        throw new CheckpointValueError(typeof channel === 'string' ? channel : channel(), (err as Error).message);
      }
      throw err;
    }
  }

  /** Waits for every request and the commit; a failure anywhere rejects with a clear error. */
  async commit(): Promise<void> {
    try {
      await Promise.all([...this.requests, this.tx.done]);
    } catch (err) {
      this.abortQuietly();
      // A request that failed aborted the transaction: its error says why (e.g. a ConstraintError).
      throw toStorageError(failedRequestError(this.requests) ?? err, this.operation);
    }
  }

  /**
   * Aborts after `err` and rethrows it (value errors as they are, the rest mapped). Pending
   * requests reject with AbortError; they are awaited here so none goes unhandled.
   */
  async fail(err: unknown): Promise<never> {
    this.abortQuietly();
    await Promise.allSettled([...this.requests, this.tx.done]);
    throw err instanceof CheckpointValueError ? err : toStorageError(err, this.operation);
  }

  private abortQuietly(): void {
    try {
      this.tx.abort();
    } catch {
      // Already finished or aborted: nothing to undo.
    }
  }
}

/**
 * The first key of `record` that cannot be structured-cloned, for naming it in an error after
 * IndexedDB refused the record as a whole.
 */
export function firstUncloneableKey(record: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(record)) {
    try {
      structuredClone(value);
    } catch {
      return key;
    }
  }
  return undefined;
}

/** The error of the first request that failed, if any (what aborted its transaction). */
function failedRequestError(requests: readonly unknown[]): unknown {
  if (typeof IDBRequest === 'undefined') return undefined;
  for (const r of requests) if (r instanceof IDBRequest && r.readyState === 'done' && r.error) return r.error;
  return undefined;
}
