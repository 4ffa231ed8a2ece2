/**
 * Runs a graph for one request: takes the thread's lock, registers the run and stores its summary,
 * has a fresh sandbox worker run the engine (run-session.ts), streams the validated events to the
 * page in batches and persists them with the thread, and records how the run ended. The storage
 * worker decides the outcome the page sees; graph code only reports what it saw.
 */
import type { RunEvent } from '../protocol/messages';
import type { RunControls, RunKind, RunSummary, WireError } from '../protocol/dto';
import type { RunInput, SandboxRunPlan } from '../protocol/sandbox';
import { createBatcher } from '../protocol/batcher';
import type { HostContext } from './context';
import { hostError, threadBusy } from './context';
import { createPersister } from './persister';
import { WriteMemo } from '../checkpoint/idb/write-memo';
import type { ActiveRun } from './runs';
import { runInSandbox, type RunAttach, type RunEnd } from './sandbox/run-session';

/** What to run. */
export interface RunPlan {
  threadId: string;
  graphId: string;
  kind: RunKind;
  input: RunInput;
  /** `checkpoint_ns` / `checkpoint_id` to start from (replay). */
  at?: { checkpoint_ns: string; checkpoint_id: string };
  /** Fork: `updateState` first, then (when `run`) run from the new checkpoint. */
  fork?: SandboxRunPlan['fork'];
  fromCheckpointId: string | null;
  controls?: RunControls;
  /**
   * A program's graph call: the run's session goes to the program's worker (RunAttach); `refuse`
   * is called instead when the run ended before its session was handed over.
   */
  attach?: RunAttach & { refuse(error: WireError): void };
}

/** Registers a run and starts it; resolves with its summary once it is registered. */
export async function startRun(ctx: HostContext, plan: RunPlan): Promise<RunSummary> {
  ctx.graphs.assertApproved(plan.graphId);
  const graph = ctx.graphs.ref(plan.graphId);
  if (!graph) {
    const user = ctx.graphs.user(plan.graphId);
    if (user?.quarantine) throw hostError('GRAPH_QUARANTINED', plan.graphId, user.quarantine.message);
    throw hostError('NOT_FOUND', `graph "${plan.graphId}"`);
  }
  if (ctx.runs.ofThread(plan.threadId)) throw threadBusy(plan.threadId, 'this-tab');
  const summary: RunSummary = {
    runId: ctx.newRunId(), threadId: plan.threadId, kind: plan.kind, fromCheckpointId: plan.fromCheckpointId,
    startedAt: new Date().toISOString(), endedAt: null, outcome: 'running', error: null, graphId: plan.graphId,
  };
  const run: ActiveRun = { summary, abort: new AbortController(), done: Promise.resolve() };
  // Registered before the lock is awaited, so a second request of this tab is told "this tab".
  ctx.runs.add(run);
  const release = await ctx.locks.tryAcquire(plan.threadId).catch(() => null);
  if (!release) {
    ctx.runs.remove(summary.runId);
    throw threadBusy(plan.threadId, 'another-tab');
  }
  ctx.rememberGraph(plan.threadId, plan.graphId);
  run.done = execute(ctx, plan, run).finally(release);
  return summary;
}

