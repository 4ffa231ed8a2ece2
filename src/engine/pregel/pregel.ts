/**
 * A compiled graph: `invoke`, `stream`, and (in ./state) `getState`, `getStateHistory`,
 * `updateState`. Built by `StateGraph.compile()`.
 */
import { Runnable } from '@langchain/core/runnables';
import { isChannel, specOf, type Channel, type ChannelSpec } from '../channels/base';
import { topicSpec } from '../channels/topic';
import type { AbortSignalLike, BaseCheckpointSaver, CheckpointListOptions, RunnableConfig } from '../checkpoint/types';
import { INTERRUPT, TASKS } from '../constants';
import { mergeCallbacks, prepareStreamConfig } from '../stream/setup';
import type { StoreLike } from '../store/base';
import { ENVELOPE_MODE, STREAM_MODES, type LoopMode, type StreamMode } from './io';
import { streamEventsV3, type StreamEventsV3Options } from '../stream/protocol/stream_events';
import type { StreamTransformer } from '../stream/protocol/types';
import type { GraphRunStream } from '../stream/protocol/run_stream';
import type { ByteStream } from '../stream/protocol/web';
import type { StreamEvent } from '@langchain/core/tracers/log_stream';
import type { IterableReadableStream } from '@langchain/core/utils/stream';
import type { BaseCache } from './cache';
import { bulkUpdateState, type SuperstepUpdate } from './bulk_update';
import { currentTask } from './context';
import { merge } from './objects';
import { runLimited, type BatchOptions } from './batch';
import { AsyncQueue } from './queue';
import type { RetryPolicy } from './retry';
import { nestedRun, runGraph, type PregelOptions } from './run';
import { getState, getStateHistory, type StateSnapshot } from './state';
import type { PregelNode } from './types';
import { isPregelNode, toEngineNode, type PregelNode as LowLevelNode } from './lowlevel';

export type { PregelOptions } from './run';

/**
 * What `stream()` returns: the chunks, and (LangGraph.js's) `cancel()` and `signal`. The chunks are
 * `any`, as a LangGraph.js graph's are to code that reads them without narrowing (the graph is not
 * generic over its state here).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
export interface GraphStream extends AsyncGenerator<any, void, unknown> {
  /** Aborts the run (its tasks' signals abort); the stream ends. */
  cancel(reason?: unknown): Promise<void>;
  /** Aborted when `cancel()` is called. */
  signal: AbortSignalLike;
}

export interface PregelParams {
  name?: string;
  /** The engine's nodes, or LangGraph.js's low-level `PregelNode`s (`Channel.subscribeTo(…)`). */
  nodes: Record<string, PregelNode | LowLevelNode>;
  /** Channel specs, or channel instances (`new LastValue()`, …). */
  channels: Record<string, ChannelSpec | Channel>;
  inputChannels: string[] | string;
  outputChannels: string[] | string;
  /** @default every channel */
  streamChannels?: string[] | string;
  /** What `stream()` streams when no mode is given. @default 'values' */
  streamMode?: StreamMode | StreamMode[];
  stepTimeout?: number;
  retryPolicy?: RetryPolicy;
  config?: RunnableConfig;
  checkpointer?: BaseCheckpointSaver;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  /** `true`: a subgraph keeping one history per thread (under its recast namespace); `false`: none. */
  checkpointMode?: boolean;
  /** The node cache. */
  cache?: BaseCache;
  /** The store nodes read (`compile({ store })`). */
  store?: StoreLike;
  /** Transformers of every `streamEvents(…, { version: 'v3' })` run (`compile({ transformers })`). */
  streamTransformers?: ReadonlyArray<() => StreamTransformer<unknown>>;
}

/**
 * The part of LangChain's Runnable API a compiled graph offers besides its own methods. A graph is
 * a LangChain Runnable at run time (so it pipes, streams events and nests in chains like
 * LangGraph.js's), but its own `invoke` / `stream` / `batch` / `getGraph` / `withConfig` keep their
 * LangGraph.js-shaped types, hence this narrower view of the base class.
 */
