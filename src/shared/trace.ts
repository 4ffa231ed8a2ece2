/**
 * Engine trace events: the engine's inner decisions as plain JSON data, for the debugger.
 *
 * The engine emits these while it runs; the worker carries them to the page unchanged (they are
 * structured-clone and JSON safe: strings, numbers, booleans, arrays, plain objects). Values a
 * graph produced are never included: only channel names, versions, ids and reasons. The one
 * exception is `InterruptInfo.value`, the payload passed to `interrupt()`, which the engine reduces
 * to a JSON-safe copy before emitting.
 *
 * Subscribing (see `src/engine`): pass `trace: (event) => void` in the run config, e.g.
 * `graph.invoke(input, { configurable: { thread_id }, trace: (e) => events.push(e) })` or
 * `graph.stream(input, { streamMode: 'values', trace })`. A subscriber never changes a result; an
 * exception it throws is swallowed.
 *
 * Every event has `type` (a namespaced literal), `runId` (one id per invoke/stream call),
 * `checkpointNs` (`""` for the root graph), `step` (the superstep the event belongs to, LangGraph
 * numbering: -1 = input checkpoint, 0 = the `__start__` step, …) and `seq` (0, 1, 2 … in emission
 * order within one run), and `at` (when it was emitted: milliseconds since the epoch, with a fraction
 * where the host's clock has one; events stored before it existed lack it).
 */

/** Bumped when an event's shape changes incompatibly. */
export const TRACE_VERSION = 1;

/** Fields common to every trace event. */
export interface TraceBase {
  /** One id per `invoke` / `stream` call. */
  runId: string;
  /** `""` for the root graph. */
  checkpointNs: string;
  /** The superstep this event belongs to. */
  step: number;
  /** Emission order within the run, from 0. */
  seq: number;
  /**
   * When the event was emitted, in milliseconds since the epoch (fractional where the clock has
   * sub-millisecond resolution). Durations are differences of these. Absent in records stored
   * before the engine stamped events.
   */
  at?: number;
}

/** Why a PULL task was triggered: one entry per trigger channel that has news for the node. */
export interface TriggerReason {
  channel: string;
  /** The channel's current version. */
  version: number;
  /** The version the node last consumed (`versions_seen[node][channel]`), or null if never. */
  seen: number | null;
}

/** An interrupt as plain data. */
export interface InterruptInfo {
  /** LangGraph.js interrupt id (shared by all interrupts of one task). */
  id: string;
  /** The value passed to `interrupt()`, made JSON-safe. */
  value: unknown;
}

/** Which control signal caused a saved write to be skipped when writes are re-applied. */
export type ControlSignal = '__error__' | '__error_source_node__' | '__interrupt__' | '__resume__';

/** A run begins. */
export interface TraceRunStart extends TraceBase {
  type: '@engine.run.start';
  threadId: string | null;
  /** The checkpoint the run starts from (null: a new thread). */
  checkpointId: string | null;
  /** True when the run was started with an explicit `checkpoint_id` (its first tick replays). */
  isReplaying: boolean;
  /** True when the run resumes (input `null` or a `Command` on an existing checkpoint). */
  isResuming: boolean;
  /** What the caller passed. */
  input: 'value' | 'null' | 'command';
}

/** A run ends. */
export interface TraceRunEnd extends TraceBase {
  type: '@engine.run.end';
  /** `paused`: the run's `stopAfterSteps` was reached; the next step's tasks wait in the latest checkpoint. */
  status: 'done' | 'interrupted' | 'error' | 'out_of_steps' | 'aborted' | 'drained' | 'paused';
  /** Present when status is `error` / `out_of_steps` / `aborted` / `drained`. */
  error?: { name: string; message: string };
  /** Present when status is `paused`: the limit that paused it. */
  pause?: { stopAfterSteps: number };
}

/** A superstep starts: the tasks for it are about to be prepared. */
export interface TraceTickStart extends TraceBase {
  type: '@engine.tick.start';
  /** The checkpoint this step starts from (its pending writes are attached to it). */
  checkpointId: string;
  /** True only on the first tick of a run started with a `checkpoint_id`. */
  isReplaying: boolean;
}

