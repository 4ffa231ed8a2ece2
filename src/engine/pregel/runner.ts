/**
 * Executes one task: its attempts under the retry policy and the timeout, inside a task context
 * (for `interrupt()`, `task()`, subgraphs), and commits its outcome to the loop as it finishes:
 * writes, an interrupt, a failure (routed to the node's error handler when it has one), or a
 * bubble-up passing through (a subgraph's `Command.PARENT`, a drain). The step as a whole is
 * driven by ./step.
 */
import type { PendingWrite, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { ERROR, ERROR_SOURCE_NODE, INTERRUPT, NO_WRITES, NULL_TASK_ID, RESUME } from '../constants';
import { isGraphBubbleUp, isGraphDrained, isGraphInterrupt, isParentCommand, type NodeError } from '../errors';
import { Command, type Interrupt } from '../types';
import { Attempt, isThenable, readerOf, runAttempt } from './attempt';
import { leaveContext, runInContext, type CallOptions, type Scratchpad } from './context';
import { handlerNodeOf, scheduleErrorHandler } from './error_handler';
import type { PregelLoop } from './loop';
import { retryDelay, retryLogLine, retryPolicyFor, type RetryPolicy, type SleepFn } from './retry';
import type { StepControl } from './step_control';
import { runWithTimeout, type AttemptScope } from './timeout';
import { merge } from './objects';
import { jsonSafe } from './tracer';
import { stepCallbacks, type GraphRun } from './callbacks';
import type { PreparedTask } from './types';

/** LangGraph.js logs each retry (`RetryPolicy.logWarning`); the engine has no DOM or Node types. */
declare const console: { log(message: string): void };

export interface RunnerOptions {
  sleep: SleepFn;
  random: () => number;
  signal?: import('../checkpoint/types').AbortSignalLike;
  /** The caller's config (its keys reach node functions). */
  config: RunnableConfig;
  /** Functional API: runs a call-task for `task()` (injected by the driver; see ./call). */
  callTask?: CallTaskFn;
  /** The graph's `stepTimeout` (ms). */
  stepTimeout?: number;
  /** The graph's default retry policy (a node's own wins). */
  retryPolicy?: RetryPolicy;
  /** `signal` can abort (the caller gave one): a step must stop when it does. */
  abortable?: boolean;
  /** The graph's callbacks run, when the run has callbacks (see ./callbacks). */
  graphRun?: GraphRun;
}

/** Runs or serves the call-task `call` made by `parent` (the functional API's `task()`). */
export type CallTaskFn = (
  loop: PregelLoop, opts: RunnerOptions, step: StepControl, parent: PreparedTask, sp: Scratchpad,
  call: { name: string; fn: (...args: unknown[]) => unknown; options: CallOptions }, args: unknown[],
) => Promise<unknown>;

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'interrupt'; interrupts: Interrupt[] }
  | { kind: 'error'; error: unknown }
  /** The failure went to the node's error handler, scheduled as `handler`. */
  | { kind: 'handled'; error: unknown; handler: PreparedTask }
  /** A bubble-up that is not an interrupt (a subgraph's Command.PARENT, a drain). */
  | { kind: 'bubble'; error: unknown }
  | { kind: 'cancelled' };

const noop = (): void => {};
const EMPTY: readonly PendingWrite[] = [];
const OK: Outcome = { kind: 'ok' };