async function execute(ctx: HostContext, plan: RunPlan, run: ActiveRun): Promise<void> {
  const { summary } = run;
  const persister = createPersister(ctx, plan.threadId, summary.runId);
  const stream = createBatcher<RunEvent>({
    maxBatch: ctx.options.maxBatchSize,
    intervalMs: ctx.options.flushIntervalMs,
    schedule: ctx.schedule,
    now: ctx.now,
    flush: (events) => ctx.send({ type: 'rg/run.events', runId: summary.runId, threadId: plan.threadId, events }),
  });
  // Let the `rg/run.started` reply go out first, so a page that subscribes on it misses nothing.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Events that arrive after the run ended are stored with it but not streamed.
  let streaming = true;
  const onEvents = async (events: RunEvent[]) => {
    for (const event of events) {
      if (streaming) stream.push(event);
      persister.push(event.kind === 'trace' ? { kind: 'trace', event: event.event } : { kind: 'checkpoint', checkpoint: event.checkpoint });
      // At step boundaries, send what waited longer than a flush interval (sparse or slow runs).
      if (event.kind === 'trace' && event.event.type === '@engine.checkpoint.saved') {
        stream.flushEarly();
        persister.flushEarly();
      }
    }
    await persister.backpressure();
  };
  let end: RunEnd;
  const memo = new WriteMemo();
  let delivered = false;
  const attach: RunAttach | undefined = plan.attach && {
    worker: plan.attach.worker,
    deliver: (port) => {
      delivered = true;
      plan.attach!.deliver(port);
    },
  };
  try {
    // Final summaries an earlier run could not store (quota) are written first, now that there may be room.
    await ctx.runs.retryUnsaved((threadId, records) => ctx.store.appendTrace(threadId, records));
    await ctx.store.setThreadRunning(plan.threadId, true, plan.graphId);
    // Stored before the engine starts: if the worker dies mid-run, the next one finds the run and closes it.
    persister.push({ kind: 'run', run: { ...summary } });
    const startError = await persister.sync();
    if (startError) throw Object.assign(new Error(startError.message), { name: 'StorageError', wire: startError });
    end = await runInSandbox(ctx.sandbox, {
      graph: ctx.graphs.ref(plan.graphId) ?? { id: plan.graphId },
      plan: sandboxPlan(ctx, plan, summary.runId),
      saver: ctx.store.saver,
      // The run's session holds the thread for the run's whole life: its memo stays exact.
      writeBatch: (ops) => ctx.store.writeBatch(ops, memo),
      startCheckpointId: plan.fromCheckpointId,
      store: (ops) => ctx.memory.batch(plan.threadId, ops),
      cancel: run.abort.signal,
      ...(plan.controls?.nodeTimeoutMs !== undefined ? { nodeTimeoutMs: plan.controls.nodeTimeoutMs } : {}),
      onEvents,
      now: ctx.now,
      ...(attach ? { attach } : {}),
    });
    if (end.whileLoading && (end.error?.code === 'SANDBOX_TIMEOUT')) await ctx.graphs.quarantineAfterRun(plan.graphId, end.error.message);
  } catch (err) {
    const wire = (err as { wire?: WireError }).wire;
    end = { outcome: 'error', result: null, error: wire ?? { code: 'INTERNAL', name: 'StorageError', message: err instanceof Error ? err.message : String(err) } };
  }
  if (plan.attach && !delivered) plan.attach.refuse(end.error ?? { code: 'INTERNAL', name: 'RunNotStarted', message: 'The run ended before it started.' });
  streaming = false;
  stream.dispose();
  Object.assign(summary, { outcome: end.outcome, error: end.error, endedAt: new Date().toISOString(), events: persister.traceCount });
  const storageError = await persister.close({ ...summary });
  if (storageError && !summary.error) summary.error = storageError;
  if (storageError && summary.outcome !== 'error' && storageError.code === 'QUOTA_EXCEEDED') summary.outcome = 'error';
  // A run whose end storage refused stays flagged: if this worker goes before the end is stored,
  // the next one's recovery finds the run and closes it (recovery.ts), instead of it staying "running".
  const endUnsaved = ctx.runs.unsavedOf(plan.threadId).some((r) => r.runId === summary.runId);
  if (!endUnsaved) await ctx.store.setThreadRunning(plan.threadId, false).catch(() => undefined);
  ctx.runs.remove(summary.runId);
  ctx.send({ type: 'rg/run.ended', runId: summary.runId, threadId: plan.threadId, outcome: summary.outcome as Exclude<RunSummary['outcome'], 'running'>, error: summary.error, result: end.result });
}

/** The plan as the sandbox runs it. */
function sandboxPlan(ctx: HostContext, plan: RunPlan, runId: string): SandboxRunPlan {
  const c = plan.controls ?? {};
  const controls: RunControls = {};
  if (c.stepMode) controls.stepMode = true;
  if (c.breakBefore?.length) controls.breakBefore = [...c.breakBefore];
  if (c.breakAfter?.length) controls.breakAfter = [...c.breakAfter];
  if (c.durability) controls.durability = c.durability;
  return {
    runId, threadId: plan.threadId, graphId: plan.graphId, kind: plan.kind, input: plan.input, controls,
    recursionLimit: c.recursionLimit ?? ctx.options.defaultRecursionLimit,
    eagerTaskEvents: c.nodeTimeoutMs !== undefined,
    ...(plan.at ? { at: plan.at } : {}),
    ...(plan.fork ? { fork: plan.fork } : {}),
  };
}