/** A task was prepared for this step, and why. */
export interface TraceTaskPrepared extends TraceBase {
  type: '@engine.task.prepared';
  taskId: string;
  name: string;
  /** `pull`: triggered by channel versions; `push`: a `Send` packet. */
  kind: 'pull' | 'push';
  /** LangGraph task path, e.g. `["__pregel_pull","agent"]` or `["__pregel_push",0]`. */
  path: (string | number)[];
  /** For pull tasks: the trigger channels with news (version newer than seen). */
  triggers: TriggerReason[];
  /** For push tasks: index of the packet in `__pregel_tasks`. */
  sendIndex?: number;
}

/** A saved pending write was re-applied to a task (it will not run again). */
export interface TraceWriteReapplied extends TraceBase {
  type: '@engine.write.reapplied';
  taskId: string;
  name: string;
  channel: string;
}

/** A saved pending write was not re-applied, and why. */
export interface TraceWriteSkipped extends TraceBase {
  type: '@engine.write.skipped';
  taskId: string;
  channel: string;
  /** `control-signal`: the channel is one of the signals that make a task run again;
   *  `replaying`: nothing is re-applied on the first tick of a replay;
   *  `time-travel`: a stale resume/interrupt dropped when forking from a historical checkpoint;
   *  `discarded`: new input discards the leftovers of an unfinished step. */
  reason: 'control-signal' | 'replaying' | 'time-travel' | 'discarded';
  signal?: ControlSignal;
}

/** A task is executed (attempt 1, or a retry). */
export interface TraceTaskRun extends TraceBase {
  type: '@engine.task.run';
  taskId: string;
  name: string;
  attempt: number;
}

/** A task was not executed because its saved writes were re-applied. */
export interface TraceTaskCached extends TraceBase {
  type: '@engine.task.cached';
  taskId: string;
  name: string;
  /** The channels of the re-applied writes. */
  channels: string[];
}

/** A task finished an attempt. */
export interface TraceTaskFinished extends TraceBase {
  type: '@engine.task.finished';
  taskId: string;
  name: string;
  status: 'success' | 'error' | 'interrupt';
  /** Channels it wrote (success), or the control channels recorded (error / interrupt). */
  channels: string[];
}

/** A failed attempt will be retried after `delayMs`. */
export interface TraceTaskRetry extends TraceBase {
  type: '@engine.task.retry';
  taskId: string;
  name: string;
  attempt: number;
  delayMs: number;
  error: { name: string; message: string };
}

/** Writes of a task were handed to the checkpointer (`putWrites`). */
export interface TraceWritesPut extends TraceBase {
  type: '@engine.writes.put';
  taskId: string;
  /** The checkpoint the writes are attached to (the one the step started from). */
  checkpointId: string;
  channels: string[];
  /** Special-channel writes dropped in this call because a later one for the same channel won. */
  deduplicated: string[];
  /** How many earlier in-memory writes of this task were replaced by these. */
  replaced: number;
  /** True for writes not produced by a task (input / Command, owner NULL_TASK_ID): they accumulate. */
  isNullTask: boolean;
  /** Under `exit` durability: kept in memory, handed to the checkpointer when the run ends. */
  deferred?: boolean;
  /** Its `__error__` write is a `Command.PARENT` hand-off, not a failure (src/shared/control-flow.ts). */
  handOff?: boolean;
}

/** The writes of a step were applied to the channels. */
export interface TraceWritesApplied extends TraceBase {
  type: '@engine.writes.applied';
  /** Task ids in the (deterministic, path-sorted) order their writes were applied. */
  taskOrder: string[];
  /** Channels whose value changed and are available. */
  updatedChannels: string[];
}

/** A checkpoint was saved. */
export interface TraceCheckpointSaved extends TraceBase {
  type: '@engine.checkpoint.saved';
  checkpointId: string;
  parentCheckpointId: string | null;
  source: 'input' | 'loop' | 'update' | 'fork';
  /** Channels whose values were passed to the saver (only those whose version changed). */
  newChannels: string[];
}

/** The run stopped on an interrupt. */
export interface TraceInterrupt extends TraceBase {
  type: '@engine.interrupt';
  /** `dynamic`: `interrupt()` in a node; `before` / `after`: interruptBefore / interruptAfter. */
  kind: 'dynamic' | 'before' | 'after';
  /** For dynamic interrupts: the task and what it asked. */
  taskId?: string;
  interrupts: InterruptInfo[];
  /** For static interrupts: the nodes listed that made the run stop. */
  nodes?: string[];
}