/** The scratchpad of a task, from the writes saved for it (LangGraph `_scratchpad`). */
export function buildScratchpad(task: PreparedTask, loop: PregelLoop, resumeMap: Record<string, unknown> | undefined, interruptIdOf: (ns: string, n: number) => string): Scratchpad {
  const resume: unknown[] = [];
  let nullResume: unknown;
  let hasNullResume = false;
  // Only the NULL task's writes and the task's own can hold its answers (indexed, not scanned).
  // A loop over both lists rather than a helper closure: this runs once per task.
  const own = loop.pendingOf(task.id);
  const nulls = task.id !== NULL_TASK_ID ? loop.pendingOf(NULL_TASK_ID) : EMPTY;
  for (let l = 0; l < 2; l++) {
    const list = l === 0 ? nulls : own;
    for (const [tid, chan, val] of list) {
      if (chan !== RESUME) continue;
      if (tid === NULL_TASK_ID && !hasNullResume) {
        nullResume = val;
        hasNullResume = true;
      } else if (tid === task.id) resume.push(...(Array.isArray(val) ? val : [val]));
    }
  }
  if (resumeMap) {
    const next = interruptIdOf(task.taskNs, resume.length);
    const first = interruptIdOf(task.taskNs, 0);
    if (next in resumeMap) resume.push(resumeMap[next]);
    else if (first in resumeMap) resume.push(resumeMap[first]);
  }
  // As LangGraph.js: the first task to take the unbound answer removes it from the step's writes,
  // so tasks prepared after that (a workflow's next `task()`) do not get it too.
  const consumeNullResume = hasNullResume ? () => loop.consumeNullResume() : noop;
  return { resume, nullResume, hasNullResume, interruptCounter: -1, callCounter: 0, subgraphCounter: 0, consumeNullResume };
}

/**
 * The config a task's attempt runs with; `executionInfo` is what LangGraph.js tells a node about its run.
 * Built with `merge` (./objects), not `{ ...base, key }`: adding keys to a spread copy is slow in V8.
 */
function taskConfig(task: PreparedTask, loop: PregelLoop, opts: RunnerOptions, step: StepControl, attempt: number, firstAttemptTime: number): RunnableConfig {
  const base = opts.config;
  const configurable: Record<string, unknown> = merge(base.configurable);
  configurable.checkpoint_ns = task.taskNs;
  configurable.__pregel_task_id = task.id;
  configurable.__pregel_scratchpad = { currentTaskInput: task.input };
  if (task.nodeError) configurable.__pregel_node_error = task.nodeError;
  const metadata: Record<string, unknown> = merge(base.metadata, task.node.metadata);
  metadata.checkpoint_ns = task.taskNs;
  metadata.langgraph_step = loop.step;
  metadata.langgraph_node = task.name;
  metadata.langgraph_triggers = task.triggers;
  metadata.langgraph_path = task.path;
  metadata.langgraph_checkpoint_ns = task.taskNs;
  const config: RunnableConfig = merge(base);
  config.executionInfo = {
    checkpointId: loop.checkpoint.id, checkpointNs: task.taskNs, taskId: task.id, threadId: loop.checkpointConfig.configurable?.thread_id,
    runId: base.runId != null ? String(base.runId) : undefined, nodeAttempt: attempt, nodeFirstAttemptTime: firstAttemptTime,
  };
  config.configurable = configurable;
  config.metadata = metadata;
  if (step.signal) config.signal = step.signal as RunnableConfig['signal'];
  if (task.node.tags) config.tags = base.tags ? [...base.tags, ...task.node.tags] : task.node.tags;
  // The node's runs nest under the graph's run, one child per step (as LangGraph.js tags them).
  if (opts.graphRun) config.callbacks = stepCallbacks(opts.graphRun, loop.step);
  return config;
}

/** LangGraph.js `getParentCheckpointNamespace`: the namespace of the graph running this one. */
export function parentNamespace(ns: string): string {
  const parts = ns.split('|');
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1])) parts.pop();
  return parts.slice(0, -1).join('|');
}

