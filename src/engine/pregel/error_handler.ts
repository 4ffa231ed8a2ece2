/**
 * Node error handlers (`addNode(name, fn, { errorHandler })`): once a node's retry policy gives
 * up, its handler runs in the same superstep as a PUSH task of the handler node, with the failed
 * task's input and a `NodeError`. The failure is saved as `__error__` + `__error_source_node__`
 * writes of the failed task, so a run stopped inside the handler (interrupt, crash, cancel)
 * resumes the handler and never runs the failed node again (LangGraph's
 * `_resume_error_handlers_if_applicable`).
 */
import type { PendingWrite } from '../checkpoint/types';
import { ERROR, ERROR_SOURCE_NODE, PUSH, TAG_HIDDEN } from '../constants';
import { NodeError } from '../errors';
import type { StoredError } from './encode';
import { taskId as makeTaskId } from './ids';
import { taskStartPayload } from './io';
import type { PregelLoop } from './loop';
import type { PregelNode, PreparedTask } from './types';

/** The handler node of a failed task's node, unless that node is itself a handler. */
export function handlerNodeOf(nodes: Record<string, PregelNode>, task: Pick<PreparedTask, 'node'>): PregelNode | undefined {
  const name = task.node.errorHandlerNode;
  if (name === undefined || task.node.isErrorHandler) return undefined;
  return nodes[name];
}

/**
 * The handler task for `failed` (LangGraph.js `_prepareNodeErrorHandlerTask`): a PUSH task of the
 * handler node whose id derives from the failed task's id, whose path extends the failed task's
 * path (so its writes apply right after it), and whose input is the failed task's input.
 */
export function prepareErrorHandlerTask(failed: PreparedTask, handler: PregelNode, error: Error, opts: { step: number; checkpointId: string; checkpointNs: string }): PreparedTask {
  const name = handler.name;
  const ns = opts.checkpointNs === '' ? name : `${opts.checkpointNs}|${name}`;
  const id = makeTaskId([ns, String(opts.step), name, PUSH, 'node_error_handler', failed.id], opts.checkpointId);
  const head = failed.path.slice(0, 3);
  return {
    id, name, path: [head[0] ?? PUSH, ...head.slice(1), 'node_error_handler', false], triggers: [PUSH], reasons: [],
    input: failed.input, node: handler, taskNs: `${ns}:${id}`, writes: [], nodeError: new NodeError(failed.name, error),
  };
}

/**
 * Schedules the handler of `failed` in the current step: registers the task, streams its start
 * and traces why. Returns it, or undefined when the node has no handler.
 */
export function scheduleErrorHandler(loop: PregelLoop, failed: PreparedTask, error: Error, reason: 'failed' | 'resumed'): PreparedTask | undefined {
  const handler = handlerNodeOf(loop.p.nodes, failed);
  if (!handler) return undefined;
  const task = prepareErrorHandlerTask(failed, handler, error, { step: loop.step, checkpointId: loop.checkpoint.id, checkpointNs: loop.ns });
  loop.registerTask(task);
  loop.p.tracer.emit({
    type: '@engine.error_handler.scheduled', step: loop.step, taskId: task.id, name: task.name, failedTaskId: failed.id, failedNode: failed.name,
    reason, error: { name: error.name, message: error.message },
  });
  if ((loop.p.modes.has('tasks') || loop.p.modes.has('debug')) && !handler.tags?.includes(TAG_HIDDEN)) loop.emit('tasks', taskStartPayload(task, loop.p.config, [failed.node, handler]));
  return task;
}

/** The error a saved `__error__` write describes (name and message; the class is not rebuilt). */
function errorOf(value: unknown): Error {
  const v = value as Partial<StoredError> | undefined;
  const error = new Error(v?.message ?? String(value));
  if (v?.name) error.name = v.name;
  return error;
}

/**
 * On resume: the prepared tasks whose saved writes say their failure went to a handler
 * (`__error_source_node__` beside `__error__`) are marked done with their error, and their
 * handlers are scheduled again. Returns the step's tasks, handlers included.
 */
export function resumeErrorHandlers(loop: PregelLoop, tasks: readonly PreparedTask[], pending: readonly PendingWrite[]): PreparedTask[] {
  const failed = new Map<string, Error>();
  for (const [tid, chan] of pending) {
    if (chan !== ERROR_SOURCE_NODE) continue;
    const err = pending.find(([t, c]) => t === tid && c === ERROR);
    if (err) failed.set(tid, errorOf(err[2]));
  }
  if (failed.size === 0) return [...tasks];
  for (const [tid, error] of failed) {
    const task = loop.taskOf(tid);
    if (!task || !handlerNodeOf(loop.p.nodes, task)) continue;
    if (task.writes.length === 0) task.writes.push([ERROR, { message: error.message, name: error.name }]);
    scheduleErrorHandler(loop, task, error, 'resumed');
  }
  return [...loop.tasks];
}
