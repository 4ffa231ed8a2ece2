/**
 * A compiled graph: `invoke`, `stream`, and (in ./state) `getState`, `getStateHistory`,
 * `updateState`. Built by `StateGraph.compile()`.
 */
import { Runnable } from '@langchain/core/runnables';
import type { ChannelSpec } from '../channels/base';
import type { AbortSignalLike, BaseCheckpointSaver, CheckpointListOptions, RunnableConfig } from '../checkpoint/types';
import { DEFAULT_RECURSION_LIMIT, INTERRUPT } from '../constants';
import { AbortError, GraphRecursionError, isGraphInterrupt } from '../errors';
import type { TraceListener } from '../../shared/trace';
import { mergeCallbacks } from '../stream/setup';
import { interruptId, uuid6 } from './ids';
import { STREAM_MODES, type StreamMode } from './io';
import type { BaseCache } from './cache';
import { recastNamespace } from './checkpoint';
import { PregelLoop, type LoopParams, type NestedParams } from './loop';
import { currentTask, type ParentGraphInfo } from './context';
import { AsyncQueue } from './queue';
import { defaultSleep, type SleepFn } from './retry';
import { callTask } from './call';
import { runTasks } from './runner';
import { asChainValues, startGraphRun } from './callbacks';
import { readChannels } from './algo';
import { prepareStreamConfig } from '../stream/setup';
import type { StoreLike } from '../store/base';
import { getState, getStateHistory, updateState, type StateSnapshot } from './state';
import { Tracer } from './tracer';
import type { PregelNode } from './types';

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
}

/** How a nested run (a subgraph inside a task) is set up. */
interface NestedRun {
  parent: ParentGraphInfo;
  /** The config of the task running this graph (callbacks, writer, store… are inherited). */
  inherited: RunnableConfig;
  params: NestedParams;
  checkpointer?: BaseCheckpointSaver;
}

export interface PregelParams {
  name?: string;
  nodes: Record<string, PregelNode>;
  channels: Record<string, ChannelSpec>;
  inputChannels: string[] | string;
  outputChannels: string[] | string;
  streamChannels: string[] | string;
  checkpointer?: BaseCheckpointSaver;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  /** `true`: a subgraph keeping one history per thread (under its recast namespace); `false`: none. */
  checkpointMode?: boolean;
  /** The node cache. */
  cache?: BaseCache;
  /** The store nodes read (`compile({ store })`). */
  store?: StoreLike;
}

/**
 * The part of LangChain's Runnable API a compiled graph offers besides its own methods. A graph is
 * a LangChain Runnable at run time (so it pipes, batches, streams events and nests in chains like
 * LangGraph.js's), but its own `invoke` / `stream` / `getGraph` / `withConfig` keep their
 * LangGraph.js-shaped types, hence this narrower view of the base class.
 */
type RunnableSurface = Pick<Runnable<any, any>, 'pipe' | 'batch' | 'streamEvents' | 'streamLog' | 'withRetry' | 'withFallbacks' | 'withListeners' | 'asTool' | 'toJSON'> & { readonly lc_runnable: true };
const RunnableBase = Runnable as unknown as abstract new () => RunnableSurface;

function checkAbort(signal: AbortSignalLike | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new AbortError();
}

export class Pregel extends RunnableBase {
  lc_namespace = ['langgraph', 'pregel'];
  readonly name: string;
  readonly nodes: Record<string, PregelNode>;
  readonly channels: Record<string, ChannelSpec>;
  readonly inputChannels: string[] | string;
  readonly outputChannels: string[] | string;
  readonly streamChannels: string[] | string;
  checkpointer?: BaseCheckpointSaver;
  readonly interruptBefore?: string[] | '*';
  readonly interruptAfter?: string[] | '*';
  /** See PregelParams.checkpointMode. */
  readonly checkpointMode?: boolean;
  readonly cache?: BaseCache;
  readonly store?: StoreLike;
  /** Config every run starts from (`withConfig`), under the caller's options. */
  config?: PregelOptions;
  /** Trigger channel → nodes it triggers. */
  readonly triggerToNodes: Record<string, string[]>;

  constructor(p: PregelParams) {
    super();
    this.name = p.name ?? 'LangGraph';
    this.nodes = p.nodes;
    this.channels = p.channels;
    this.inputChannels = p.inputChannels;
    this.outputChannels = p.outputChannels;
    this.streamChannels = p.streamChannels;
    this.checkpointer = p.checkpointer;
    this.interruptBefore = p.interruptBefore;
    this.interruptAfter = p.interruptAfter;
    this.checkpointMode = p.checkpointMode;
    this.cache = p.cache;
    this.store = p.store;
    const t2n: Record<string, string[]> = {};
    for (const [name, node] of Object.entries(p.nodes)) for (const t of node.triggers) (t2n[t] ??= []).push(name);
    this.triggerToNodes = t2n;
  }