/** The error as LangGraph.js saves it in an `__error__` write. */
function storedError(e: unknown): { message: string; name: string } {
  if (e !== null && typeof e === 'object') return { message: (e as Error).message, name: (e as Error).name };
  return { message: String(e), name: 'Error' };
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * Runs a task to its outcome. A synchronous node whose writes need no node-cache write finishes
 * synchronously (no promise per task); anything else, from the point where it stops being
 * synchronous, goes on in `runAttempts`, exactly as if the task had run there from its start.
 */
export function runTask(task: PreparedTask, loop: PregelLoop, opts: RunnerOptions, sp: Scratchpad, step: StepControl): Outcome | Promise<Outcome> {
  const read = readerOf(loop);
  const firstAttemptTime = Date.now();
  if (task.timeout) return runAttempts(task, loop, opts, sp, step, read, firstAttemptTime, 1, undefined);
  let ctx: Attempt;
  try {
    ctx = new Attempt(task, loop, opts, step, sp, taskConfig(task, loop, opts, step, 1, firstAttemptTime), read);
    const tr = loop.p.tracer;
    if (tr.enabled) tr.emit({ type: '@engine.task.run', step: loop.step, taskId: task.id, name: task.name, attempt: 1 });
  } catch (error) {
    return Promise.reject(error);
  }
  let entry: Entry;
  try {
    const done = runInContext(ctx, runAttempt, ctx);
    if (isThenable(done)) entry = { ctx, at: 'running', done };
    else {
      leaveContext();
      const committed = commitSuccess(task, loop, ctx.writes, step);
      if (!(committed instanceof Promise)) return committed;
      entry = { ctx, at: 'committing', committed };
    }
  } catch (error) {
    entry = { ctx, at: 'threw', error };
  }
  return runAttempts(task, loop, opts, sp, step, read, firstAttemptTime, 1, entry);
}

/** Where a task's first attempt stopped being synchronous (see `runTask`). */
type Entry =
  | { ctx: Attempt; at: 'running'; done: PromiseLike<unknown> }
  | { ctx: Attempt; at: 'committing'; committed: Promise<Outcome> }
  | { ctx: Attempt; at: 'threw'; error: unknown };

/** A task's attempts from attempt `n` (taking over an attempt already started when `entry` says so). */
async function runAttempts(
  task: PreparedTask, loop: PregelLoop, opts: RunnerOptions, sp: Scratchpad, step: StepControl,
  read: ReturnType<typeof readerOf>, firstAttemptTime: number, n: number, entry: Entry | undefined,
): Promise<Outcome> {
  const tr = loop.p.tracer;
  const node = task.node;
  for (; ; n++) {
    let ctx: Attempt;
    let config: RunnableConfig | undefined;
    if (entry) ctx = entry.ctx;
    else {
      config = taskConfig(task, loop, opts, step, n, firstAttemptTime);
      ctx = new Attempt(task, loop, opts, step, sp, config, read);
      if (tr.enabled) tr.emit({ type: '@engine.task.run', step: loop.step, taskId: task.id, name: task.name, attempt: n });
    }
    const writes = ctx.writes;
    try {
      const resumed = entry;
      entry = undefined;
      const policy = task.timeout;
      if (resumed) {
        if (resumed.at === 'threw') throw resumed.error;
        if (resumed.at === 'committing') return await resumed.committed;
        await resumed.done;
      } else if (policy) {
        const cfg = config!;
        // Async: the watchdog expects a promise, and a synchronous throw to be its rejection.
        const timed = async (s: AttemptScope) => ((ctx.scope = s), ctx.run({ ...cfg, signal: s.signal as RunnableConfig['signal'], heartbeat: s.heartbeat }));
        await runInContext(ctx, () => runWithTimeout(task.name, policy, step.signal, timed), undefined);
      } else {
        const done = runInContext(ctx, runAttempt, ctx);
        if (isThenable(done)) await done;
      }
      leaveContext();
      const committed = commitSuccess(task, loop, writes, step);
      return committed instanceof Promise ? await committed : committed;
    } catch (e) {
      leaveContext();
      if (step.cancelled) return { kind: 'cancelled' };
      // A timed-out attempt's writes are dropped, as LangGraph.js does.
      if (ctx.scope && !ctx.scope.active) writes.length = 0;
      if (isParentCommand(e)) {
        const cmd = e.command;
        // A subgraph's Command for this graph: applied as this task's own output.
        if (cmd.graph === task.taskNs) {
          writes.push(...(await node.writers(cmd, read)));
          return commitSuccess(task, loop, writes, step);
        }
        if (cmd.graph === Command.PARENT) e.command = new Command({ ...cmd, graph: parentNamespace(task.taskNs) });
      }
      if (isGraphInterrupt(e)) {
        const saved: PendingWriteValue[] = [[INTERRUPT, e.interrupts], ...writes.filter((w) => w[0] === RESUME)];
        tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'interrupt', channels: saved.map((w) => w[0]) });
        tr.emit({ type: '@engine.interrupt', step: loop.step, kind: 'dynamic', taskId: task.id, interrupts: e.interrupts.map((i) => ({ id: i.id ?? '', value: jsonSafe(i.value) })) });
        if (e.interrupts.length > 0) await loop.putWrites(task.id, saved);
        return { kind: 'interrupt', interrupts: e.interrupts };
      }
      if (isGraphBubbleUp(e)) {
        // As LangGraph.js: a bubble-up that wrote nothing (a Command.PARENT) is saved like a failure.
        if (writes.length === 0 && !isGraphDrained(e)) {
          writes.push([ERROR, storedError(e)]);
          if (handlerNodeOf(loop.p.nodes, task)) writes.push([ERROR_SOURCE_NODE, task.name]);
        }
        if (writes.length > 0) {
          task.writes = writes;
          await loop.putWrites(task.id, writes);
        }
        return { kind: 'bubble', error: e };
      }
      const retry = retryPolicyFor(node.retryPolicy ?? opts.retryPolicy, e, n);
      const err = storedError(e);
      if (retry && !step.signal?.aborted) {
        const delayMs = retryDelay(retry, n, opts.random());
        tr.emit({ type: '@engine.task.retry', step: loop.step, taskId: task.id, name: task.name, attempt: n, delayMs, error: err });
        try {
          await opts.sleep(delayMs, step.signal);
        } catch (abort) {
          return step.cancelled ? { kind: 'cancelled' } : { kind: 'error', error: opts.signal?.aborted ? abort : e };
        }
        if (retry.logWarning ?? true) console.log(retryLogLine(task.name, delayMs, n, e));
        sp.interruptCounter = -1;
        continue;
      }
      return commitFailure(task, loop, writes, e, err);
    }
  }
}

