/**
 * Runs a previous worker left "running" (it was terminated by a forced cancel, or the page was
 * reloaded mid-run) are closed when the next worker opens storage: their summary is marked
 * cancelled and the thread's running flag cleared. Committed checkpoints are untouched.
 */
import type { RunSummary } from '../protocol/dto';
import type { HostContext } from './context';
import { runsFromRecords } from './store';

/** The message recorded on a run the worker stopped without finishing. */
export const STALE_RUN_MESSAGE =
  'The worker stopped while this run was going on (the page was reloaded or the worker was restarted to cancel it). Every checkpoint committed before that is kept.';

/** Marks stale runs cancelled; returns their ids. */
export async function recoverStaleRuns(ctx: HostContext): Promise<string[]> {
  const recovered: string[] = [];
  // The running flag is set before a run's first record is written, so only flagged threads can hold open runs.
  for (const thread of (await ctx.store.listThreads()).filter((t) => t.status === 'running')) {
    const records = await ctx.store.readTrace(thread.threadId);
    const open = runsFromRecords(records).filter((r) => r.outcome === 'running' && !ctx.runs.get(r.runId));
    for (const run of open) {
      const seq = records.reduce((max, r) => (r.runId === run.runId ? Math.max(max, r.seq) : max), -1) + 1;
      const closed: RunSummary = {
        ...run, outcome: 'cancelled', endedAt: new Date().toISOString(),
        error: { code: 'RUN_CANCELLED', name: 'RunCancelled', message: STALE_RUN_MESSAGE },
      };
      await ctx.store.appendTrace(thread.threadId, [{ runId: run.runId, seq, kind: 'run', run: closed }]);
      recovered.push(run.runId);
    }
    await ctx.store.setThreadRunning(thread.threadId, false);
  }
  return recovered;
}
