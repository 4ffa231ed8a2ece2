/**
 * Runs a graph for one request: streams its trace and checkpoints to the page in batches, persists
 * them with the thread, honours step mode and cancel, and reports how the run ended.
 */
import type { RunEvent } from '../protocol/messages';
import type { Json, RunControls, RunKind, RunOutcome, RunSummary, WireError } from '../protocol/dto';
import type { TraceEvent } from '../shared/trace';
import { createBatcher } from './batcher';
import type { HostContext } from './context';
import { HostError } from './context';
import { errorToWire, summaryFromChunk } from './dto-map';
import type { HostGraph, HostRunConfig, RunnableConfig } from './engine-port';
import { toJsonSafe } from './json-safe';
import type { ActiveRun } from './runs';
import { createPersister } from './persister';

/** What to run. */
export interface RunPlan {
  threadId: string;
  graphId: string;
  kind: RunKind;
  /** The engine input: a value, null (continue), or a Command. */
  input: unknown;
  /** `checkpoint_ns` / `checkpoint_id` to start from (replay, fork). */
  at?: { checkpoint_ns?: string; checkpoint_id?: string };
  fromCheckpointId: string | null;
  controls?: RunControls;
  /** Work before the engine run (fork: updateState). Returns where to run from, or null to skip the run. */
  prepare?: (graph: HostGraph) => Promise<RunnableConfig | null>;
}

/** Registers a run and starts it; resolves with its summary once it is registered. */
export async function startRun(ctx: HostContext, plan: RunPlan): Promise<RunSummary> {
  const graph = ctx.graphs.get(plan.graphId);
  if (!graph) throw new HostError('NOT_FOUND', `There is no graph "${plan.graphId}".`);
  if (ctx.runs.ofThread(plan.threadId)) {
    throw new HostError('THREAD_BUSY', `Thread "${plan.threadId}" already has a run going on; cancel it or wait for it to end.`);
  }
  const summary: RunSummary = {
    runId: ctx.newRunId(), threadId: plan.threadId, kind: plan.kind, fromCheckpointId: plan.fromCheckpointId,
    startedAt: new Date().toISOString(), endedAt: null, outcome: 'running', error: null, graphId: plan.graphId,
  };
  const run: ActiveRun = { summary, abort: new AbortController(), stopReason: null, done: Promise.resolve() };
  ctx.runs.add(run);
  ctx.rememberGraph(plan.threadId, plan.graphId);
  run.done = execute(ctx, graph, plan, run);
  return summary;
}

async function execute(ctx: HostContext, graph: HostGraph, plan: RunPlan, run: ActiveRun): Promise<void> {
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
  // Tasks still finishing after a failed step may report after the run ended: such late events are
  // stored with the run but not streamed, so the page never sees events after `rg/run.ended`.
  let streaming = true;
  const emit = (event: RunEvent) => {
    if (streaming) stream.push(event);
    persister.push(event.kind === 'trace' ? { kind: 'trace', event: event.event } : { kind: 'checkpoint', checkpoint: event.checkpoint });
    // At step boundaries, send what waited longer than a flush interval (sparse or slow runs).
    if (event.kind === 'trace' && (event.event as { type?: unknown }).type === '@engine.checkpoint.saved') {
      stream.flushEarly();
      persister.flushEarly();
    }
  };
  let outcome: RunOutcome = 'done';
  let error: WireError | null = null;
  let result: Json | null = null;
  try {
    await ctx.store.setThreadRunning(plan.threadId, true, plan.graphId);
    // Stored before the engine starts: if the worker dies mid-run, the next one finds the run and closes it.
    persister.push({ kind: 'run', run: { ...summary } });
    const startError = await persister.sync();
    if (startError) throw Object.assign(new Error(startError.message), { name: 'StorageError' });
    const config = await runConfig(ctx, graph, plan, run, emit);
    if (config) {
      const chunks = await graph.stream(plan.input, config);
      for await (const chunk of chunks) {
        const checkpoint = summaryFromChunk(chunk);
        if (checkpoint) emit({ kind: 'checkpoint', checkpoint });
        await persister.backpressure();
      }
    }
    ({ outcome, result, error } = await settle(graph, plan));
  } catch (err) {
    if (run.stopReason === 'step') ({ outcome, result, error } = await settle(graph, plan));
    else if (run.stopReason === 'cancel') {
      outcome = 'cancelled';
      error = { code: 'RUN_CANCELLED', name: 'RunCancelled', message: 'The run was cancelled. Checkpoints committed before the cancel are kept.' };
    } else {
      outcome = 'error';
      error = errorToWire(err);
      // A user graph's error points at the line and column of its source.
      const position = ctx.graphs.module(plan.graphId)?.locate?.(err);
      if (position) error.position = position;
    }
  }
  streaming = false;
  stream.dispose();
  Object.assign(summary, { outcome, error, endedAt: new Date().toISOString(), events: persister.traceCount });
  persister.push({ kind: 'run', run: { ...summary } });
  const storageError = await persister.close();
  if (storageError && !error) error = summary.error = storageError;
  await ctx.store.setThreadRunning(plan.threadId, false).catch(() => undefined);
  ctx.runs.remove(summary.runId);
  ctx.send({ type: 'rg/run.ended', runId: summary.runId, threadId: plan.threadId, outcome, error, result });
}

