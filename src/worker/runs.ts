/**
 * The run registry: runs going on in this worker (one per thread at most), each with the abort
 * controller that cancels it and the reason it was stopped.
 */
import type { RunSummary } from '../protocol/dto';
import type { TraceRecord } from './store';

/** A run going on in this worker. */
export interface ActiveRun {
  summary: RunSummary;
  /** Aborted by a cancel: the run's sandbox is asked to stop, then stopped. */
  abort: AbortController;
  /** Settles when the run has ended and its records are stored. */
  done: Promise<void>;
}

/** Tracks active runs by run id and by thread. */
export class RunRegistry {
  private readonly byRun = new Map<string, ActiveRun>();
  private readonly byThread = new Map<string, string>();
  /** Ids of runs that ended in this worker, so a late cancel is answered "ok" instead of "not found". */
  private readonly ended = new Set<string>();
  /** Final run records storage refused (quota): shown from memory and written again later. */
  private readonly unsaved = new Map<string, { threadId: string; record: TraceRecord }>();

  /** Keeps a final run record that could not be stored. */
  keepUnsaved(threadId: string, record: TraceRecord): void {
    this.unsaved.set(record.runId, { threadId, record });
  }

  /** Final run summaries of a thread that are not stored yet. */
  unsavedOf(threadId: string): RunSummary[] {
    return [...this.unsaved.values()].flatMap((u) => (u.threadId === threadId && u.record.kind === 'run' ? [u.record.run] : []));
  }

  /** Tries to store the kept records again; the ones storage still refuses stay. */
  async retryUnsaved(append: (threadId: string, records: TraceRecord[]) => Promise<void>): Promise<void> {
    for (const [runId, u] of [...this.unsaved]) {
      try {
        await append(u.threadId, [u.record]);
        this.unsaved.delete(runId);
      } catch {
        // Still refused (the quota is still used up): kept for the next try.
      }
    }
  }

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

  /** Cancels a run (cooperatively first; see run-session.ts). Returns false when it is not active. */
  cancel(runId: string): boolean {
    const run = this.byRun.get(runId);
    if (!run) return false;
    run.abort.abort();
    return true;
  }

  /** Every active run. */
  active(): ActiveRun[] {
    return [...this.byRun.values()];
  }
}
