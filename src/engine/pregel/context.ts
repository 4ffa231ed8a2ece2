/**
 * The "current task" context that `interrupt()` reads.
 *
 * In Node, the context is carried by AsyncLocalStorage, obtained at run time through
 * `process.getBuiltinModule('node:async_hooks')` (Node 20.16+) so the engine has no static Node
 * import and type-checks without Node types; tasks of a step then run concurrently.
 *
 * Where AsyncLocalStorage is missing (browsers, Web Workers), the context is a synchronous slot
 * and `concurrentTasks` is false: the runner executes the tasks of a step one after another, so
 * the slot stays right across the awaits inside a task. The semantics are the same (every task
 * sees the start-of-step values; writes are applied in task-path order), only wall time differs
 * for tasks that wait on I/O. Limit: a task that starts background work which calls
 * `interrupt()` after the task has returned is not supported there.
 */
import type { PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import type { PregelLoop } from './loop';

/** Per-task state that survives retries (LangGraph's scratchpad). Seams for call-tasks/subgraphs. */
export interface Scratchpad {
  /** Resume values answered so far for this task, in interrupt order. */
  resume: unknown[];
  /** A resume value not yet bound to a task (`Command({ resume })`); undefined when none. */
  nullResume: unknown;
  hasNullResume: boolean;
  /** Called when this task takes the unbound resume: tasks made later in the step no longer see it. */
  consumeNullResume?(): void;
  /** Index of the last interrupt reached (-1 before the first). */
  interruptCounter: number;
  /** Functional-API seam: call-task counter. */
  callCounter: number;
  /** Subgraph seam: invocations of nested graphs in this task. */
  subgraphCounter: number;
}

/** Options of a call-task (`task(options, fn)`). */
export interface CallOptions {
  retry?: import('./retry').RetryPolicy;
  cachePolicy?: import('./cache').CachePolicy;
  timeout?: import('./timeout_policy').TimeoutPolicy;
}

/** What a running task exposes to code running inside it. */
export interface TaskContext {
  taskId: string;
  name: string;
  /** The task's checkpoint namespace (`name:taskId` at the root). */
  taskNs: string;
  scratchpad: Scratchpad;
  hasCheckpointer: boolean;
  config: RunnableConfig;
  /** Appends writes to the running attempt of the task. */
  send(writes: PendingWriteValue[]): void;
  /** Functional API: runs a call-task (`task()`), or serves it from its saved writes. */
  call?(name: string, fn: (...args: unknown[]) => unknown, args: unknown[], options: CallOptions): Promise<unknown>;
  /** Functional API: the value the entrypoint saved in the previous run (`getPreviousState()`). */
  previous?: unknown;
  /** What a graph invoked inside this task (a subgraph) inherits (made when one asks). */
  parentGraph?(): ParentGraphInfo;
  /** The task's input (`getCurrentTaskInput()`). */
  input: unknown;
}

/** The parent run's context a subgraph inherits (LangGraph's `__pregel_*` config keys). */
export interface ParentGraphInfo {
  threadId: unknown;
  checkpointer?: import('../checkpoint/types').BaseCheckpointSaver;
  /** Ancestor namespace → checkpoint id, including the parent's own current checkpoint. */
  checkpointMap: Record<string, string>;
  /** The root's `isResuming` during its first step (undefined afterwards). */
  resuming: boolean | undefined;
  /** A `Command({ resume })` map of interrupt id → answer (subgraphs inherit it, as LangGraph.js's config). */
  resumeMap?: Record<string, unknown>;
  replayState?: import('./replay').ReplayState;
  /** Emits a subgraph's stream chunk into the root's stream (when it asked for subgraphs). */
  streamSink?: (ns: string[], mode: string, payload: unknown) => void;
  /** The stream modes of the root run. */
  modes: ReadonlySet<string>;
  tracer?: import('./tracer').Tracer;
  /** The parent run's durability (a subgraph inherits it). */
  durability?: import('./loop').Durability;
}

interface AlsLike<T> {
  run<A, R>(store: T, fn: (arg: A) => R, arg: A): R;
  getStore(): T | undefined;
}

function loadAls(): AlsLike<TaskContext> | undefined {
  const g = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const mod = g.process?.getBuiltinModule?.('node:async_hooks') as { AsyncLocalStorage?: new () => AlsLike<TaskContext> } | undefined;
    return mod?.AsyncLocalStorage ? new mod.AsyncLocalStorage() : undefined;
  } catch {
    return undefined;
  }
}

const nativeAls = loadAls();
let als = nativeAls;
let slot: TaskContext | undefined;

/** True when tasks of a step may run concurrently (AsyncLocalStorage available). */
export function concurrentTasks(): boolean {
  return als !== undefined;
}

/**
 * Forces the browser fallback (synchronous slot, tasks run one after another) or restores the
 * platform's choice. For tests of the fallback in Node.
 */
export function useSyncTaskContext(on: boolean): void {
  als = on ? undefined : nativeAls;
}

const stack: (TaskContext | undefined)[] = [];

/** Runs `fn` with `ctx` as the current task context. Pair with `leaveContext()` once it settles. */
export function runInContext<A, R>(ctx: TaskContext, fn: (arg: A) => R, arg: A): R {
  // `arg` is passed through (not captured by a closure): this runs once per task attempt.
  if (als) return als.run(ctx, fn, arg);
  // Sequential fallback: a subgraph's tasks run inside the parent task, so restore the parent's
  // slot when they leave.
  stack.push(slot);
  slot = ctx;
  return fn(arg);
}

/** Restores the synchronous slot after a task (no-op with AsyncLocalStorage). */
export function leaveContext(): void {
  if (!als) slot = stack.pop();
}

/** The context of the task that is running, if any. */
export function currentTask(): TaskContext | undefined {
  return als ? als.getStore() : slot;
}

/** What a subgraph run inside one of `loop`'s tasks inherits. */
export function parentInfoOf(loop: PregelLoop): ParentGraphInfo {
  const p = loop.p;
  return {
    threadId: loop.checkpointConfig.configurable?.thread_id,
    checkpointer: p.checkpointer,
    checkpointMap: { ...p.checkpointMap, [loop.ns]: loop.checkpoint.id },
    resuming: loop.resumingFlag,
    resumeMap: loop.resumeMap,
    replayState: loop.replayState,
    streamSink: p.streamSink,
    modes: p.sinkModes,
    tracer: p.tracer,
    durability: p.durability,
  };
}
