/**
 * Runs a previous storage worker left "running" (the page was reloaded or closed mid-run, or the
 * worker was restarted) are closed when the next one opens storage: their summary is marked
 * cancelled and the thread's running flag cleared. Committed checkpoints are untouched. A thread
 * whose lock is held belongs to a run going on in another tab: it is left alone.
 *
 * A run that ended on a full storage may have had its end refused too (the record saying so needs
 * space): nothing stored tells its end then, and after a reload the worker's memory of it is gone.
 * While the storage is still full, recovery does not call it cancelled: it closes it as ended on a
 * full storage (`QUOTA_EXCEEDED`), saying what it saw, shown from memory and stored once there is
 * room (see README, "A run's end at quota").
 */
import { CheckpointStorageError } from '../checkpoint/idb/errors';
import type { RunSummary, WireError } from '../protocol/dto';
import { ERROR_CODES } from '../shared/errors';
import { sizeInWords } from '../shared/size-words';
import { HostError, type HostContext } from './context';
import { isQuotaError } from './sandbox/storage-errors';
import { runsFromRecords, type TraceRecord } from './store';

/** The message recorded on a run the worker stopped without finishing. */
export const STALE_RUN_MESSAGE =
  'The worker stopped while this run was going on (the page was reloaded or closed, or the worker was restarted to cancel it). Every checkpoint committed before that is kept.';

/** Below this much free space (of the origin's quota) the storage counts as full. */
export const FULL_STORAGE_FREE_BYTES = 1024 * 1024;

/** The origin's storage use as the browser estimates it, if it says. */
export type StorageEstimate = () => Promise<{ usage: number; quota: number } | null>;

/** `navigator.storage.estimate()` where there is one (browsers, in workers too). */
export const browserEstimate: StorageEstimate = async () => {
  const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } } }).navigator?.storage;
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { usage, quota } = await storage.estimate();
    return typeof usage === 'number' && typeof quota === 'number' ? { usage, quota } : null;
  } catch {
    return null;
  }
};


/** The error of a run closed as ended on a full storage, with what showed it. */
export function fullStorageError(evidence: string): WireError {
  return {
    code: 'QUOTA_EXCEEDED',
    name: 'QuotaExceededError',
    message: ERROR_CODES.QUOTA_EXCEEDED(`this run stopped while it was used up, and how it ended could not be stored: ${evidence}`),
  };
}

/** How often end records storage refused are tried again while some are kept. */
export const UNSAVED_RETRY_MS = 3000;
/** Per worker, the threads whose kept end records are being tried again. */
const retrying = new WeakMap<HostContext, Set<string>>();

/**
 * Keeps a run's end record storage refused (quota): shown from memory, and tried again every
 * UNSAVED_RETRY_MS until storage takes it, so a later reload finds it stored rather than a run left
 * "running" (which that reload could no longer tell from a run stopped by the reload).
 */
export function keepUntilStored(ctx: HostContext, threadId: string, record: TraceRecord): void {
  ctx.runs.keepUnsaved(threadId, record);
  const threads = retrying.get(ctx);
  if (threads) return void threads.add(threadId);
  retrying.set(ctx, new Set([threadId]));
  const tick = async () => {
    await ctx.runs.retryUnsaved((t, records) => ctx.store.appendTrace(t, records));
    const waiting = retrying.get(ctx)!;
    for (const t of waiting) {
      if (ctx.runs.unsavedOf(t).length > 0) continue;
      waiting.delete(t);
      // Its end is stored now: the flag kept for a reload can go (unless a new run holds the thread).
      if (!ctx.runs.ofThread(t)) await ctx.store.setThreadRunning(t, false).catch(() => undefined);
    }
    if (waiting.size > 0) ctx.schedule(() => void tick(), UNSAVED_RETRY_MS);
    else retrying.delete(ctx);
  };
  ctx.schedule(() => void tick(), UNSAVED_RETRY_MS);
}

/** Marks stale runs closed; returns their ids. A thread that cannot be closed now (e.g. at quota) is tried again next time. */
export async function recoverStaleRuns(ctx: HostContext, estimate: StorageEstimate = browserEstimate): Promise<string[]> {
  const recovered: string[] = [];
  let full: string | null | undefined; // the evidence that storage is full now, once looked at
  const fullNow = async () => {
    if (full !== undefined) return full;
    const e = await estimate();
    full = e && e.quota - e.usage < FULL_STORAGE_FREE_BYTES
      ? `when the app was opened again only ${sizeInWords(e.quota - e.usage)} of the ${sizeInWords(e.quota)} quota were free`
      : null;
    return full;
  };
  // The running flag is set before a run's first record is written, so only flagged threads can hold open runs.
  for (const thread of (await ctx.store.listThreads()).filter((t) => t.running)) {
    if (ctx.runs.ofThread(thread.threadId)) continue;
    const release = await ctx.locks.tryAcquire(thread.threadId);
    if (!release) continue; // another tab's run holds it
    try {
      const records = await ctx.store.readTrace(thread.threadId);
      const open = runsFromRecords(records).filter((r) => r.outcome === 'running');
      let kept = false;
      for (const run of open) {
        const seq = records.reduce((max, r) => (r.runId === run.runId && Number.isInteger(r.seq) ? Math.max(max, r.seq) : max), -1) + 1;
        const evidence = await fullNow();
        const close = (error: WireError): TraceRecord => ({
          runId: run.runId, seq, kind: 'run',
          run: { ...run, outcome: error.code === 'RUN_CANCELLED' ? 'cancelled' : 'error', endedAt: new Date().toISOString(), error } satisfies RunSummary,
        });
        const record = close(evidence ? fullStorageError(evidence) : { code: 'RUN_CANCELLED', name: 'RunCancelled', message: STALE_RUN_MESSAGE });
        try {
          await ctx.store.appendTrace(thread.threadId, [record]);
        } catch (err) {
          if (!isQuotaError(err)) throw err;
          // Storage refuses even this record: it is full now. Shown from memory, stored once there is room.
          keepUntilStored(ctx, thread.threadId, evidence ? record : close(fullStorageError('when the app was opened again the storage refused to store even this note')));
          kept = true;
        }
        recovered.push(run.runId);
      }
      if (!kept) await ctx.store.setThreadRunning(thread.threadId, false);
    } catch {
      // Storage refused: the thread stays flagged and is closed by a later start.
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
