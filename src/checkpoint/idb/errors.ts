/** Storage failures of the IndexedDB checkpointer, turned into errors a user can act on. */

/** Why the browser database refused an operation. */
export type StorageFailure = 'quota' | 'blocked' | 'version' | 'closed' | 'aborted' | 'unavailable' | 'exists';

const ADVICE: Record<StorageFailure, string> = {
  quota: 'the browser storage quota is exceeded; delete old threads or free disk space',
  blocked: 'another tab keeps an older version of the database open; close or reload the other tabs',
  version: 'the database was upgraded by a newer version of the app; reload this page',
  closed: 'the browser closed the database connection',
  aborted: 'the transaction was aborted',
  unavailable: 'the browser database could not be used',
  exists: 'a checkpoint with this id is already stored, and a stored checkpoint is never replaced',
};

/**
 * An IndexedDB operation failed. Nothing of that operation was stored (each operation is one
 * transaction); everything committed before it is intact.
 */
export class CheckpointStorageError extends Error {
  override name = 'CheckpointStorageError';
  /**
   * @param failure the kind of failure, for code that reacts to it
   * @param operation what was being done, e.g. `put checkpoint 1f0… of thread "t1"`
   * @param cause the native error, if any
   */
  constructor(readonly failure: StorageFailure, operation: string, cause?: unknown) {
    const detail = cause instanceof Error || isDomExceptionLike(cause) ? ` (${cause.name}: ${cause.message})` : '';
    super(`Could not ${operation}: ${ADVICE[failure]}${detail}.`, { cause });
  }
}

function isDomExceptionLike(x: unknown): x is { name: string; message: string } {
  return typeof x === 'object' && x !== null && typeof (x as { name?: unknown }).name === 'string';
}

/** Maps a native IndexedDB error to a CheckpointStorageError (passing through ones already mapped). */
export function toStorageError(err: unknown, operation: string): Error {
  if (err instanceof CheckpointStorageError) return err;
  const name = isDomExceptionLike(err) ? err.name : '';
  const failure: StorageFailure =
    name === 'QuotaExceededError' ? 'quota'
    : name === 'VersionError' ? 'version'
    : name === 'InvalidStateError' ? 'closed'
    : name === 'AbortError' ? 'aborted'
    : name === 'ConstraintError' ? 'exists'
    : 'unavailable';
  return new CheckpointStorageError(failure, operation, err);
}