/** The engine config of the run; null when the plan's preparation says not to run. */
async function runConfig(
  ctx: HostContext, graph: HostGraph, plan: RunPlan, run: ActiveRun, emit: (e: RunEvent) => void,
): Promise<HostRunConfig | null> {
  const c = plan.controls ?? {};
  let configurable: Record<string, unknown> = { thread_id: plan.threadId, ...plan.at };
  if (plan.prepare) {
    const from = await plan.prepare(graph);
    if (!from) return null;
    configurable = { ...from.configurable, thread_id: plan.threadId };
  }
  const config: HostRunConfig = {
    configurable,
    recursionLimit: c.recursionLimit ?? ctx.options.defaultRecursionLimit,
    signal: run.abort.signal,
    streamMode: 'checkpoints',
    metadata: { graph_id: plan.graphId },
    runId: run.summary.runId,
    trace: (event: TraceEvent) => {
      // Trace events are plain data by contract (src/shared/trace.ts); the only user value they
      // carry is an interrupt's payload, so only those events go through toJsonSafe (cheap path for the rest).
      emit({ kind: 'trace', event: event.type === '@engine.interrupt' || event.type === '@engine.error' ? toJsonSafe(event) : (event as unknown as Json) });
      // Step mode: stop at the boundary after the first superstep this run commits.
      if (c.stepMode && event.type === '@engine.checkpoint.saved' && event.checkpointNs === '' && event.source === 'loop') {
        ctx.runs.stop(run.summary.runId, 'step');
      }
    },
  };
  if (c.breakBefore?.length) config.interruptBefore = c.breakBefore;
  if (c.breakAfter?.length) config.interruptAfter = c.breakAfter;
  return config;
}

/**
 * How a run that did not fail ended: interrupted, paused with tasks left, or done. Never throws:
 * a failure to read the final state is the run's error.
 */
async function settle(graph: HostGraph, plan: RunPlan): Promise<{ outcome: RunOutcome; result: Json | null; error: WireError | null }> {
  try {
    const snapshot = await graph.getState({ configurable: { thread_id: plan.threadId } });
    const result = toJsonSafe(snapshot.values);
    if (snapshot.tasks.some((t) => (t.interrupts?.length ?? 0) > 0)) return { outcome: 'interrupted', result, error: null };
    // Tasks left: a breakpoint or step mode stopped the run.
    if (snapshot.next.length > 0) return { outcome: 'paused', result, error: null };
    return { outcome: 'done', result, error: null };
  } catch (err) {
    return { outcome: 'error', result: null, error: errorToWire(err, 'INTERNAL') };
  }
}
