/**
 * Executes the tasks of a superstep: with retries, inside a task context (for `interrupt()`), and
 * commits each outcome to the loop as it finishes (writes, interrupt, or error).
 *
 * All tasks of the step run to completion (concurrently with AsyncLocalStorage, else one after
 * another, see ./context); then the first error is raised, else the step's interrupts together.
 */
import type { AbortSignalLike, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { ERROR, INTERRUPT, NO_WRITES, NULL_TASK_ID, PREVIOUS, RESUME } from '../constants';
import { GraphInterrupt, isGraphBubbleUp, isGraphInterrupt } from '../errors';
import type { Interrupt } from '../types';
import { readChannels, updateChannel } from './algo';
import { concurrentTasks, leaveContext, runInContext, type Scratchpad, type TaskContext } from './context';
import { encodeError } from './encode';
import type { PregelLoop } from './loop';
import { retryDelay, retryPolicyFor, type SleepFn } from './retry';
import { jsonSafe } from './tracer';
import { runTraced, stepCallbacks, type GraphRun } from './callbacks';
import type { Channels, PreparedTask } from './types';

export interface RunnerOptions {
  sleep: SleepFn;
  random: () => number;
  signal?: AbortSignalLike;
  /** The caller's config (its keys reach node functions). */
  config: RunnableConfig;
  /** Functional API: runs a call-task for `task()` (injected by the driver; see ./call). */
  callTask?: CallTaskFn;
  /** The graph's callbacks run, when the run has callbacks (see ./callbacks). */
  graphRun?: GraphRun;
}

/** Runs or serves the call-task `call` made by `parent` (the functional API's `task()`). */
export type CallTaskFn = (
  loop: PregelLoop, opts: RunnerOptions, step: StepControl, parent: PreparedTask, sp: Scratchpad,
  call: { name: string; fn: (...args: unknown[]) => unknown; retry?: import('./retry').RetryPolicy }, args: unknown[],
) => Promise<unknown>;

export type Outcome = { kind: 'ok' } | { kind: 'interrupt'; interrupts: Interrupt[] } | { kind: 'error'; error: unknown } | { kind: 'cancelled' };

/**
 * The step's cancellation: once a task fails, tasks still running are cancelled (their signal
 * aborts) and nothing they produce afterwards is committed, so they run again on resume — as in
 * LangGraph.js, minus the AbortError it records for them.
 */
export interface StepControl {
  cancelled: boolean;
  signal?: AbortSignalLike;
  abort(): void;
  /** Stops listening to the caller's signal (the step is over). */
  dispose(): void;
}

interface ControllerLike {
  signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

function stepControl(outer: AbortSignalLike | undefined, tasks: number): StepControl {
  // A lone task has no sibling to cancel: it gets the caller's signal as is (no controller per step).
  const Ctor = tasks > 1 ? (globalThis as { AbortController?: new () => ControllerLike }).AbortController : undefined;
  const ctrl = Ctor ? new Ctor() : undefined;
  const onOuter = () => ctrl?.abort(outer?.reason);
  if (outer && ctrl) {
    if (outer.aborted) onOuter();
    else outer.addEventListener('abort', onOuter);
  }
  const control: StepControl = {
    cancelled: false,
    signal: ctrl?.signal ?? outer,
    abort() {
      control.cancelled = true;
      outer?.removeEventListener('abort', onOuter);
      ctrl?.abort(Object.assign(new Error('A sibling task failed: this task was cancelled.'), { name: 'AbortError' }));
    },
    dispose() {
      outer?.removeEventListener('abort', onOuter);
    },
  };
  return control;
}

/** The scratchpad of a task, from the writes saved for it (LangGraph `_scratchpad`). */
export function buildScratchpad(task: PreparedTask, loop: PregelLoop, resumeMap: Record<string, unknown> | undefined, interruptIdOf: (ns: string, n: number) => string): Scratchpad {
  const resume: unknown[] = [];
  let nullResume: unknown;
  let hasNullResume = false;
  // Only the NULL task's writes and the task's own can hold its answers (indexed, not scanned).
  const lists = task.id === NULL_TASK_ID ? [loop.pendingOf(task.id)] : [loop.pendingOf(NULL_TASK_ID), loop.pendingOf(task.id)];
  for (const [tid, chan, val] of lists.flat()) {
    if (chan !== RESUME) continue;
    if (tid === NULL_TASK_ID && !hasNullResume) {
      nullResume = val;
      hasNullResume = true;
    } else if (tid === task.id) resume.push(...(Array.isArray(val) ? val : [val]));
  }
  if (resumeMap) {
    const next = interruptIdOf(task.taskNs, resume.length);
    const first = interruptIdOf(task.taskNs, 0);
    if (next in resumeMap) resume.push(resumeMap[next]);
    else if (first in resumeMap) resume.push(resumeMap[first]);
  }
  return { resume, nullResume, hasNullResume, interruptCounter: -1, callCounter: 0, subgraphCounter: 0 };
}

function taskConfig(task: PreparedTask, loop: PregelLoop, opts: RunnerOptions, step: StepControl): RunnableConfig {
  const base = opts.config;
  // Object.assign, not object spread: this runs once per task, and V8 copies a run config (made by
  // rest destructuring) several times faster this way.
  const config: RunnableConfig = Object.assign({}, base);
  const configurable = Object.assign({}, base.configurable);
  configurable.checkpoint_ns = task.taskNs;
  configurable.__pregel_task_id = task.id;
  config.configurable = configurable;
  const metadata = Object.assign({}, base.metadata);
  metadata.langgraph_step = loop.step;
  metadata.langgraph_node = task.name;
  metadata.langgraph_triggers = task.triggers;
  metadata.langgraph_path = task.path;
  metadata.langgraph_checkpoint_ns = task.taskNs;
  metadata.checkpoint_ns = task.taskNs;
  config.metadata = metadata;
  // The engine's own signals have the platform's shape (see PlatformAbortSignal).
  if (step.signal) config.signal = step.signal as RunnableConfig['signal'];
  if (task.node.tags) config.tags = base.tags ? [...base.tags, ...task.node.tags] : task.node.tags;
  // The node's runs nest under the graph's run, one child per step (as LangGraph.js tags them).
  if (opts.graphRun) config.callbacks = stepCallbacks(opts.graphRun, loop.step);
  return config;
}

/**
 * The state a router sees: the step's channels with the task's own writes applied, on copies of
 * just the channels those writes touch (the loop's channels are never changed).
 */
export function localRead(channels: Channels, select: string[] | string, own?: readonly PendingWriteValue[]): unknown {
  if (!own || own.length === 0) return readChannels(channels, select);
  const wanted = typeof select === 'string' ? [select] : select;
  const byChannel = new Map<string, unknown[]>();
  for (const [c, v] of own) {
    if (!wanted.includes(c) || !(c in channels)) continue;
    const list = byChannel.get(c);
    if (list) list.push(v);
    else byChannel.set(c, [v]);
  }
  if (byChannel.size === 0) return readChannels(channels, select);
  const local: Channels = { ...channels };
  for (const [c, vals] of byChannel) {
    const copy = channels[c].copy();
    updateChannel(c, copy, vals);
    local[c] = copy;
  }
  return readChannels(local, select);
}

async function attempt(task: PreparedTask, loop: PregelLoop, ctx: TaskContext, writes: PendingWriteValue[]): Promise<void> {
  const read = (select: string[] | string, own?: readonly PendingWriteValue[]) => localRead(loop.channels, select, own);
  const node = task.node;
  const body = async (config: RunnableConfig) => {
    const output = node.bound ? await node.bound(task.input, config) : task.input;
    writes.push(...(await node.writers(output, read)));
    return output;
  };
  if (ctx.config.callbacks === undefined) {
    await body(ctx.config);
    return;
  }
  // With callbacks, the node (body and writers) is one chain run; its config carries that run.
  await runTraced(task.name, task.input, ctx.config, (config) => {
    ctx.config = config;
    return body(config);
  });
}

export async function runTask(task: PreparedTask, loop: PregelLoop, opts: RunnerOptions, sp: Scratchpad, step: StepControl): Promise<Outcome> {
  const tr = loop.p.tracer;
  const config = taskConfig(task, loop, opts, step);
  for (let n = 1; ; n++) {
    const writes: PendingWriteValue[] = [];
    const ctx: TaskContext = {
      taskId: task.id, name: task.name, taskNs: task.taskNs, scratchpad: sp, hasCheckpointer: loop.p.checkpointer !== undefined, config,
      send: (ws) => writes.push(...ws),
      call: opts.callTask ? (name, fn, args, retry) => opts.callTask!(loop, opts, step, task, sp, { name, fn, retry }, args) : undefined,
      previous: loop.channels[PREVIOUS]?.isAvailable() ? loop.channels[PREVIOUS].get() : undefined,
      graph: loop.parentInfo(loop.p.streamSink, loop.p.modes),
    };
    if (tr.enabled) tr.emit({ type: '@engine.task.run', step: loop.step, taskId: task.id, name: task.name, attempt: n });
    try {
      await runInContext(ctx, () => attempt(task, loop, ctx, writes));
      leaveContext();
      if (step.cancelled) return { kind: 'cancelled' };
      if (writes.length === 0) writes.push([NO_WRITES, null]);
      task.writes = writes;
      if (tr.enabled) tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'success', channels: writes.map((w) => w[0]) });
      await loop.putWrites(task.id, writes);
      return { kind: 'ok' };
    } catch (e) {
      leaveContext();
      if (step.cancelled) return { kind: 'cancelled' };
      if (isGraphInterrupt(e)) {
        const saved: PendingWriteValue[] = [[INTERRUPT, e.interrupts], ...writes.filter((w) => w[0] === RESUME)];
        tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'interrupt', channels: saved.map((w) => w[0]) });
        tr.emit({ type: '@engine.interrupt', step: loop.step, kind: 'dynamic', taskId: task.id, interrupts: e.interrupts.map((i) => ({ id: i.id ?? '', value: jsonSafe(i.value) })) });
        if (e.interrupts.length > 0) await loop.putWrites(task.id, saved);
        return { kind: 'interrupt', interrupts: e.interrupts };
      }
      const policy = isGraphBubbleUp(e) ? undefined : retryPolicyFor(task.node.retryPolicy, e, n);
      const err = encodeError(e);
      if (policy && !step.signal?.aborted) {
        const delayMs = retryDelay(policy, n, opts.random());
        tr.emit({ type: '@engine.task.retry', step: loop.step, taskId: task.id, name: task.name, attempt: n, delayMs, error: { name: err.name, message: err.message } });
        try {
          await opts.sleep(delayMs, step.signal);
        } catch (abort) {
          return step.cancelled ? { kind: 'cancelled' } : { kind: 'error', error: opts.signal?.aborted ? abort : e };
        }
        sp.interruptCounter = -1;
        continue;
      }
      writes.push([ERROR, err]);
      tr.emit({ type: '@engine.task.finished', step: loop.step, taskId: task.id, name: task.name, status: 'error', channels: writes.map((w) => w[0]) });
      tr.emit({ type: '@engine.error', step: loop.step, taskId: task.id, name: task.name, error: { name: err.name, message: err.message } });
      await loop.putWrites(task.id, writes);
      return { kind: 'error', error: e };
    }
  }
}