type RunnableSurface = Pick<Runnable<unknown, unknown>, 'pipe' | 'streamLog' | 'withRetry' | 'withFallbacks' | 'withListeners' | 'asTool' | 'toJSON'>;
const RunnableBase: abstract new () => RunnableSurface = Runnable;

/** The options of LangChain's own event stream (`version: 'v1' | 'v2'`). */
type LcEventsOptions = PregelOptions & { version: 'v1' | 'v2'; encoding?: 'text/event-stream' };
/** LangChain's `streamEvents` (the base class's), run on a graph. */
const lcStreamEvents = Runnable.prototype.streamEvents as (this: Pregel, input: unknown, options: LcEventsOptions, streamOptions?: Parameters<Runnable['streamEvents']>[2]) => IterableReadableStream<StreamEvent | Uint8Array>;

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
  /** See PregelParams.streamTransformers. */
  readonly streamTransformers: ReadonlyArray<() => StreamTransformer<unknown>>;
  /** Config every run starts from (`withConfig`), under the caller's options. */
  config?: PregelOptions;
  /** Trigger channel → nodes it triggers. */
  readonly triggerToNodes: Record<string, string[]>;
  /** Milliseconds a superstep may take; past it the run fails (`Error("Abort")`, as LangGraph.js). */
  stepTimeout?: number;
  /** The retry policy of nodes that have none of their own. */
  retryPolicy?: RetryPolicy;
  /** What `stream()` streams when no mode is given. */
  readonly streamMode: StreamMode | StreamMode[];

  constructor(p: PregelParams) {
    super();
    this.name = p.name ?? 'LangGraph';
    this.nodes = Object.fromEntries(Object.entries(p.nodes).map(([k, n]) => [k, isPregelNode(n) ? toEngineNode(k, n) : n]));
    const channels: Record<string, ChannelSpec> = Object.fromEntries(Object.entries(p.channels).map(([k, c]) => [k, isChannel(c) ? specOf(c) : c]));
    if (channels[TASKS] && channels[TASKS].kind !== 'Topic') throw new Error(`Channel '${TASKS}' is reserved and cannot be used in the graph.`);
    channels[TASKS] ??= topicSpec(false);
    this.channels = channels;
    this.inputChannels = p.inputChannels;
    this.outputChannels = p.outputChannels;
    this.streamChannels = p.streamChannels ?? Object.keys(channels).filter((k) => k !== TASKS);
    this.streamMode = p.streamMode ?? 'values';
    this.stepTimeout = p.stepTimeout;
    this.retryPolicy = p.retryPolicy;
    this.config = p.config;
    this.checkpointer = p.checkpointer;
    this.interruptBefore = p.interruptBefore;
    this.interruptAfter = p.interruptAfter;
    this.checkpointMode = p.checkpointMode;
    this.cache = p.cache;
    this.store = p.store;
    this.streamTransformers = p.streamTransformers ?? [];
    const t2n: Record<string, string[]> = {};
    for (const [name, node] of Object.entries(p.nodes)) for (const t of node.triggers) (t2n[t] ??= []).push(name);
    this.triggerToNodes = t2n;
  }

  getName(): string {
    return this.name;
  }

  /**
   * Runs every input (each with its config), concurrently, as LangChain's `Runnable.batch`: at most
   * `maxConcurrency` at a time (the first config's, else `batchOptions`'), results in input order;
   * with `returnExceptions` a failed run's error takes its place instead of rejecting the batch.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
  batch(inputs: unknown[], options?: PregelOptions | PregelOptions[], batchOptions?: BatchOptions): Promise<any[]> {
    if (Array.isArray(options) && options.length !== inputs.length) {
      return Promise.reject(new Error(`Passed "options" must be an array with the same length as the inputs, but got ${options.length} options for ${inputs.length} inputs`));
    }
    const configs = inputs.map((_, i) => (Array.isArray(options) ? options[i] : options));
    const own = configs[0]?.maxConcurrency;
    const limit = typeof own === 'number' ? own : batchOptions?.maxConcurrency ?? inputs.length;
    const runOne = (i: number): Promise<unknown> =>
      this.invoke(inputs[i], configs[i]).catch((error: unknown) => {
        if (batchOptions?.returnExceptions) return error;
        throw error;
      });
    return runLimited(inputs.length, Math.max(1, limit), runOne);
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

  /** Clears the node cache (`compile({ cache })`). */
  async clearCache(): Promise<void> {
    await this.cache?.clear([]);
  }

  /** Checks a run's config (a StateGraph with a context schema overrides it). */
  validateContext(_config: RunnableConfig): void {}

  /** Validates (and may coerce) the input of a run; a StateGraph with a validating schema overrides it. */
  validateInput(input: unknown): Promise<unknown> {
    return Promise.resolve(input);
  }

  /** Whether `validateInput` may change or reject `input` (when not, a run does not wait for it). */
  validatesInput(_input: unknown): boolean {
    return this.validateInput !== Pregel.prototype.validateInput;
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
    return bulkUpdateState(this, config, [{ updates: [{ values, asNode }] }]);
  }

  /**
   * Applies supersteps of updates, one `update` checkpoint each (several updates in one
   * superstep: as if those nodes ran together). Returns the last checkpoint's config.
   */
  bulkUpdateState(config: RunnableConfig, supersteps: SuperstepUpdate[]): Promise<RunnableConfig> {
    return bulkUpdateState(this, config, supersteps);
  }

  /**
   * Runs the graph to the end (or an interrupt) and returns the last values: `any`, as LangGraph.js's
   * `Pregel` output, since user code reads the result's fields directly.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
  async invoke(input: unknown, options?: PregelOptions): Promise<any> {
    const streamMode = options?.streamMode ?? 'values';
    const chunks: unknown[] = [];
    const interruptChunks: unknown[] = [];
    let latest: unknown;
    // The chunks are taken as the run emits them: no stream (and no promises per chunk) between.
    await new Promise<void>((resolve, reject) => {
      const take = (chunk: unknown) => {
        if (streamMode === 'values') {
          if (chunk && typeof chunk === 'object' && Array.isArray((chunk as Record<string, unknown>)[INTERRUPT])) interruptChunks.push((chunk as Record<string, unknown>)[INTERRUPT]);
          else latest = chunk;
        } else chunks.push(chunk);
      };
      const runOptions = merge<PregelOptions>(options, { streamMode, outputKeys: options?.outputKeys ?? this.outputChannels });
      this.start(input, runOptions, false, false, { push: take, close: resolve, fail: reject });
    });
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
   * @default streamMode the graph's (`updates` for StateGraphs and entrypoints, else `values`);
   * `values` when called inside a task
   */
  async stream(input: unknown, options?: PregelOptions): Promise<GraphStream> {
    return this.run(input, options, true);
  }

  /**
   * LangChain's event stream (`version: 'v1' | 'v2'`), or with `version: 'v3'` LangGraph.js's
   * stream protocol: a `GraphRunStream` (see ../stream/protocol).
   */
  streamEvents(input: unknown, options: StreamEventsV3Options & { encoding: 'text/event-stream' }): ByteStream;
  streamEvents(input: unknown, options: StreamEventsV3Options): GraphRunStream;
  streamEvents(input: unknown, options: LcEventsOptions & { encoding: 'text/event-stream' }, streamOptions?: Parameters<Runnable['streamEvents']>[2]): IterableReadableStream<Uint8Array>;
  streamEvents(input: unknown, options: LcEventsOptions, streamOptions?: Parameters<Runnable['streamEvents']>[2]): IterableReadableStream<StreamEvent>;
  streamEvents(input: unknown, options: StreamEventsV3Options | LcEventsOptions, streamOptions?: Parameters<Runnable['streamEvents']>[2]): GraphRunStream | ByteStream | IterableReadableStream<StreamEvent | Uint8Array> {
    if (options.version === 'v3') return streamEventsV3(input, options, (i, o) => this.run(i, o, true, true), this.streamTransformers);
    return lcStreamEvents.call(this, input, options, streamOptions);
  }

  /**
   * The run behind `stream` and `invoke`. A stream of its own (`cancellable`, not a subgraph's)
   * can be cancelled, as LangGraph.js's: `cancel()`, or leaving the loop early, aborts the run.
   * `envelopes` (the stream protocol's runs): a `checkpoints` envelope before each state.
   */
  private run(input: unknown, given: PregelOptions | undefined, cancellable: boolean, envelopes = false): GraphStream {
    const queue = new AsyncQueue<unknown>();
    const cancel = this.start(input, given, cancellable, envelopes, queue);
    let ended = false;
    async function* gen() {
      try {
        yield* queue;
        ended = true;
      } finally {
        // Left early (a `break`, a throw in the loop's body): the run stops, as in LangGraph.js.
        if (!ended) cancel?.abort();
      }
    }
    const stream = gen() as GraphStream;
    if (cancel) {
      stream.signal = cancel.signal;
      stream.cancel = async (reason?: unknown) => {
        cancel.abort(reason);
        void stream.return(undefined).catch(() => undefined);
      };
    }
    return stream;
  }

  /**
   * Starts a run whose chunks, shaped as the stream yields them, go to `sink`. Returns the
   * controller that cancels it (when `cancellable`).
   */
  private start(input: unknown, given: PregelOptions | undefined, cancellable: boolean, envelopes: boolean, sink: ChunkSink) {
    const options = this.config ? mergeOptions(this.config, given) : given;
    // Inside a task, a graph streams its values unless told otherwise (LangGraph.js's default there).
    const requested = options?.streamMode ?? (currentTask() ? 'values' : this.streamMode);
    const list = Array.isArray(requested) ? requested : [requested];
    for (const m of list) if (!STREAM_MODES.includes(m)) throw new Error(`Unknown stream mode "${String(m)}"`);
    const modes = new Set<LoopMode>(list);
    if (envelopes) modes.add(ENVELOPE_MODE);
    const nested = nestedRun(this);
    const subgraphs = options?.subgraphs === true;
    const nsTuple = nested ? nested.params.ns.split('|') : [];
    const sinkModes: ReadonlySet<string> = nested ? nested.parent.modes : subgraphs ? modes : new Set();
    const asArray = Array.isArray(requested);
    const push = (ns: string[], loopMode: LoopMode, payload: unknown) => {
      const mode = loopMode === ENVELOPE_MODE ? 'checkpoints' : loopMode;
      if (subgraphs) sink.push(asArray ? [ns, mode, payload] : [ns, payload]);
      else sink.push(asArray ? [mode, payload] : payload);
    };
    const emit = (mode: LoopMode, payload: unknown) => {
      if (modes.has(mode)) push([], mode, payload);
      if (nested?.parent.streamSink && sinkModes.has(mode)) nested.parent.streamSink(nsTuple, mode, payload);
    };
    const streamSink = nested ? nested.parent.streamSink : subgraphs ? (ns: string[], mode: string, payload: unknown) => push(ns, mode as LoopMode, payload) : undefined;
    const loopModes = nested ? new Set<LoopMode>([...modes, ...(sinkModes as ReadonlySet<LoopMode>)]) : modes;
    const Ctor = (globalThis as { AbortController?: new () => { signal: AbortSignalLike; abort(reason?: unknown): void } }).AbortController;
    const cancel = cancellable && !nested && Ctor ? new Ctor() : undefined;
    // `messages` and `custom` chunks come from callbacks and `config.writer` (see ../stream/setup).
    const runOptions = prepareStreamConfig(options ?? {}, {
      modes, subgraphs, ns: nested?.params.ns, inherited: nested?.taskConfig,
      push: (ns, mode, payload) => push(ns, mode as LoopMode, payload),
    });
    runGraph(this, input, runOptions, { modes: loopModes, emit, nested, streamSink, sinkModes, cancel: cancel?.signal }).then(
      () => sink.close(),
      (e) => sink.fail(e),
    );
    return cancel;
  }
}

/** Where a run's chunks go: the stream's queue, or `invoke` taking them as they come. */
interface ChunkSink {
  push(chunk: unknown): void;
  close(): void;
  fail(e: unknown): void;
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
