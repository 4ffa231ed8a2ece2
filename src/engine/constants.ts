/**
 * Reserved names and values of the engine, identical to LangGraph's so that checkpoints, task paths
 * and stream payloads look the same.
 */

/** Entry channel and hidden entry node. */
export const START = '__start__';
/** Terminal marker (never a node). */
export const END = '__end__';
/** Pseudo task name for input and null writes. */
export const INPUT = '__input__';
/** Dynamic-interrupt write key; `versions_seen` row for static interrupts; output key. */
export const INTERRUPT = '__interrupt__';
/** Resume-value write key. */
export const RESUME = '__resume__';
/** Task-failure write key. */
export const ERROR = '__error__';
/** Marker: a failure routed to a node error handler. */
export const ERROR_SOURCE_NODE = '__error_source_node__';
/** Marker for a task that finished without writes. */
export const NO_WRITES = '__no_writes__';
/** Reserved special write (only in WRITES_IDX_MAP). */
export const SCHEDULED = '__scheduled__';
/** Topic channel of pending `Send` packets. */
export const TASKS = '__pregel_tasks';
/** Return value of a functional task. */
export const RETURN = '__return__';
/** Entrypoint's saved value. */
export const PREVIOUS = '__previous__';
/** Task kinds (first element of a task path). */
export const PUSH = '__pregel_push';
export const PULL = '__pregel_pull';
/** Namespace level separator / name–task-id separator. */
export const NS_SEP = '|';
export const NS_END = ':';
/** Owner of writes not produced by a task. */
export const NULL_TASK_ID = '00000000-0000-0000-0000-000000000000';
/** `updateState(config, values, COPY)` forks by copy. */
export const COPY = '__copy__';
/** Tag of hidden nodes (not matched by `interruptBefore: '*'`). */
export const TAG_HIDDEN = 'langsmith:hidden';

export { WRITES_IDX_MAP } from './checkpoint/types';

/** Channels never treated as state by applyWrites (their writes are control signals). */
export const IGNORED_WRITE_CHANNELS: ReadonlySet<string> = new Set([NO_WRITES, PUSH, RESUME, INTERRUPT, RETURN, ERROR, ERROR_SOURCE_NODE]);

/**
 * Control signals: writes skipped when re-applying saved writes (they mark tasks that must run
 * again), never a task's output (LangGraph's `isTaskOutput` is their complement). The one list.
 */
export const CONTROL_SIGNALS: ReadonlySet<string> = new Set([ERROR, ERROR_SOURCE_NODE, INTERRUPT, RESUME]);

/** True when writes to `channel` are a control signal, not a task's output. */
export const isControlSignal = (channel: string): boolean => CONTROL_SIGNALS.has(channel);

/** Reserved channel names: never consumed as triggers. */
export const RESERVED: ReadonlySet<string> = new Set([
  TAG_HIDDEN, INPUT, INTERRUPT, RESUME, ERROR, NO_WRITES, TASKS, RETURN, PREVIOUS, PUSH, PULL, SCHEDULED,
  ERROR_SOURCE_NODE, '__pregel_ns_writes',
]);

/** Prefix of the trigger channel of each StateGraph node. */
export const BRANCH_PREFIX = 'branch:to:';
/** Default recursion limit (as LangGraph.js). */
export const DEFAULT_RECURSION_LIMIT = 25;

/** Whether `values` (a graph's output or a `values` chunk) reports interrupts (`__interrupt__: [...]`). */
export function isInterrupted(values: unknown): values is { [INTERRUPT]: import('./types').Interrupt[] } {
  return typeof values === 'object' && values !== null && Array.isArray((values as Record<string, unknown>)[INTERRUPT]);
}