/**
 * Runs every task of the step that has no writes yet. The first failure cancels the tasks still
 * running and is raised at once; else the step's interrupts are raised together (in task order).
 */
export async function runTasks(loop: PregelLoop, opts: RunnerOptions, interruptIdOf: (ns: string, n: number) => string): Promise<void> {
  const toRun = loop.tasks.filter((t) => t.writes.length === 0);
  const pads = toRun.map((t) => buildScratchpad(t, loop, loop.resumeMap, interruptIdOf));
  const step = stepControl(opts.signal, toRun.length);
  const outcomes: (Outcome | undefined)[] = new Array(toRun.length);
  let firstError: { error: unknown } | undefined;
  const record = (i: number, o: Outcome) => {
    outcomes[i] = o;
    if (o.kind === 'error' && !firstError) {
      firstError = { error: o.error };
      step.abort();
    }
  };
  if (concurrentTasks()) {
    await new Promise<void>((resolve) => {
      let remaining = toRun.length;
      if (remaining === 0) resolve();
      toRun.forEach((t, i) =>
        runTask(t, loop, opts, pads[i], step)
          .catch((error: unknown): Outcome => ({ kind: 'error', error }))
          .then((o) => {
            record(i, o);
            if (firstError || --remaining === 0) resolve();
          }),
      );
    });
  } else {
    try {
      for (let i = 0; i < toRun.length && !firstError; i++) record(i, await runTask(toRun[i], loop, opts, pads[i], step));
    } catch (error) {
      record(0, { kind: 'error', error });
    }
  }
  step.dispose();
  if (firstError) throw firstError.error;
  const interrupts: Interrupt[] = [];
  for (const o of outcomes) if (o?.kind === 'interrupt') interrupts.push(...o.interrupts);
  if (outcomes.some((o) => o?.kind === 'interrupt')) throw new GraphInterrupt(interrupts);
}