/** The attempt's writes committed; a promise only when the node cache is written. */
function commitSuccess(task: PreparedTask, loop: PregelLoop, writes: PendingWriteValue[], step: StepControl): Outcome | Promise<Outcome> {
  if (step.cancelled || step.callFailure) return { kind: 'cancelled' };
  if (writes.length === 0) writes.push([NO_WRITES, null]);
  task.writes = writes;
  const tr = loop.p.tracer;
  if (tr.enabled) tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'success', channels: writes.map((w) => w[0]) });
  const caching = loop.putWrites(task.id, writes);
  return caching ? caching.then(() => OK) : OK;
}

/**
 * A failure after the retries: saved as `__error__` (what LangGraph.js saves: name and message;
 * the stack goes to the trace), plus `__error_source_node__` when the node's error handler takes
 * it, in which case the handler is scheduled in this step.
 */
async function commitFailure(task: PreparedTask, loop: PregelLoop, writes: PendingWriteValue[], e: unknown, err: { message: string; name: string }): Promise<Outcome> {
  const tr = loop.p.tracer;
  writes.push([ERROR, err]);
  const handled = handlerNodeOf(loop.p.nodes, task) !== undefined;
  if (handled) writes.push([ERROR_SOURCE_NODE, task.name]);
  tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'error', channels: writes.map((w) => w[0]) });
  const stack = e instanceof Error && typeof e.stack === 'string' ? { stack: e.stack } : {};
  tr.emit({ type: '@engine.error', step: loop.step, taskId: task.id, name: task.name, error: { name: err.name, message: err.message, ...stack }, handled });
  if (!handled) {
    await loop.putWrites(task.id, writes);
    return { kind: 'error', error: e };
  }
  // A handled failure is the task's outcome: its step goes on (its writes mark its triggers seen).
  // The handler is scheduled first, as in LangGraph.js (its start is streamed before the failure).
  task.writes = writes;
  const handler = scheduleErrorHandler(loop, task, asError(e), 'failed')!;
  await loop.putWrites(task.id, writes);
  return { kind: 'handled', error: e, handler };
}

/** The NodeError a handler task carries (`__pregel_node_error` in its config). */
export function nodeErrorOf(config: RunnableConfig | undefined): NodeError | undefined {
  return config?.configurable?.__pregel_node_error as NodeError | undefined;
}