/**
 * A subgraph was entered during a time-travelling run (a replay or a run from a fork/update) and
 * loaded its starting checkpoint by the first-visit rule: on the first visit of its namespace (task
 * id stripped) in the run, the latest of its checkpoints created strictly before `replayBefore`
 * (none: it starts afresh); on later visits (a loop), its latest checkpoint.
 */
export interface TraceReplayVisit extends TraceBase {
  type: '@engine.replay.visit';
  /** The subgraph's namespace without the task id, e.g. `sub` for `sub:3f2a…`. */
  stableNs: string;
  firstVisit: boolean;
  /** The checkpoint id that bounds first-visit loading (exclusive). */
  replayBefore: string;
  /** The checkpoint loaded, or null when the subgraph starts afresh. */
  loadedCheckpointId: string | null;
  loadedStep: number | null;
}

/** A task failed (after its retries), or the run failed outside a task. */
export interface TraceError extends TraceBase {
  type: '@engine.error';
  taskId?: string;
  name?: string;
  /** The checkpoint keeps `{ message, name }` (what LangGraph saves); the stack is only here. */
  error: { name: string; message: string; stack?: string };
  /** True when the node's error handler takes the failure (it is then no run failure). */
  handled?: boolean;
}

/**
 * A node error handler was scheduled in this step: `failed` when the task `failedTaskId` failed
 * after its retries just now; `resumed` when the step resumes and the saved writes of that task
 * (`__error__` beside `__error_source_node__`) say its failure went to this handler, which had
 * not finished: the failed node does not run again, the handler does.
 */
export interface TraceErrorHandlerScheduled extends TraceBase {
  type: '@engine.error_handler.scheduled';
  /** The handler task. */
  taskId: string;
  /** The handler node (`__error_handler__<node>` or `__default_error_handler__`). */
  name: string;
  failedTaskId: string;
  failedNode: string;
  reason: 'failed' | 'resumed';
  error: { name: string; message: string };
}

/** Every trace event. Switch on `type`. */
export type TraceEvent =
  | TraceRunStart
  | TraceRunEnd
  | TraceTickStart
  | TraceTaskPrepared
  | TraceWriteReapplied
  | TraceWriteSkipped
  | TraceTaskRun
  | TraceTaskCached
  | TraceTaskFinished
  | TraceTaskRetry
  | TraceWritesPut
  | TraceWritesApplied
  | TraceCheckpointSaved
  | TraceInterrupt
  | TraceReplayVisit
  | TraceError
  | TraceErrorHandlerScheduled;

/** The `type` literals, for guards and exhaustive switches. */
export type TraceEventType = TraceEvent['type'];

/** A trace subscriber. */
export type TraceListener = (event: TraceEvent) => void;

/** The event shape without the fields the emitter fills in (runId, checkpointNs, seq, at). */
export type TraceEventInput = TraceEvent extends infer E
  ? E extends TraceEvent
    ? Omit<E, 'runId' | 'checkpointNs' | 'seq' | 'at'>
    : never
  : never;

const TYPES: ReadonlySet<string> = new Set<TraceEventType>([
  '@engine.run.start',
  '@engine.run.end',
  '@engine.tick.start',
  '@engine.task.prepared',
  '@engine.write.reapplied',
  '@engine.write.skipped',
  '@engine.task.run',
  '@engine.task.cached',
  '@engine.task.finished',
  '@engine.task.retry',
  '@engine.writes.put',
  '@engine.writes.applied',
  '@engine.checkpoint.saved',
  '@engine.interrupt',
  '@engine.replay.visit',
  '@engine.error',
  '@engine.error_handler.scheduled',
]);

/** Guard: is `x` a trace event (checks the common fields and a known `type`)? */
export function isTraceEvent(x: unknown): x is TraceEvent {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e.type === 'string' &&
    TYPES.has(e.type) &&
    typeof e.runId === 'string' &&
    typeof e.checkpointNs === 'string' &&
    typeof e.step === 'number' &&
    typeof e.seq === 'number' &&
    (e.at === undefined || (typeof e.at === 'number' && Number.isFinite(e.at)))
  );
}
