/**
 * Which interrupts of a checkpoint can still be answered, and how. Pure: derived from the
 * checkpoint's detail (its tasks with their outcome, its `__resume__` writes) and from whether a
 * later checkpoint grew from it.
 *
 * - At a checkpoint nothing grew from (the tip of a branch), an interrupt whose task did not run to
 *   the end is open: the answer is written to this checkpoint, as a resume by interrupt id.
 * - At a checkpoint that later checkpoints grew from, its interrupts were answered already; the
 *   engine would replay the saved answer (as LangGraph does), so a new answer replays from this
 *   checkpoint on a new branch (the task asks again) and answers there.
 */
import type { CheckpointDetail, Json } from '../../protocol/dto';

/** One interrupt shown with a form. */
export interface InterruptItem {
  /** The interrupt's id (the key of a resume map). */
  id: string;
  /** The node whose task asked. */
  task: string;
  taskId: string;
  /** Position among the interrupts of its task (a node may ask several questions in a row). */
  index: number;
  value: Json;
  valueTruncated?: boolean;
  /** The answer saved for it, when it was answered. */
  answered?: { value: Json };
}

/**
 * `answer`: open interrupts answered at this checkpoint. `replay-then-answer`: answered ones at a
 * past checkpoint; a new answer starts a branch. `disabled`: shown, not answerable (see `reason`).
 */
export type InterruptMode = 'answer' | 'replay-then-answer' | 'disabled';

export interface InterruptView {
  checkpointId: string;
  mode: InterruptMode;
  items: InterruptItem[];
  /** Why the forms cannot be used (mode `disabled`). */
  reason?: string;
}

/** Task outcomes after which the task's interrupts were answered (it ran past them, or failed). */
const DONE = new Set(['ran', 'served-from-saved-writes', 'failed']);

/** The answers saved for each task (its `__resume__` write holds one value per answered interrupt). */
function answersByTask(detail: CheckpointDetail): Map<string, Json[]> {
  const out = new Map<string, Json[]>();
  for (const w of detail.pendingWrites) {
    if (w.channel !== '__resume__' || w.taskName === null) continue;
    out.set(w.taskId, Array.isArray(w.value) ? w.value : [w.value]);
  }
  return out;
}

/** Context of the selection that decides whether the forms may be used. */
export interface InterruptContext {
  /** Later checkpoints grew from this one. */
  hasChildren: boolean;
  /** Namespace shown (`''`: the root graph). */
  ns: string;
  readOnly: boolean;
  running: boolean;
}

/** The interrupts of `detail` and how they can be answered (null when it has none to show). */
export function interruptView(detail: CheckpointDetail | null, ctx: InterruptContext): InterruptView | null {
  if (detail === null) return null;
  const answers = answersByTask(detail);
  const all: InterruptItem[] = [];
  for (const t of detail.tasks) {
    const saved = answers.get(t.id) ?? [];
    const done = t.outcome !== undefined && DONE.has(t.outcome);
    t.interrupts.forEach((i, j) => {
      // The interrupt write holds what the task's last attempt asked: after `saved.length` answers
      // an open task asks its next question; a finished one asked its last before the last answer.
      const index = done ? Math.max(0, saved.length - t.interrupts.length) + j : saved.length + j;
      const given = index < saved.length ? { value: saved[index] } : undefined;
      all.push({
        id: i.id, task: t.name, taskId: t.id, index, value: i.value,
        ...(i.valueTruncated ? { valueTruncated: true } : {}), ...(given ? { answered: given } : {}),
      });
    });
  }
  if (all.length === 0) return null;
  const checkpointId = detail.summary.checkpointId;
  const doneTasks = new Set(detail.tasks.filter((t) => t.outcome !== undefined && DONE.has(t.outcome)).map((t) => t.id));
  const open = all.filter((i) => !doneTasks.has(i.taskId) && i.answered === undefined);
  const reason = ctx.readOnly
    ? 'This thread was imported read-only: it can be browsed, not resumed.'
    : ctx.ns !== ''
      ? 'Interrupts inside a subgraph are answered from the root graph: open the root namespace and its checkpoint.'
      : ctx.running
        ? 'A run of this thread is going on.'
        : undefined;
  if (!ctx.hasChildren && open.length > 0) {
    return reason === undefined ? { checkpointId, mode: 'answer', items: open } : { checkpointId, mode: 'disabled', items: open, reason };
  }
  // Everything here was answered (or the run moved on): a new answer forks from this checkpoint.
  if (reason !== undefined) return { checkpointId, mode: 'disabled', items: all, reason };
  return { checkpointId, mode: 'replay-then-answer', items: all };
}

/** Answers keyed by task name and position, so they can be carried to a replayed task's new interrupt ids. */
export interface CarriedAnswer {
  task: string;
  index: number;
  value: Json;
}

/**
 * The resume map for the open interrupts of `detail` (the tip of a replay) from answers given at the
 * checkpoint it replayed: matched by task name and position (the replayed tasks have new ids).
 */
export function carryAnswers(detail: CheckpointDetail, answers: CarriedAnswer[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  const seen = new Map<string, number>();
  for (const t of detail.tasks) {
    const nth = seen.get(t.name) ?? 0;
    seen.set(t.name, nth + 1);
    // Only the first task of each name is matched: a fan-out's tasks cannot be told apart by name.
    if (nth > 0) continue;
    t.interrupts.forEach((i, j) => {
      const a = answers.find((x) => x.task === t.name && x.index === j);
      if (a !== undefined) out[i.id] = a.value;
    });
  }
  return out;
}
