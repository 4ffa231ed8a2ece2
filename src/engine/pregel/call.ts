/**
 * Functional API seam: call-tasks. A `task()` called inside a running task becomes a PUSH task of
 * the current step whose id derives from the caller's path and its call index (LangGraph
 * `accept_push`), so a re-run caller finds the same task and, unless replaying, its saved writes.
 */
import type { ControlSignal } from '../../shared/trace';
import { CONTROL_SIGNALS, PUSH, RETURN, TAG_HIDDEN } from '../constants';
import { AbortError, GraphInterrupt } from '../errors';
import { cacheKeyOf } from './cache';
import type { CallOptions, Scratchpad } from './context';
import { interruptId, taskId as taskIdOf } from './ids';
import type { PregelLoop } from './loop';
import { buildScratchpad, runTask, type RunnerOptions } from './runner';
import type { StepControl } from './step_control';
import { outputWrites } from './writes';
import { taskStartPayload } from './io';
import type { PregelNode, PreparedTask } from './types';

/**
 * Functional API: registers the call-task `name` made by `parent` as its `idx`-th call (LangGraph
 * `accept_push`). Its id derives from the parent's path and the call index, so a re-run of the
 * parent finds the same task and, unless replaying, its saved writes. Returns the task (with
 * writes when it is served from them) and whether it was already registered in this step.
 */
function acceptPush(loop: PregelLoop, parent: PreparedTask, idx: number, node: PregelNode, input: unknown, options: CallOptions): { task: PreparedTask; known: boolean } {
  const name = node.name;
  const id = taskIdOf([name, String(loop.step), name, PUSH, parent.path, idx], loop.checkpoint.id);
  const known = loop.taskOf(id);
  if (known) {
    // LangGraph.js prepares the call again, so a caller's retry streams its calls' starts again.
    streamStart(loop, known, parent);
    return { task: known, known: true };
  }
  const cacheKey = options.cachePolicy ? cacheKeyOf(name, options.cachePolicy, input, [name]) : undefined;
  const task: PreparedTask = { id, name, path: [PUSH, parent.path, idx, true], triggers: [PUSH], reasons: [], input, node, taskNs: `${name}:${id}`, writes: [] };
  // Set, not spread into the literal: spreading gives every task a map of its own (slow reads).
  if (cacheKey) task.cacheKey = cacheKey;
  if (options.timeout) task.timeout = options.timeout;
  loop.registerTask(task);
  streamStart(loop, task, parent);
  const tr = loop.p.tracer;
  if (tr.enabled) tr.emit({ type: '@engine.task.prepared', step: loop.step, taskId: id, name, kind: 'push', path: [PUSH, idx], triggers: [] });
  if (!loop.isReplaying) {
    for (const [, c, v] of loop.pendingOf(id)) {
      if (CONTROL_SIGNALS.has(c)) {
        tr.emit({ type: '@engine.write.skipped', step: loop.step, taskId: id, channel: c, reason: 'control-signal', signal: c as ControlSignal });
        continue;
      }
      task.writes.push([c, v]);
      tr.emit({ type: '@engine.write.reapplied', step: loop.step, taskId: id, name, channel: c });
    }
    if (task.writes.length > 0) {
      tr.emit({ type: '@engine.task.cached', step: loop.step, taskId: id, name, channels: task.writes.map((w) => w[0]) });
      outputWrites(loop, task, task.writes, true);
    }
  }
  return { task, known: false };
}

/**
 * The `tasks` (and `debug`) start event of a call-task, as LangGraph.js streams one for every
 * pushed task: its config is its caller's, so its metadata and tags are the caller's node's.
 */
function streamStart(loop: PregelLoop, task: PreparedTask, parent: PreparedTask): void {
  if (!loop.p.modes.has('tasks') && !loop.p.modes.has('debug')) return;
  if (parent.node.tags?.includes(TAG_HIDDEN)) return;
  loop.emit('tasks', taskStartPayload(task, loop.p.config, [parent.node]));
}

/** Call-task nodes, one per task function (they write their return value to `__return__`). */
const callNodes = new WeakMap<(...args: unknown[]) => unknown, Map<string, PregelNode>>();

function callNode(name: string, fn: (...args: unknown[]) => unknown, retry: CallOptions['retry']): PregelNode {
  let byName = callNodes.get(fn);
  if (!byName) callNodes.set(fn, (byName = new Map()));
  let node = byName.get(name);
  if (!node || node.retryPolicy !== retry) {
    node = { name, triggers: [], channels: [], bound: (input) => fn(...(input as unknown[])), writers: (out) => [[RETURN, out]], retryPolicy: retry };
    byName.set(name, node);
  }
  return node;
}

const running = new WeakMap<PreparedTask, Promise<unknown>>();

/**
 * Functional API: a `task()` called inside a running task. Served from its saved `__return__` when
 * it already finished (a resume re-runs the caller, not its finished calls); else executed now,
 * within the step. Its error or interrupt goes to the caller; an error also fails the step, caught
 * by the caller or not (as in LangGraph.js, whose runner sees every task).
 */
export async function callTask(loop: PregelLoop, opts: RunnerOptions, step: StepControl, parent: PreparedTask, sp: Scratchpad, call: { name: string; fn: (...args: unknown[]) => unknown; options: CallOptions }, args: unknown[]): Promise<unknown> {
  const idx = sp.callCounter++;
  const { task, known } = acceptPush(loop, parent, idx, callNode(call.name, call.fn, call.options.retry), args, call.options);
  if (known && running.has(task)) return running.get(task)!;
  if (!known && task.writes.length === 0 && task.cacheKey) await loop.serveCached([task]);
  if (task.writes.length > 0) return task.writes.find((w) => w[0] === RETURN)?.[1];
  const pad = buildScratchpad(task, loop, loop.resumeMap, interruptId);
  const promise = Promise.resolve(runTask(task, loop, opts, pad, step)).then((o) => {
    if (o.kind === 'ok') return task.writes.find((w) => w[0] === RETURN)?.[1];
    if (o.kind === 'error') step.failCall(o.error);
    if (o.kind === 'error' || o.kind === 'bubble' || o.kind === 'handled') throw o.error;
    if (o.kind === 'interrupt') throw new GraphInterrupt(o.interrupts);
    throw new AbortError('The step was cancelled.');
  });
  running.set(task, promise);
  return promise;
}
