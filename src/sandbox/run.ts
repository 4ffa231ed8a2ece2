/**
 * Runs one graph for one `sb/run` request in its own sandbox worker: the engine streams its
 * checkpoints and trace events, which go to the storage worker in batches over the session port,
 * while the checkpointer proxy saves through the same port. Step mode (the engine's
 * `stopAfterSteps`) and breakpoints are applied here; how the run ended (and its final values) is
 * reported with `run/end`. The storage worker decides what the page is told (a run it cancelled
 * or timed out ends `cancelled` there).
 */
import { Command } from '../engine/index';
import type { Json, RunOutcome, WireError } from '../protocol/dto';
import { createBatcher } from '../protocol/batcher';
import { toJsonSafe } from '../protocol/json-safe';
import { ProxyStore } from './proxy-store';
import type { RunEvent } from '../protocol/messages';
import { runEventProblem } from '../protocol/sandbox-guards';
import type { RunInput, SandboxRunPlan, SessionEnd } from '../protocol/sandbox';
import { boundedError, errorToWire } from '../protocol/wire-error';
import type { TraceEvent } from '../shared/trace';
import type { HostGraph, HostRunConfig } from './engine-port';
import type { GraphModule } from './graphs/registry';
import { withCompiled } from './breakpoints';
import { createEventGate } from './event-gate';
import { traceData } from './trace-data';
import { isNoNetwork, NoNetworkError } from './no-network';
import { ERROR_CODES } from '../shared/errors';
import { ProxySaver } from './proxy-saver';
import type { SessionClient } from './session-client';
import { summaryFromChunk } from './wire';

/** How events are batched on their way to the storage worker. */
export interface RunBatching {
  /** @default 16 */
  intervalMs?: number;
  /** @default 500 */
  maxBatch?: number;
  /**
   * Writes in flight before a write waits for its commit (see ProxySaver), under `async`
   * durability; under `sync` every write waits for its commit. @default 1024
   */
  window?: number;
}

/**
 * Writes a run under async durability may have in flight: enough for the storage worker to commit
 * a few hundred supersteps in one transaction while the engine runs on (the engine itself stays at
 * most 64 checkpoints ahead of the puts it handed over), few enough to bound what waits in memory.
 */
const ASYNC_WINDOW = 1024;

const engineInput = (input: RunInput): unknown =>
  input.kind === 'value' ? input.value
  : input.kind === 'resume' ? new Command({ resume: input.resume.kind === 'value' ? input.resume.value : input.resume.values })
  : null;

/**
 * Runs `plan` with `module`, reporting to `session`. Never throws: a failure is the run's end.
 * @param abort aborted by `sb/cancel` (the engine stops between supersteps)
 */
export async function executeRun(module: GraphModule, plan: SandboxRunPlan, session: SessionClient, abort: AbortController, batching: RunBatching = {}): Promise<void> {
  const sync = plan.controls.durability === 'sync';
  const stream = createBatcher<RunEvent>({
    maxBatch: batching.maxBatch ?? 500,
    intervalMs: batching.intervalMs ?? 16,
    flush: (events) => session.notify({ type: 'run/events', events }),
  });
  // Events about a checkpoint follow its put on the port (see event-gate.ts).
  const gate = createEventGate((event) => {
    stream.push(event);
    // A node time limit is kept by the storage worker from the task events: they go out at once.
    const type = event.kind === 'trace' ? event.event.type : null;
    if (plan.eagerTaskEvents && (type === '@engine.task.run' || type === '@engine.task.finished')) stream.flushNow();
  });
  const saver = new ProxySaver(session, { window: sync ? 0 : (batching.window ?? ASYNC_WINDOW), onPost: (id) => gate.posted(id) });
  const emit = (event: RunEvent) => {
    // The storage worker refuses a malformed event (e.g. a node name over the id limit): it is dropped here.
    if (runEventProblem(event)) return;
    gate.push(event);
  };
  let end: Omit<SessionEnd, 'type'>;
  let graph: HostGraph | null = null;
  try {
    graph = module.build(saver);
    const store = threadStore(graph, session);
    const config = await runConfig(graph, plan, abort, (event) => {
      emit({ kind: 'trace', event: traceData(event) });
      if (event.type === '@engine.checkpoint.saved') stream.flushEarly();
    });
    if (config) {
      config.store = store;
      for await (const chunk of await graph.stream(engineInput(plan.input), config)) {
        const checkpoint = summaryFromChunk(chunk);
        if (checkpoint) emit({ kind: 'checkpoint', checkpoint });
      }
    }
    end = await settle(graph, plan.threadId, emit);
  } catch (err) {
    end = { outcome: 'error', result: null, error: runError(module, err) };
  }
  gate.release();
  stream.dispose();
  try {
    await saver.flush();
  } catch (err) {
    end = { outcome: 'error', result: null, error: boundedError(errorToWire(err, 'INTERNAL')) };
  }
  session.notify({ type: 'run/end', ...end });
}

