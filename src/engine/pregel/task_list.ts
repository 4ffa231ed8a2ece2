/**
 * The tasks of the current superstep, with a by-id index built only when first asked for (most
 * steps never look a task up, and a one-task step needs no index).
 */
import type { PreparedTask } from './types';

export class TaskList {
  private list: PreparedTask[] = [];
  private byId: Map<string, PreparedTask> | undefined;

  /** The tasks, in order. */
  get all(): readonly PreparedTask[] {
    return this.list;
  }

  /** Replaces the tasks (a new step). */
  reset(list: PreparedTask[]): void {
    this.list = list;
    this.byId = undefined;
  }

  /** Adds a task made while the step runs (a call-task, an error handler). */
  add(task: PreparedTask): void {
    this.list.push(task);
    this.byId?.set(task.id, task);
  }

  /** The task with this id, if any. */
  get(id: string): PreparedTask | undefined {
    const tasks = this.list;
    if (tasks.length === 1) return tasks[0].id === id ? tasks[0] : undefined;
    if (!this.byId) {
      this.byId = new Map();
      for (const t of tasks) this.byId.set(t.id, t);
    }
    return this.byId.get(id);
  }
}
