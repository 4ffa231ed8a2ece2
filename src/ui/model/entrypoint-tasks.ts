/**
 * The tasks a functional-API entrypoint was seen calling in this thread. LangGraph draws an
 * entrypoint as one node, since its tasks are plain function calls that no graph declares; the
 * debugger adds those it saw run, as children of the entrypoint, so a run's steps have somewhere to
 * show. They are read from what the UI holds about the thread: the loaded run trace (every task
 * prepared, run, cached or finished carries its name) and the selected checkpoint (its tasks and
 * the names of the tasks its pending writes belong to). A task's name, not its id, makes the node:
 * calling `compose` twice draws one `compose`.
 */
import type { CheckpointDetail, GraphShape } from '../../protocol/dto';
import { isTraceEvent } from '../../shared/trace';

const TASK_EVENTS = new Set(['@engine.task.prepared', '@engine.task.run', '@engine.task.cached', '@engine.task.finished']);

/** Names of the tasks `entrypoint` called, each once, in the order first seen. */
export function entrypointTasks(entrypoint: string, trace: readonly unknown[], detail: CheckpointDetail | null): string[] {
  const names: string[] = [];
  const add = (name: string | null | undefined) => {
    if (name && name !== entrypoint && !name.startsWith('__') && !names.includes(name)) names.push(name);
  };
  for (const e of trace) {
    // Only the root graph's tasks: a subgraph's tasks run in a namespace of their own.
    if (isTraceEvent(e) && TASK_EVENTS.has(e.type) && e.checkpointNs === '' && 'name' in e) add(e.name);
  }
  if (detail !== null && detail.summary.ns === '') {
    for (const t of detail.tasks) add(t.name);
    for (const w of detail.pendingWrites) add(w.taskName);
  }
  return names;
}

/**
 * `shape` with the tasks added under its entrypoint: a `task` node each, and a dashed `call` edge
 * from the entrypoint to it. A shape with no entrypoint, or no tasks, is returned as it is.
 */
export function withEntrypointTasks(shape: GraphShape, tasks: readonly string[]): GraphShape {
  const entry = shape.entrypoint;
  if (entry === undefined || tasks.length === 0) return shape;
  const taken = new Set(shape.nodes.map((n) => n.id));
  const added = tasks.filter((t) => !taken.has(t));
  // After the entrypoint, before __end__: the layout keeps the drawing's order.
  const end = shape.nodes.findIndex((n) => n.kind === 'end');
  const at = end === -1 ? shape.nodes.length : end;
  return {
    ...shape,
    nodes: [...shape.nodes.slice(0, at), ...added.map((id) => ({ id, kind: 'task' as const })), ...shape.nodes.slice(at)],
    edges: [...shape.edges, ...added.map((id) => ({ source: entry, target: id, conditional: false, call: true as const }))],
  };
}
