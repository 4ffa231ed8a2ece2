/**
 * The run registry: runs going on in this worker (one per thread at most), each with the abort
 * controller that cancels it and the reason it was stopped.
 */
import type { RunSummary } from '../protocol/dto';

/** Why the host stopped a run itself. */
export type StopReason = 'cancel' | 'step';

/** A run going on in this worker. */
export interface ActiveRun {
  summary: RunSummary;
  abort: AbortController;
  stopReason: StopReason | null;
  /** Settles when the run has ended and its records are stored. */
  done: Promise<void>;
}

/** Tracks active runs by run id and by thread. */
export class RunRegistry {
  private readonly byRun = new Map<string, ActiveRun>();
  private readonly byThread = new Map<string, string>();
  /** Ids of runs that ended in this worker, so a late cancel is answered "ok" instead of "not found". */
  private readonly ended = new Set<string>();

  /** The active run of a thread, if any. */
  ofThread(threadId: string): ActiveRun | undefined {
    const runId = this.byThread.get(threadId);
    return runId === undefined ? undefined : this.byRun.get(runId);
  }

  get(runId: string): ActiveRun | undefined {
    return this.byRun.get(runId);
  }

  hasEnded(runId: string): boolean {
    return this.ended.has(runId);
  }

  add(run: ActiveRun): void {
    this.byRun.set(run.summary.runId, run);
    this.byThread.set(run.summary.threadId, run.summary.runId);
  }

  remove(runId: string): void {
    const run = this.byRun.get(runId);
    if (!run) return;
    this.byRun.delete(runId);
    if (this.byThread.get(run.summary.threadId) === runId) this.byThread.delete(run.summary.threadId);
    this.ended.add(runId);
  }

  /** Stops a run at the next step boundary, recording why. Returns false when it is not active. */
  stop(runId: string, reason: StopReason): boolean {
    const run = this.byRun.get(runId);
    if (!run) return false;
    run.stopReason ??= reason;
    // Named AbortError so the engine records the run as aborted, not failed.
    const why = new Error(reason === 'cancel' ? 'Run cancelled' : 'Paused after one step');
    why.name = 'AbortError';
    run.abort.abort(why);
    return true;
  }

  /** Every active run. */
  active(): ActiveRun[] {
    return [...this.byRun.values()];
  }
}