/**
 * The thread's store, kept by the storage worker (see proxy-store.ts): nodes reach it with
 * `getStore()` / `config.store`. A store the graph was compiled with is replaced, as its
 * checkpointer is, so what the run stores is kept beside the thread.
 */
function threadStore(graph: HostGraph, session: SessionClient): ProxyStore {
  const store = new ProxyStore(session);
  const g = graph as HostGraph & { store?: unknown };
  if (g.store !== undefined) g.store = store;
  return store;
}

/**
 * A run's error as data; a user graph's error points at its line and column. A request graph code
 * made (see no-network.ts) is SANDBOX_NO_NETWORK with the catalogue's words, even when a node
 * wrapped it in an error of its own.
 */
function runError(module: GraphModule, err: unknown): WireError {
  const error = boundedError(errorToWire(err));
  if (isNoNetwork(err)) {
    error.code = 'SANDBOX_NO_NETWORK';
    if (!(err instanceof NoNetworkError)) error.message = `${error.message} (${ERROR_CODES.SANDBOX_NO_NETWORK('a network request')})`;
  }
  const position = module.locate?.(err);
  if (position) error.position = position;
  if (error.stack !== undefined && module.mapStack) error.stack = module.mapStack(error.stack);
  return error;
}

/** The engine config of the run; null when a fork without a run is done after its update. */
async function runConfig(graph: HostGraph, plan: SandboxRunPlan, abort: AbortController, trace: (e: TraceEvent) => void): Promise<HostRunConfig | null> {
  const c = plan.controls;
  let configurable: Record<string, unknown> = { thread_id: plan.threadId, ...plan.at };
  if (plan.fork) {
    const f = plan.fork;
    const next = await graph.updateState({ configurable: { thread_id: plan.threadId, checkpoint_ns: f.ns, checkpoint_id: f.checkpointId } }, f.values, f.asNode);
    if (!f.run) return null;
    configurable = { ...next.configurable, thread_id: plan.threadId };
  }
  // Step mode is the engine's own control: the run pauses once one superstep of the root graph
  // is committed, its next tasks pending (a trace listener never changes a run).
  const config: HostRunConfig & { stopAfterSteps?: number } = {
    configurable,
    recursionLimit: plan.recursionLimit,
    signal: abort.signal,
    streamMode: 'checkpoints',
    metadata: { graph_id: plan.graphId },
    runId: plan.runId,
    trace,
    durability: c.durability ?? 'async',
  };
  if (c.stepMode) config.stopAfterSteps = 1;
  // The debugger's breakpoints are added to the graph's compiled ones, never put in their place.
  const before = withCompiled(graph.interruptBefore, c.breakBefore);
  const after = withCompiled(graph.interruptAfter, c.breakAfter);
  if (before !== undefined) config.interruptBefore = before;
  if (after !== undefined) config.interruptAfter = after;
  return config;
}

/**
 * How a run that did not fail ended: interrupted, paused with tasks left, or done. Never throws:
 * a failure to read the final state is the run's error.
 */
async function settle(graph: HostGraph, threadId: string, emit: (event: RunEvent) => void): Promise<{ outcome: Exclude<RunOutcome, 'running' | 'cancelled' | 'unknown'>; result: Json | null; error: WireError | null }> {
  try {
    const snapshot = await graph.getState({ configurable: { thread_id: threadId } });
    const result = toJsonSafe(snapshot.values);
    if (snapshot.tasks.some((t) => (t.interrupts?.length ?? 0) > 0)) return { outcome: 'interrupted', result, error: null };
    // Tasks left: a breakpoint or step mode stopped the run. The checkpoint it stopped at is told
    // once more with its next nodes (a stop after a step leaves no chunk that says them), so its
    // row knows what is left to run.
    if (snapshot.next.length > 0) {
      const head = summaryFromChunk(snapshot);
      if (head) emit({ kind: 'checkpoint', checkpoint: head });
      return { outcome: 'paused', result, error: null };
    }
    return { outcome: 'done', result, error: null };
  } catch (err) {
    return { outcome: 'error', result: null, error: boundedError(errorToWire(err, 'INTERNAL')) };
  }
}