  getName(): string {
    return this.name;
  }

  /**
   * The same graph with `config` as the defaults of every run (merged: tags and callbacks add up,
   * metadata and configurable merge, other keys are replaced), as LangGraph.js's `withConfig`.
   */
  withConfig(config: PregelOptions): this {
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.assign(copy, this);
    copy.config = mergeOptions(this.config, config);
    return copy;
  }

  /** The state at `config.configurable.checkpoint_id`, or the thread's latest (with finished tasks' writes applied). */
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot> {
    return getState(this, config, options);
  }

  /** Every checkpoint of the thread, newest first, across all branches. */
  getStateHistory(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<StateSnapshot> {
    return getStateHistory(this, config, options);
  }

  /** Applies `values` as node `asNode` would have, saving an `update` checkpoint. */
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig> {
    return updateState(this, config, values, asNode);
  }

  /** Runs the graph to the end (or an interrupt) and returns the last values. */
  async invoke(input: unknown, options?: PregelOptions): Promise<any> {
    const streamMode = options?.streamMode ?? 'values';
    const chunks: unknown[] = [];
    const interruptChunks: unknown[] = [];
    let latest: unknown;
    const stream = await this.stream(input, { ...options, streamMode });
    for await (const chunk of stream) {
      if (streamMode === 'values') {
        if (chunk && typeof chunk === 'object' && Array.isArray((chunk as Record<string, unknown>)[INTERRUPT])) interruptChunks.push((chunk as Record<string, unknown>)[INTERRUPT]);
        else latest = chunk;
      } else chunks.push(chunk);
    }
    if (streamMode === 'values') {
      if (interruptChunks.length > 0) {
        const interrupts = interruptChunks.flat(1);
        if (latest == null) return { [INTERRUPT]: interrupts };
        if (typeof latest === 'object') return { ...(latest as object), [INTERRUPT]: interrupts };
      }
      return latest;
    }
    return chunks;
  }

  /**
   * Streams the run. One mode yields its chunks; an array of modes yields `[mode, chunk]` pairs.
   * @default streamMode 'updates' for stream() (LangGraph.js default for graphs)
   */
  async stream(input: unknown, given?: PregelOptions): Promise<AsyncIterableIterator<any>> {
    const options = this.config ? mergeOptions(this.config, given) : given;
    const requested = options?.streamMode ?? 'updates';
    const list = Array.isArray(requested) ? requested : [requested];
    for (const m of list) if (!STREAM_MODES.includes(m)) throw new Error(`Unknown stream mode "${String(m)}"`);
    const modes = new Set<StreamMode>(list);
    const queue = new AsyncQueue<[string[], StreamMode, unknown]>();
    const nested = this.nestedRun();
    const subgraphs = options?.subgraphs === true;
    const nsTuple = nested ? nested.params.ns.split('|') : [];
    const emit = (mode: StreamMode, payload: unknown) => {
      if (modes.has(mode)) queue.push([[], mode, payload]);
      if (nested?.parent.streamSink && nested.parent.modes.has(mode)) nested.parent.streamSink(nsTuple, mode, payload);
    };
    const sink = nested ? nested.parent.streamSink : subgraphs ? (ns: string[], mode: string, payload: unknown) => queue.push([ns, mode as StreamMode, payload]) : undefined;
    const loopModes = nested ? new Set<StreamMode>([...modes, ...(nested.parent.modes as ReadonlySet<StreamMode>)]) : modes;
    // `messages` and `custom` chunks come from callbacks and `config.writer` (see ../stream/setup).
    const runOptions = prepareStreamConfig(options ?? {}, {
      modes, subgraphs, ns: nested?.params.ns, inherited: nested?.inherited,
      push: (ns, mode, payload) => queue.push([ns, mode, payload]),
    });
    this.runLoop(input, runOptions, loopModes, emit, nested, sink).then(
      () => queue.close(),
      (e) => queue.fail(e),
    );
    const asArray = Array.isArray(requested);
    async function* gen() {
      for await (const [ns, mode, payload] of queue) {
        if (subgraphs) yield asArray ? [ns, mode, payload] : [ns, payload];
        else yield asArray ? [mode, payload] : payload;
      }
    }
    return gen();
  }

  /** When called inside a running task, this run is a subgraph of that task's graph. */
  private nestedRun(): NestedRun | undefined {
    const ctx = currentTask();
    const parent = ctx?.graph;
    if (!ctx || !parent) return undefined;
    const sp = ctx.scratchpad;
    let ns = ctx.taskNs;
    if (sp.subgraphCounter > 0) ns = `${ns}|${sp.subgraphCounter}`;
    sp.subgraphCounter += 1;
    let checkpointer = this.checkpointer;
    if (this.checkpointMode === false) checkpointer = undefined;
    else if (parent.checkpointer && (this.checkpointer === undefined || this.checkpointMode === true)) checkpointer = parent.checkpointer;
    if (this.checkpointMode === true) ns = recastNamespace(ns);
    return {
      parent,
      checkpointer,
      inherited: ctx.config,
      params: {
        ns, checkpointMap: parent.checkpointMap, resuming: parent.resuming, replayState: parent.replayState,
        ...(sp.hasNullResume ? { nullResume: { value: sp.nullResume } } : {}),
      },
    };
  }

  private async runLoop(input: unknown, options: PregelOptions, modes: Set<StreamMode>, emit: (m: StreamMode, p: unknown) => void, nested: NestedRun | undefined, streamSink: LoopParams['streamSink']): Promise<void> {
    // `runId` / `runName` name the graph's own callbacks run; tasks must not inherit them.
    const { streamMode: _s, trace, sleep, random, interruptBefore, interruptAfter, subgraphs: _g, runId, runName, ...config } = options;
    const recursionLimit = config.recursionLimit ?? DEFAULT_RECURSION_LIMIT;
    if (recursionLimit < 1) throw new Error('Passed "recursionLimit" must be at least 1.');
    const tracer = nested?.parent.tracer ? nested.parent.tracer.child(nested.params.ns) : new Tracer(trace, uuid6(), '');
    if (nested) config.configurable = { ...config.configurable, thread_id: nested.parent.threadId as string };
    else if (this.checkpointer && !config.configurable?.thread_id) {
      throw new Error('This graph has a checkpointer: pass config.configurable.thread_id (e.g. { configurable: { thread_id: "1" } }).');
    }
    const signal = config.signal;
    checkAbort(signal);
    if (this.store) config.store = this.store;
    const graphRun = config.callbacks === undefined ? undefined : await startGraphRun({ ...config, runId, runName }, this.name, input);
    const loop = await PregelLoop.initialize({
      nodes: this.nodes, specs: this.channels, triggerToNodes: this.triggerToNodes,
      inputKeys: this.inputChannels, outputKeys: this.outputChannels, streamKeys: this.streamChannels,
      checkpointer: nested ? nested.checkpointer : this.checkpointer,
      nested: nested?.params, streamSink, cache: this.cache,
      interruptBefore: interruptBefore ?? this.interruptBefore,
      interruptAfter: interruptAfter ?? this.interruptAfter,
      config: { ...config, recursionLimit }, input, emit, modes, tracer,
    });
    const runnerOpts = { sleep: sleep ?? defaultSleep, random: random ?? Math.random, signal, config, callTask, graphRun };
    try {
      await loop.first();
      while (await loop.tick()) {
        checkAbort(signal);
        await loop.matchCachedWrites();
        await runTasks(loop, runnerOpts, interruptId);
        await loop.afterTick();
        checkAbort(signal);
      }
      if (loop.status === 'out_of_steps') {
        throw new GraphRecursionError(
          [`Recursion limit of ${recursionLimit} reached`, 'without hitting a stop condition. You can increase the', `limit by setting the "recursionLimit" config key.`].join(' '),
          { lc_error_code: 'GRAPH_RECURSION_LIMIT' },
        );
      }
      tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'done' });
      await graphRun?.handleChainEnd(asChainValues(readChannels(loop.channels, this.outputChannels), 'output'));
    } catch (e) {
      if (isGraphInterrupt(e) && !nested) {
        loop.finishInterrupted(e);
        tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'interrupted' });
        await graphRun?.handleChainEnd(asChainValues(readChannels(loop.channels, this.outputChannels), 'output'));
        return;
      }
      await graphRun?.handleChainError(e);
      const err = e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) };
      if (isGraphInterrupt(e)) {
        tracer.emit({ type: '@engine.run.end', step: loop.step, status: 'interrupted' });
        throw e;
      }
      const status = err.name === 'GraphRecursionError' ? 'out_of_steps' : err.name === 'AbortError' ? 'aborted' : 'error';
      tracer.emit({ type: '@engine.run.end', step: loop.step, status, error: err });
      throw e;
    }
  }
}

/** Two run configs merged as LangChain merges configs (`withConfig` defaults under call options). */
function mergeOptions(base: PregelOptions | undefined, over: PregelOptions | undefined): PregelOptions {
  if (!base) return { ...over };
  if (!over) return { ...base };
  const out: PregelOptions = { ...base, ...over };
  if (base.configurable || over.configurable) out.configurable = { ...base.configurable, ...over.configurable };
  if (base.metadata || over.metadata) out.metadata = { ...base.metadata, ...over.metadata };
  if (base.tags || over.tags) out.tags = [...(base.tags ?? []), ...(over.tags ?? [])];
  if (base.callbacks !== undefined && over.callbacks !== undefined) out.callbacks = mergeCallbacks(base.callbacks, over.callbacks);
  return out;
}
