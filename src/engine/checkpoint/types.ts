/**
 * The checkpointer port: the data model of a checkpoint and the interface every saver implements.
 * Shaped like LangGraph's `BaseCheckpointSaver` (LangGraph.js names, LangGraph's snake_case fields).
 *
 * Values handed to a saver are plain data with structured-clone semantics: the engine encodes its
 * own class instances (Send packets, interrupts, errors) before a `put`/`putWrites` and decodes them
 * after a read. A value that cannot be cloned (a function, say) makes the saver reject with a
 * `CheckpointValueError` naming the channel; nothing is stored for that call.
 */

/** A channel version. Savers here use increasing integers. */
export type ChannelVersion = number;
export type ChannelVersions = Record<string, ChannelVersion>;

/** One checkpoint: the state of every channel after a superstep. */
export interface Checkpoint {
  /** Format version: 4, as LangGraph's. */
  v: number;
  /** Time-ordered id (UUIDv6): string order is creation order. */
  id: string;
  /** ISO-8601 UTC creation time. */
  ts: string;
  /** The value of every non-empty channel that has a version. */
  channel_values: Record<string, unknown>;
  /** Channel → version of its current value. */
  channel_versions: ChannelVersions;
  /** Node → { channel → version it last consumed }. Special rows `__input__`, `__interrupt__`. */
  versions_seen: Record<string, ChannelVersions>;
  /** Channels updated by the superstep that produced this checkpoint (sorted), when known. */
  updated_channels?: string[];
}

export type CheckpointSource = 'input' | 'loop' | 'update' | 'fork';

/** Metadata stored beside a checkpoint. */
export interface CheckpointMetadata {
  source: CheckpointSource;
  /** -1 for the input checkpoint of a new thread, then 0, 1, … */
  step: number;
  /** Namespace → checkpoint id of every ancestor graph; `{}` at the root. */
  parents: Record<string, string>;
  [key: string]: unknown;
}

/** The address of a checkpoint (and the config the engine is invoked with). */
export interface CheckpointConfigurable {
  thread_id?: string;
  checkpoint_ns?: string;
  checkpoint_id?: string;
  [key: string]: unknown;
}

/**
 * The platform's AbortSignal where its type is known (the app, LangChain's types), else the part
 * the engine uses. A node's `config` is then a LangChain RunnableConfig as far as TypeScript can
 * tell, so `model.invoke(messages, config)` type-checks in user code.
 */
export type PlatformAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : AbortSignalLike;

/** The part of AbortSignal the engine uses; declared here because the engine has no DOM library. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A LangGraph-style runnable config. */
export interface RunnableConfig {
  configurable?: CheckpointConfigurable;
  recursionLimit?: number;
  metadata?: Record<string, unknown>;
  /** Cancels the run (the platform's AbortSignal). */
  signal?: PlatformAbortSignal;
  /** LangChain tags of the run (callbacks see them). */
  tags?: string[];
  /** LangChain callbacks: a list of handlers or a CallbackManager; nodes' runs report to them. */
  callbacks?: import('@langchain/core/callbacks/manager').Callbacks;
  /** Run name callbacks see (defaults to the graph's name). */
  runName?: string;
  /** Run id callbacks see for the graph's run. */
  runId?: string;
  /** The store nodes and tasks read (`compile({ store })`, `getStore()`). */
  store?: import('../store/base').StoreLike;
  /** Emits a `custom` stream chunk (`getWriter()`); a no-op unless the run streams `custom`. */
  writer?: (chunk: unknown) => void;
  [key: string]: unknown;
}

/** A write saved for a task: `[taskId, channel, value]`. */
export type PendingWrite = [taskId: string, channel: string, value: unknown];
/** A write as a task produces it: `[channel, value]`. */
export type PendingWriteValue = [channel: string, value: unknown];

/** Everything stored about one checkpoint. */
export interface CheckpointTuple {
  config: RunnableConfig;
  checkpoint: Checkpoint;
  metadata?: CheckpointMetadata;
  parentConfig?: RunnableConfig;
  pendingWrites?: PendingWrite[];
}

export interface CheckpointListOptions {
  /** At most this many, after filtering. */
  limit?: number;
  /** Only checkpoints whose id is strictly less than `before.configurable.checkpoint_id`. */
  before?: RunnableConfig;
  /** Metadata equality on each given key. */
  filter?: Record<string, unknown>;
}

/**
 * Special channels and their fixed write index (LangGraph's WRITES_IDX_MAP). A saver keys the i-th
 * write of a `putWrites` call as (taskId, i) — a regular write whose key exists is skipped (first
 * wins) — and a special channel's write as (taskId, WRITES_IDX_MAP[channel]), which overwrites
 * (last wins). Reads return writes in first-insertion order.
 */
export const WRITES_IDX_MAP: Readonly<Record<string, number>> = {
  __error__: -1,
  __scheduled__: -2,
  __interrupt__: -3,
  __resume__: -4,
};

/** The interface every checkpointer implements. */
export interface BaseCheckpointSaver {
  /** The tuple at `configurable.checkpoint_id`, else the latest of (thread_id, checkpoint_ns). */
  getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined>;
  /**
   * Checkpoints newest first (descending id) of the config's thread, restricted to its
   * `checkpoint_ns` and `checkpoint_id` when given (all namespaces when `checkpoint_ns` is absent).
   */
  list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple>;
  /**
   * Stores `checkpoint` in `config.configurable.checkpoint_ns` with parent
   * `config.configurable.checkpoint_id`. `checkpoint.channel_values` holds every channel's value
   * (as LangGraph savers expect); a saver may store only the values of channels in `newVersions`
   * and find the others by (channel, version). Resolves with the new checkpoint's config.
   */
  put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig>;
  /**
   * Attaches writes of `taskId` to the checkpoint `config.configurable.checkpoint_id`. `taskPath`
   * (LangGraph.js passes it) orders a step's writes as the step applied them in
   * `getDeltaChannelHistory`; a saver keeps it when it is given.
   */
  putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath?: string): Promise<void>;
  /** Deletes every checkpoint and write of the thread, in every namespace. */
  deleteThread(threadId: string): Promise<void>;
  /** The version after `current` (1 when there is none). */
  getNextVersion(current: ChannelVersion | undefined): ChannelVersion;
  /**
   * The reads this saver can answer synchronously, if any (a capability the engine asks for, never
   * a class it checks): where a run starts and a history is read, a synchronous read costs no promise.
   */
  synchronousReads?(): SynchronousReads;
}

/** Reads a saver answers synchronously; each the same tuples, in the same order, as its async twin. */
export interface SynchronousReads {
  /** `getTuple`, synchronously. */
  getTuple?(config: RunnableConfig): CheckpointTuple | undefined;
  /**
   * `list`, synchronously. With `sharedMaps` a tuple's fields other than `channel_values` may be the
   * stored ones, for a reader that never changes them.
   */
  list?(config: RunnableConfig, options?: CheckpointListOptions, sharedMaps?: boolean): Iterable<CheckpointTuple>;
}

/** A value a saver could not store. Names the channel so the user knows what to fix. */
export class CheckpointValueError extends Error {
  override name = 'CheckpointValueError';
  constructor(readonly channel: string, detail: string) {
    super(`The value of channel "${channel}" cannot be stored in a checkpoint: ${detail}`);
  }
}
