/**
 * A step that already ran in part: its saved writes go back to the tasks that finished (they will
 * not run), and failures that went to an error handler resume that handler (LangGraph's
 * `_reapply_writes_to_succeeded_nodes` + `_resume_error_handlers_if_applicable`). On the first tick
 * of a replay nothing is re-applied: every task runs again. The loop adopts the tasks returned,
 * then schedules the error handlers (`resumeErrorHandlers`, ./error_handler).
 */
import type { ControlSignal } from '../../shared/trace';
import { reapplyPendingWrites } from './algo';
import type { PregelLoop } from './loop';
import type { PreparedTask } from './types';

/** The step's tasks with their saved writes re-applied (see above), tracing what was and was not. */
export function applySaved(loop: Pick<PregelLoop, 'p' | 'step' | 'isReplaying' | 'pending'>, tasks: PreparedTask[]): PreparedTask[] {
  const tr = loop.p.tracer;
  if (loop.isReplaying) {
    const ids = new Set(tasks.map((t) => t.id));
    for (const [tid, c] of loop.pending) if (ids.has(tid)) tr.emit({ type: '@engine.write.skipped', step: loop.step, taskId: tid, channel: c, reason: 'replaying' });
    return tasks;
  }
  const r = reapplyPendingWrites(tasks, loop.pending);
  for (const w of r.reapplied) tr.emit({ type: '@engine.write.reapplied', step: loop.step, ...w });
  for (const s of r.skipped) {
    tr.emit({ type: '@engine.write.skipped', step: loop.step, taskId: s.taskId, channel: s.channel, reason: 'control-signal', signal: s.channel as ControlSignal });
  }
  return r.tasks;
}
