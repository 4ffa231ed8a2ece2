/**
 * Durations read from a trace: per superstep (from its `@engine.tick.start` to the
 * `@engine.checkpoint.saved` that ends it) and per task attempt (from `@engine.task.run` to its
 * `@engine.task.finished`, or to the `@engine.task.retry` that ends a failed attempt, with the wait
 * before the next attempt). Which tick an event belongs to is the one tick rule (`./ticks.ts`).
 *
 * It sits beside the tick rule for the same reason: it is a reading of the trace format shared by
 * the storage worker (the tasks of a checkpoint's detail) and the page (the waterfall of a run's
 * trace), and the page may not import the engine. Events stored before the engine stamped them
 * have no `at`: their times are null, never guessed.
 */
import { TickTracker } from './ticks';
import type { TraceEvent } from './trace';

/** How an attempt ended (`running`: no end in the trace read so far). */
export type AttemptEnd = 'success' | 'error' | 'interrupt' | 'retried' | 'running';

/** One attempt of a task. */
export interface AttemptTiming {
  /** 1, 2, … as the engine numbers them. */
  attempt: number;
  start: number | null;
  end: number | null;
  status: AttemptEnd;
  /** For a retried attempt: its error and the wait the retry policy asked for. */
  error?: { name: string; message: string };
  delayMs?: number;
}

/** How a task ended in its step. */
export type TaskOutcome = 'ran' | 'cached' | 'failed' | 'interrupted' | 'pending';

/** One task of a step. */
export interface TaskTiming {
  taskId: string;
  name: string;
  outcome: TaskOutcome;
  attempts: AttemptTiming[];
  /** When it was served from saved writes (no attempt ran). */
  cachedAt: number | null;
  /** First attempt's start to last attempt's end, waits included (null: a time is missing). */
  durationMs: number | null;
}

/** One superstep (tick) of a namespace. */
export interface StepTiming {
  checkpointNs: string;
  step: number;
  runId: string;
  /** The checkpoint the step ran from (its tasks and pending writes belong to it). */
  checkpointId: string;
  /** The checkpoint that ended the step (null: it ended without one, e.g. an error or interrupt). */
  savedCheckpointId: string | null;
  /** Counts ticks over the trace (the tick rule's serial). */
  serial: number;
  isReplaying: boolean;
  start: number | null;
  end: number | null;
  durationMs: number | null;
  tasks: TaskTiming[];
}

const span = (start: number | null, end: number | null): number | null => (start === null || end === null ? null : Math.max(0, end - start));
const timeOf = (e: TraceEvent): number | null => (typeof e.at === 'number' ? e.at : null);

function taskDuration(t: TaskTiming): number | null {
  if (t.attempts.length === 0) return t.outcome === 'cached' ? 0 : null;
  return span(t.attempts[0]!.start, t.attempts[t.attempts.length - 1]!.end);
}

/**
 * Folds trace events, in emission order, into step timings, one event at a time: a trace read in
 * pages or streamed while a run goes on is folded once, however often it is shown. `steps` grows
 * and its entries are updated in place as later events end them.
 */
export class StepTimingFolder {
  readonly steps: StepTiming[] = [];
  /** Per namespace and saved checkpoint id: the step that saved it (its latest, when run again). */
  private readonly bySaved = new Map<string, StepTiming>();
  /** Per task id: its timing (task ids are unique to a checkpoint's step). */
  private readonly byTask = new Map<string, TaskTiming>();
  private readonly tracker = new TickTracker();
  private readonly bySerial = new Map<number, { step: StepTiming; tasks: Map<string, TaskTiming> }>();

  /** The step that saved checkpoint `checkpointId` of namespace `ns`, if folded. */
  stepThatSaved(ns: string, checkpointId: string): StepTiming | undefined {
    return this.bySaved.get(`${ns}\u0000${checkpointId}`);
  }

  /** The timing of task `taskId`, if folded. */
  task(taskId: string): TaskTiming | undefined {
    return this.byTask.get(taskId);
  }

  /** Folds the next event. */
  add(e: TraceEvent): void {
    const at = this.tracker.place(e);
    const t = timeOf(e);
    if (at.opened) {
      const step: StepTiming = {
        checkpointNs: e.checkpointNs, step: e.step, runId: e.runId, checkpointId: at.opened.checkpointId, savedCheckpointId: null,
        serial: at.opened.serial, isReplaying: at.opened.isReplaying, start: t, end: null, durationMs: null, tasks: [],
      };
      this.steps.push(step);
      this.bySerial.set(at.opened.serial, { step, tasks: new Map() });
    }
    const open = at.tick ? this.bySerial.get(at.tick.serial) : undefined;
    if (!open) return;
    if (at.closes) {
      // The step ends at its checkpoint, or at the boundary that cut it short (the run ended).
      open.step.end = t;
      if (e.type === '@engine.checkpoint.saved') {
        open.step.savedCheckpointId = e.checkpointId;
        this.bySaved.set(`${e.checkpointNs}\u0000${e.checkpointId}`, open.step);
      }
      open.step.durationMs = span(open.step.start, open.step.end);
      this.bySerial.delete(at.tick!.serial);
      return;
    }
    const taskOf = (taskId: string, name: string): TaskTiming => {
      let task = open.tasks.get(taskId);
      if (!task) {
        task = { taskId, name, outcome: 'pending', attempts: [], cachedAt: null, durationMs: null };
        open.tasks.set(taskId, task);
        open.step.tasks.push(task);
        this.byTask.set(taskId, task);
      }
      return task;
    };
    switch (e.type) {
      case '@engine.task.prepared':
        taskOf(e.taskId, e.name);
        break;
      case '@engine.task.cached': {
        const task = taskOf(e.taskId, e.name);
        task.outcome = 'cached';
        task.cachedAt = t;
        task.durationMs = taskDuration(task);
        break;
      }
      case '@engine.task.run':
        taskOf(e.taskId, e.name).attempts.push({ attempt: e.attempt, start: t, end: null, status: 'running' });
        break;
      case '@engine.task.retry': {
        const last = taskOf(e.taskId, e.name).attempts.at(-1);
        if (last && last.status === 'running') Object.assign(last, { end: t, status: 'retried', error: e.error, delayMs: e.delayMs });
        break;
      }
      case '@engine.task.finished': {
        const task = taskOf(e.taskId, e.name);
        const last = task.attempts.at(-1);
        if (last && last.status === 'running') Object.assign(last, { end: t, status: e.status });
        task.outcome = e.status === 'success' ? 'ran' : e.status === 'error' ? 'failed' : 'interrupted';
        task.durationMs = taskDuration(task);
        break;
      }
      default:
        break;
    }
  }
}

/** Folds trace events (in emission order) into the timings of every step they tell of. */
export function stepTimings(events: readonly TraceEvent[]): StepTiming[] {
  const folder = new StepTimingFolder();
  for (const e of events) folder.add(e);
  return folder.steps;
}

/**
 * The timings of the latest step that ran from `checkpointId` in namespace `ns` (a checkpoint's
 * step may run more than once: a resume after an interrupt or a failure runs it again), or null.
 */
export function latestStepFrom(steps: readonly StepTiming[], ns: string, checkpointId: string): StepTiming | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (s.checkpointNs === ns && s.checkpointId === checkpointId) return s;
  }
  return null;
}
