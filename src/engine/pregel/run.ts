/**
 * One run of a compiled graph (LangGraph.js `_streamIterator` + `_runLoop`): the config it runs
 * with (a nested run inherits its parent task's), the loop (first step, ticks, task execution,
 * exit), and how the run ends (done, interrupted, drained, out of steps, failed).
 */
import type { AbortSignalLike, BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { DEFAULT_RECURSION_LIMIT } from '../constants';
import { GraphDrained, GraphRecursionError, isGraphInterrupt } from '../errors';
import type { TraceListener } from '../../shared/trace';
import { readChannels } from './algo';
import { callTask } from './call';
import { asChainValues, startGraphRun } from './callbacks';
import { recastNamespace } from './checkpoint';
import { currentTask, type ParentGraphInfo } from './context';
import { finishInterrupted, saveAtExit } from './finish';
import { interruptId, uuid6 } from './ids';
import type { LoopMode, StreamMode } from './io';
import { PregelLoop, type Durability, type LoopParams, type NestedParams } from './loop';
import type { Pregel } from './pregel';
import { defaultSleep, type RetryPolicy, type SleepFn } from './retry';
import { RunControl } from './run_control';
import { runTasks } from './step';
import { abortReason } from './step_control';
import { merge } from './objects';
import { Tracer } from './tracer';

/** Options of `invoke` / `stream`: a RunnableConfig plus stream and trace options. */
export interface PregelOptions extends RunnableConfig {
  streamMode?: StreamMode | StreamMode[];
  /** Receives the engine's trace events (src/shared/trace.ts). Never changes a result. */
  trace?: TraceListener;
  /** Waits between retries; tests inject one that does not sleep. */
  sleep?: SleepFn;
  /** Random source for retry jitter. @default Math.random */
  random?: () => number;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  /** Also stream the chunks of subgraphs: chunks become `[namespace, chunk]` / `[namespace, mode, chunk]`. */
  subgraphs?: boolean;
  /** When checkpoints are saved. @default 'async' */
  durability?: Durability;
  /** Lets the caller (or a node) ask the run to stop at the next superstep boundary. */
  control?: RunControl;
  /** The channels `values` / `updates` report. @default the graph's stream channels (`invoke`: its output channels) */
  outputKeys?: string[] | string;
  /**
   * A replaygraph extension (not in LangGraph.js): the run pauses once this many supersteps of
   * the root graph are committed (their checkpoint saved), before the next step runs. The run
   * ends normally (its trace's `@engine.run.end` has status `paused`), the thread's latest
   * checkpoint has that step's tasks as `next`, and a run with input `null` continues from it.
   * Subgraphs' steps do not count. A positive integer. @default no limit
   */
  stopAfterSteps?: number;
}

/** How a nested run (a subgraph inside a task) is set up. */
export interface NestedRun {
  parent: ParentGraphInfo;
  params: NestedParams;
  checkpointer?: BaseCheckpointSaver;
  /** The running task's config (what a subgraph invoked without one inherits). */
  taskConfig: RunnableConfig;
}

/** When called inside a running task, a run of `graph` is a subgraph of that task's graph. */
export function nestedRun(graph: Pregel): NestedRun | undefined {
  const ctx = currentTask();
  const parent = ctx?.parentGraph?.();
  if (!ctx || !parent) return undefined;
  const sp = ctx.scratchpad;
  let ns = ctx.taskNs;
  if (sp.subgraphCounter > 0) ns = `${ns}|${sp.subgraphCounter}`;
  sp.subgraphCounter += 1;
  let checkpointer = graph.checkpointer;
  if (graph.checkpointMode === false) checkpointer = undefined;
  else if (parent.checkpointer && (graph.checkpointer === undefined || graph.checkpointMode === true)) checkpointer = parent.checkpointer;
  if (graph.checkpointMode === true) ns = recastNamespace(ns);
  return {
    parent,
    checkpointer,
    taskConfig: ctx.config,
    params: {
      ns, checkpointMap: parent.checkpointMap, resuming: parent.resuming, replayState: parent.replayState, resumeMap: parent.resumeMap,
      ...(sp.hasNullResume ? { nullResume: { value: sp.nullResume } } : {}),
    },
  };
}

/**
 * The root run's config: a subgraph's checkpoint config addresses the root (its `checkpoint_map`
 * names the root checkpoint it ran under), as in LangGraph.js.
 */
function rootConfig(config: RunnableConfig): RunnableConfig {
  const conf = config.configurable;
  if (!conf || conf.checkpoint_ns === undefined || conf.checkpoint_ns === '') return config;
  const { checkpoint_id: _id, ...rest } = conf;
  const map = conf.checkpoint_map as Record<string, string> | undefined;
  return { ...config, configurable: { ...rest, checkpoint_ns: '', ...(map?.[''] ? { checkpoint_id: map[''] } : {}) } };
}

/** `b` over `a`: top-level keys replaced, `configurable` and `metadata` merged. */
export function mergeConfigs(a: RunnableConfig | undefined, b: RunnableConfig | undefined): RunnableConfig {
  if (!a) return merge(b);
  if (!b) return merge(a);
  return merge(a, b, { configurable: merge(a.configurable, b.configurable), metadata: merge(a.metadata, b.metadata) });
}

interface ControllerLike {
  signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

declare function setTimeout(fn: () => void, ms: number): { unref?: () => void };

/**
 * The run's signal with a deadline of `timeout` ms (a RunnableConfig `timeout`), aborting with a
 * `TimeoutError` as `AbortSignal.timeout` does.
 */
function withDeadline(signal: AbortSignalLike | undefined, timeout: unknown): AbortSignalLike | undefined {
  const Ctor = (globalThis as { AbortController?: new () => ControllerLike }).AbortController;
  if (typeof timeout !== 'number' || !(timeout > 0) || !Ctor) return signal;
  const ctrl = new Ctor();
  const onAbort = () => ctrl.abort(signal!.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => ctrl.abort(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' })), timeout);
  // The timer must not keep a finished program alive.
  timer.unref?.();
  return ctrl.signal;
}

/** A signal aborting when either does. */
function joinSignals(a: AbortSignalLike | undefined, b: AbortSignalLike | undefined): AbortSignalLike | undefined {
  const Ctor = (globalThis as { AbortController?: new () => ControllerLike }).AbortController;
  if (!a || !b || !Ctor) return a ?? b;
  const ctrl = new Ctor();
  const onA = () => ctrl.abort(a.reason);
  const onB = () => ctrl.abort(b.reason);
  if (a.aborted) onA();
  else if (b.aborted) onB();
  else {
    a.addEventListener('abort', onA);
    b.addEventListener('abort', onB);
  }
  return ctrl.signal;
}

/** LangGraph.js `serverInfo`: the assistant, graph and user a LangGraph server runs this for. */
function serverInfoOf(config: RunnableConfig): { assistantId: string; graphId: string; user?: unknown } | undefined {
  const metadata = config.metadata ?? {};
  const c = config.configurable ?? {};
  const assistantId = c.assistant_id ?? metadata.assistant_id;
  const graphId = c.graph_id ?? metadata.graph_id;
  const auth = c.langgraph_auth_user;
  const user = auth != null && typeof auth === 'object' && 'identity' in auth ? auth : undefined;
  if (assistantId == null && graphId == null && user == null) return undefined;
  return { assistantId: assistantId != null ? String(assistantId) : '', graphId: graphId != null ? String(graphId) : '', user };
}

const quiet = new WeakSet<object>();

/** A signal nothing aborts (one per run, for nodes when the caller gave no signal). */
function quietSignal(): AbortSignalLike | undefined {
  const Ctor = (globalThis as { AbortController?: new () => ControllerLike }).AbortController;
  const signal = Ctor ? new Ctor().signal : undefined;
  if (signal) quiet.add(signal);
  return signal;
}

export interface RunWiring {
  modes: Set<LoopMode>;
  emit: (m: LoopMode, p: unknown) => void;
  nested: NestedRun | undefined;
  streamSink: LoopParams['streamSink'];
  /** The modes the root's stream takes subgraph chunks in. */
  sinkModes: ReadonlySet<string>;
  /** The stream's own signal (`cancel()`, leaving it early): it aborts the run as the caller's does. */
  cancel?: AbortSignalLike;
}

/** Runs `graph` to its end. Rejects with the run's failure (a root interrupt is not one). */
export async function runGraph(graph: Pregel, input: unknown, options: PregelOptions, w: RunWiring): Promise<void> {
  // `runId` / `runName` name the graph's own callbacks run; tasks must not inherit them.
  const { streamMode: _s, trace, sleep, random, interruptBefore, interruptAfter, subgraphs: _g, durability: d, outputKeys, runId, runName, stopAfterSteps, ...rest } = options;
  const nested = w.nested;
  if (stopAfterSteps !== undefined && !(Number.isInteger(stopAfterSteps) && stopAfterSteps >= 1)) {
    throw new Error(`Passed "stopAfterSteps" must be a positive integer (got ${String(stopAfterSteps)}).`);
  }
  const inherited = nested?.taskConfig;
  // A nested run inherits its task's config (keys, limits, signal), as LangGraph.js's ambient config.
  const merged = mergeConfigs(mergeConfigs(inherited, graph.config), rest);
  const config: RunnableConfig = nested ? { ...merged, configurable: { ...merged.configurable, thread_id: nested.parent.threadId as string } } : rootConfig(merged);
  const recursionLimit = config.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
  if (recursionLimit < 1) throw new Error('Passed "recursionLimit" must be at least 1.');
  const tracer = nested?.parent.tracer ? nested.parent.tracer.child(nested.params.ns) : new Tracer(trace, uuid6(), '');
  if (!nested && graph.checkpointer && !config.configurable?.thread_id) {
    throw new Error('This graph has a checkpointer: pass config.configurable.thread_id (e.g. { configurable: { thread_id: "1" } }).');
  }
  // A subgraph invoked inside a node without a config still hears the parent's cancellation.
  const signal = withDeadline(joinSignals(config.signal as AbortSignalLike | undefined, w.cancel), config.timeout);
  delete config.timeout;
  const control = (config.control ?? new RunControl()) as RunControl;
  const durability = d ?? nested?.parent.durability ?? 'async';
  if (signal?.aborted) throw abortReason(signal);
  if (graph.validatesInput(input)) input = await graph.validateInput(input);
  graph.validateContext(config);
  if (graph.store) config.store = graph.store;
  const graphRun = config.callbacks === undefined ? undefined : await startGraphRun({ ...config, runId, runName }, graph.name, input);
  const rootMap = nested ? undefined : (config.configurable?.checkpoint_map as Record<string, string> | undefined);
  const initialized = PregelLoop.initialize({
    nodes: graph.nodes, specs: graph.channels, triggerToNodes: graph.triggerToNodes,
    // `invoke` returns the output schema's keys; `stream` streams every channel of the state.
    inputKeys: graph.inputChannels, outputKeys: outputKeys ?? graph.streamChannels, streamKeys: graph.streamChannels,
    checkpointer: nested ? nested.checkpointer : graph.checkpointer,
    nested: nested?.params, checkpointMap: nested ? nested.params.checkpointMap : (rootMap ?? {}),
    streamSink: w.streamSink, sinkModes: w.sinkModes, cache: graph.cache,
    interruptBefore: interruptBefore ?? graph.interruptBefore,
    interruptAfter: interruptAfter ?? graph.interruptAfter,
    config: merge(config, { recursionLimit }), input, emit: w.emit, modes: w.modes, tracer, durability, control,
    // Only the root counts its steps: a subgraph runs within one step of its parent.
    stopAfterSteps: nested ? undefined : stopAfterSteps,
  });
  const loop = initialized instanceof Promise ? await initialized : initialized;
  const serverInfo = config.serverInfo ?? serverInfoOf(config);
  const taskBase: RunnableConfig = merge(config, { control }, serverInfo ? { serverInfo } : undefined);
  // Every task gets a signal, also when the caller gave none (LangGraph.js): then one that never aborts.
  const runnerOpts = {
    sleep: sleep ?? defaultSleep, random: random ?? Math.random, signal: signal ?? quietSignal(), abortable: signal !== undefined && !quiet.has(signal), config: taskBase, callTask, graphRun,
    stepTimeout: graph.stepTimeout, retryPolicy: graph.retryPolicy as RetryPolicy | undefined,
  };
  let failed = false;
  let rethrown = false;
  try {
    // Synchronous unless an effect must be waited for; like a step, it still yields once.
    await loop.first();
    // The loop's steps are synchronous where they can be: only what returns a promise is awaited.
    for (;;) {
      const more = loop.tick();
      if (!(typeof more === 'boolean' ? more : await more)) break;
      if (loop.p.cache) await loop.serveCached(loop.tasks);
      const ran = runTasks(loop, runnerOpts, interruptId);
      if (ran) await ran;
      // A root task left without writes (a Command.PARENT with no parent) ends the run here.
      if (!loop.tasks.every((t) => t.writes.length > 0)) break;
      const stored = loop.afterTick();
      // A step that finished synchronously still yields once, so that whatever else is waiting
      // (a stream's reader, a cancellation, other runs) gets its turn between supersteps.
      await stored;
      if (signal?.aborted) throw abortReason(signal);
    }
    if (loop.status === 'draining') throw new GraphDrained(control.drainReason ?? 'shutdown');
    if (loop.status === 'out_of_steps') {
      throw new GraphRecursionError(
        [`Recursion limit of ${recursionLimit} reached`, 'without hitting a stop condition. You can increase the', `limit by setting the "recursionLimit" config key.`].join(' '),
        { lc_error_code: 'GRAPH_RECURSION_LIMIT' },
      );
    }
  } catch (e) {
    failed = true;
    if (loop.p.durability === 'exit') await saveAtExit(loop, true);
    if (isGraphInterrupt(e)) {
      if (!nested) finishInterrupted(loop, e);
      tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'interrupted' });
      if (graphRun) await graphRun.handleChainEnd(asChainValues(readChannels(loop.channels, graph.outputChannels), 'output'));
      if (nested) {
        rethrown = true;
        throw e;
      }
      return;
    }
    if (graphRun) await graphRun.handleChainError(e);
    const err = e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) };
    const status = err.name === 'GraphRecursionError' ? 'out_of_steps' : err.name === 'AbortError' ? 'aborted' : err.name === 'GraphDrained' ? 'drained' : 'error';
    tracer.emit({ type: '@engine.run.end', step: loop.step, status, error: err });
    rethrown = true;
    throw e;
  } finally {
    if (!failed && loop.p.durability === 'exit') await saveAtExit(loop, false);
    // Every saver call of the run is stored before it ends (a failure surfaces here).
    const stored = loop.persistence.flush();
    if (stored && rethrown) await stored.catch(() => undefined);
    else if (stored) await stored;
  }
  if (loop.status === 'paused') tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'paused', pause: { stopAfterSteps: stopAfterSteps ?? 0 } });
  else tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'done' });
  if (graphRun) await graphRun.handleChainEnd(asChainValues(readChannels(loop.channels, graph.outputChannels), 'output'));
}
