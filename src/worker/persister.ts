/**
 * Writes a run's records to storage in batches, one `appendTrace` at a time and in order, so the
 * thread's trace can be rebuilt after a reload. The queue is bounded: past `maxPersistBacklog`
 * records the run waits for storage (`backpressure`) instead of growing memory without limit.
 */
import type { RunSummary, WireError } from '../protocol/dto';
import { createBatcher } from '../protocol/batcher';
import type { HostContext } from './context';
import { keepUntilStored } from './recovery';
import { storageErrorToWire } from './sandbox/storage-errors';
import type { TraceRecord } from './store';

type RecordBody = TraceRecord extends infer R ? (R extends TraceRecord ? Omit<R, 'runId' | 'seq'> : never) : never;

/** A run's persister. */
export interface Persister {
  /** Queues a record; its `seq` is assigned here. */
  push(body: RecordBody): void;
  /** Hands buffered records to storage if none were for a flush interval (see Batcher.flushEarly). */
  flushEarly(): void;
  /** Writes everything queued so far and waits for it. */
  sync(): Promise<WireError | null>;
  /** Resolves at once unless too many records wait for storage. */
  backpressure(): Promise<void>;
  /**
   * Writes everything queued, then the run's final summary in a write of its own (so a run whose
   * trace could not be stored, e.g. at quota, still records how it ended; if even that fails, the
   * summary is kept in memory by the run registry and tried again until storage takes it). Resolves with the first storage error, if any.
   */
  close(final: RunSummary): Promise<WireError | null>;
  /** Trace events pushed so far. */
  readonly traceCount: number;
}

/** Creates the persister of run `runId` on `threadId`. */
export function createPersister(ctx: HostContext, threadId: string, runId: string): Persister {
  let seq = 0;
  let traceCount = 0;
  let waiting = 0;
  let chain: Promise<void> = Promise.resolve();
  let failure: WireError | null = null;

  const batcher = createBatcher<TraceRecord>({
    maxBatch: ctx.options.maxPersistBatch,
    intervalMs: ctx.options.flushIntervalMs,
    schedule: ctx.schedule,
    now: ctx.now,
    flush: (records) => {
      chain = chain.then(async () => {
        try {
          // The session set the `next` of the run's checkpoints with its writes.
          if (!failure) await ctx.store.appendTrace(threadId, records, { setNext: false });
        } catch (err) {
          const error = storageErrorToWire(err);
          failure = { ...error, message: `The run's trace could not be stored: ${error.message}` };
        } finally {
          waiting -= records.length;
        }
      });
    },
  });

  return {
    push(body) {
      if (body.kind === 'trace') traceCount++;
      waiting++;
      batcher.push({ ...body, runId, seq: seq++ } as TraceRecord);
    },
    async backpressure() {
      if (waiting <= ctx.options.maxPersistBacklog) return;
      batcher.flushNow();
      await chain;
    },
    flushEarly: () => batcher.flushEarly(),
    async sync() {
      batcher.flushNow();
      await chain;
      return failure;
    },
    async close(final) {
      batcher.flushNow();
      await chain;
      const record = { kind: 'run', run: final, runId, seq: seq++ } as TraceRecord;
      try {
        await ctx.store.appendTrace(threadId, [record]);
      } catch (err) {
        keepUntilStored(ctx, threadId, record);
        failure ??= { ...storageErrorToWire(err) };
      }
      return failure;
    },
    get traceCount() {
      return traceCount;
    },
  };
}
