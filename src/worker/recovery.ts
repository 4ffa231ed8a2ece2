/**
 * Runs a previous storage worker left "running" (the page was reloaded or closed mid-run, or the
 * worker was restarted) are closed when the next one opens storage: their summary is marked
 * cancelled and the thread's running flag cleared. Committed checkpoints are untouched. A thread
 * whose lock is held belongs to a run going on in another tab: it is left alone.
 */
import { CheckpointStorageError } from '../checkpoint/idb/errors';
import type { RunSummary } from '../protocol/dto';
import { ERROR_CODES } from '../shared/errors';
import { HostError, type HostContext } from './context';
import { runsFromRecords } from './store';

/** The message recorded on a run the worker stopped without finishing. */
export const STALE_RUN_MESSAGE =
  'The worker stopped while this run was going on (the page was reloaded or closed, or the worker was restarted to cancel it). Every checkpoint committed before that is kept.';

/** Marks stale runs cancelled; returns their ids. A thread that cannot be closed now (e.g. at quota) is tried again next time. */
export async function recoverStaleRuns(ctx: HostContext): Promise<string[]> {
  const recovered: string[] = [];
  // The running flag is set before a run's first record is written, so only flagged threads can hold open runs.
  for (const thread of (await ctx.store.listThreads()).filter((t) => t.running)) {
    if (ctx.runs.ofThread(thread.threadId)) continue;
    const release = await ctx.locks.tryAcquire(thread.threadId);
    if (!release) continue; // another tab's run holds it
    try {
      const records = await ctx.store.readTrace(thread.threadId);
      const open = runsFromRecords(records).filter((r) => r.outcome === 'running');
      for (const run of open) {
        const seq = records.reduce((max, r) => (r.runId === run.runId && Number.isInteger(r.seq) ? Math.max(max, r.seq) : max), -1) + 1;
        const closed: RunSummary = {
          ...run, outcome: 'cancelled', endedAt: new Date().toISOString(),
          error: { code: 'RUN_CANCELLED', name: 'RunCancelled', message: STALE_RUN_MESSAGE },
        };
        await ctx.store.appendTrace(thread.threadId, [{ runId: run.runId, seq, kind: 'run', run: closed }]);
        recovered.push(run.runId);
      }
      await ctx.store.setThreadRunning(thread.threadId, false);
    } catch {
      // Storage refused (quota): the thread stays flagged and is closed by a later start.
    } finally {
      release();
    }
  }
  return recovered;
}

/**
 * A failure to open storage as the page is told it: STORAGE_UNAVAILABLE with the reason in words
 * (e.g. another tab keeps an older version of the database open), answered at once to every
 * request until the database opens; anything else unchanged.
 */
export function storageUnavailable(err: unknown): unknown {
  if (!(err instanceof CheckpointStorageError) || err.failure === 'quota') return err;
  const detail = err.message.replace(/^Could not open database "[^"]*"(?: at version \d+)?: /, '');
  return new HostError('STORAGE_UNAVAILABLE', ERROR_CODES.STORAGE_UNAVAILABLE(detail));
}
