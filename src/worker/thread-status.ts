/**
 * A thread's status, computed here and nowhere else. Storage (IndexedDB, the in-memory store, an
 * opened file) reports only facts: the running flag and what the head's pending writes say; the
 * worker adds what only it knows, whether a run of its own or another tab's holds the thread.
 */
import type { ThreadStatus } from '../protocol/dto';

/** What a thread's status is made of. */
export interface ThreadStatusFacts {
  /** A run holds the thread: one of this worker's, or a flagged one whose lock another tab holds. */
  running: boolean;
  /** The latest root checkpoint holds an `__error__` write (or the thread's records could not be read). */
  error: boolean;
  /** The latest root checkpoint holds an `__interrupt__` write. */
  interrupted: boolean;
}

/** `running` first, then `error` over `interrupted` (a failed step may also leave interrupts), else `idle`. */
export function threadStatus(facts: ThreadStatusFacts & { running: false }): Exclude<ThreadStatus, 'running'>;
export function threadStatus(facts: ThreadStatusFacts): ThreadStatus;
export function threadStatus(facts: ThreadStatusFacts): ThreadStatus {
  if (facts.running) return 'running';
  if (facts.error) return 'error';
  if (facts.interrupted) return 'interrupted';
  return 'idle';
}

/** The status facts of a head's pending writes (`[taskId, channel, value]`; none before the first checkpoint). */
export function headFacts(writes: readonly (readonly [string, string, unknown])[] | undefined): Pick<ThreadStatusFacts, 'error' | 'interrupted'> {
  return { error: writes?.some((w) => w[1] === '__error__') ?? false, interrupted: writes?.some((w) => w[1] === '__interrupt__') ?? false };
}
