/**
 * Runs the tasks of a superstep (LangGraph.js `PregelRunner.tick`): every task without writes,
 * concurrently with AsyncLocalStorage, else one after another (see ./context). An error handler
 * scheduled by a failure runs within the step, right away. The first failure that no handler
 * takes cancels the tasks still running and is raised; else the step's interrupts are raised
 * together; else a bubble-up from a subgraph (a drain, a Command.PARENT for a graph further up)
 * passes on — at the root a Command.PARENT with no graph to go to ends the run, as in LangGraph.js.
 */
import { GraphInterrupt, isGraphDrained } from '../errors';
import type { Interrupt } from '../types';
import { concurrentTasks } from './context';
import type { PregelLoop } from './loop';
import { buildScratchpad, runTask, type Outcome, type RunnerOptions } from './runner';
import { stepControl, type StepControl } from './step_control';
import type { Scratchpad } from './context';
import type { PreparedTask } from './types';

/**
 * Runs every task of the step that has no writes yet. Returns when the step is over: nothing when
 * it finished synchronously (every task did, and nothing can stop the step from outside), else a
 * promise. Throws (or rejects) with the step's failure, its interrupts, a bubble-up, or the abort
 * that stopped it.
 */
export function runTasks(loop: PregelLoop, opts: RunnerOptions, interruptIdOf: (ns: string, n: number) => string): Promise<void> | undefined {
  const queue: PreparedTask[] = [];
  for (const t of loop.tasks) if (t.writes.length === 0) queue.push(t);
  const run = new StepRun(loop, opts, interruptIdOf, stepControl(opts.signal, opts.abortable === true, opts.stepTimeout, queue.length));
  const step = run.step;
  // The step's scratchpads are made before any task runs (as LangGraph.js prepares them with the
  // tasks): a task taking the unbound resume answer does not take it from its siblings.
  // (A lone task's is made as it starts: nothing runs in between.)
  if (queue.length > 1) {
    const pads = (run.pads = new Map());
    for (const t of queue) pads.set(t, buildScratchpad(t, loop, loop.resumeMap, interruptIdOf));
  }
  let done: Promise<void> | undefined;
  try {
    const limit = typeof opts.config.maxConcurrency === 'number' && opts.config.maxConcurrency > 0 ? opts.config.maxConcurrency : Infinity;
    done = drive(queue, run, limit);
  } catch (error) {
    step.dispose();
    return Promise.reject(error);
  }
  if (done === undefined && !step.stopped) {
    step.dispose();
    endStep(loop, run);
    return undefined;
  }
  return waitStep(loop, run, done);
}

/** The rest of a step that did not finish synchronously (or that the caller's signal or a timeout can stop). */
async function waitStep(loop: PregelLoop, run: StepRun, done: Promise<void> | undefined): Promise<void> {
  const step = run.step;
  try {
    const finished = done ?? Promise.resolve();
    await (step.stopped ? Promise.race([step.stopped, finished]) : finished);
  } finally {
    step.dispose();
  }
  endStep(loop, run);
}

/** What the step's outcomes leave: its failure, its interrupts, a bubble-up passing on, or nothing. */
function endStep(loop: PregelLoop, run: StepRun): void {
  const failure = run.failure ?? run.step.callFailure;
  if (failure) throw failure.error;
  // Interrupts are reported in task order, whatever order the tasks finished in.
  const interrupts = run.interrupts;
  if (interrupts) throw new GraphInterrupt(loop.tasks.flatMap((t) => interrupts.get(t) ?? []));
  const bubble = run.bubble;
  if (bubble && (loop.p.nested || isGraphDrained(bubble.error))) throw bubble.error;
}

const errorOutcome = (error: unknown): Outcome => ({ kind: 'error', error });

/**
 * One step's run: how its tasks are launched and what their outcomes leave. A class, not
 * closures: a loop's one-task step makes one object for it.
 */
class StepRun {
  /** The scratchpads made before the step's tasks run (when it has several). */
  pads: Map<PreparedTask, Scratchpad> | undefined;
  /** The tasks that raised interrupts (made on the first). */
  interrupts: Map<PreparedTask, Interrupt[]> | undefined;
  bubble: { error: unknown } | undefined;
  failure: { error: unknown } | undefined;

  constructor(
    private readonly loop: PregelLoop, private readonly opts: RunnerOptions,
    private readonly interruptIdOf: (ns: string, n: number) => string, readonly step: StepControl,
  ) {}

  launch(t: PreparedTask): Promise<Outcome> {
    return Promise.resolve(this.start(t)).catch(errorOutcome);
  }

  /** `launch`, for a caller that catches the failure itself (and takes a synchronous outcome as it is). */
  start(t: PreparedTask): Outcome | Promise<Outcome> {
    const pad = this.pads?.get(t) ?? buildScratchpad(t, this.loop, this.loop.resumeMap, this.interruptIdOf);
    return runTask(t, this.loop, this.opts, pad, this.step);
  }

  /** Records an outcome; returns the handler task to run next, if the failure went to one. */
  settle(t: PreparedTask, o: Outcome): PreparedTask | undefined {
    if (o.kind === 'interrupt') (this.interrupts ??= new Map()).set(t, o.interrupts);
    else if (o.kind === 'bubble') this.bubble ??= { error: o.error };
    else if (o.kind === 'error' && !this.failure) {
      this.failure = { error: o.error };
      this.step.abort();
    } else if (o.kind === 'handled') return o.handler;
    return undefined;
  }

  /** A failure or a cancellation stops launching tasks. */
  stopped(): boolean {
    return this.failure !== undefined || this.step.cancelled;
  }
}

/**
 * Runs `queue` (and the handlers failures schedule) until it is done or `stop()` says so.
 * Nothing when every task finished synchronously, else a promise.
 */
function drive(queue: PreparedTask[], run: StepRun, limit: number): Promise<void> | undefined {
  // One task (a loop's step) runs the same either way; the sequential form costs no extra promise.
  if (!concurrentTasks() || queue.length === 1) return driveFrom(queue, run, 0);
  return driveConcurrently(queue, run, limit);
}

/** The sequential form from task `i`: synchronous while the tasks are. */
function driveFrom(queue: PreparedTask[], run: StepRun, i: number): Promise<void> | undefined {
  for (; i < queue.length && !run.stopped(); i++) {
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = run.start(queue[i]);
    } catch (error) {
      outcome = errorOutcome(error);
    }
    if (outcome instanceof Promise) return driveAfter(queue, run, i, outcome);
    settleAt(queue, run, i, outcome);
  }
  return undefined;
}

/** The sequential form once task `i` returned a promise. */
async function driveAfter(queue: PreparedTask[], run: StepRun, i: number, pending: Promise<Outcome>): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await pending;
  } catch (error) {
    outcome = errorOutcome(error);
  }
  settleAt(queue, run, i, outcome);
  const rest = driveFrom(queue, run, i + 1);
  if (rest) await rest;
}

function settleAt(queue: PreparedTask[], run: StepRun, i: number, outcome: Outcome): void {
  const handler = run.settle(queue[i], outcome);
  // A handler runs right after the task it handles.
  if (handler) queue.splice(i + 1, 0, handler);
}

/** The concurrent form: tasks launched up to `limit` at once, handlers first when a slot frees. */
async function driveConcurrently(queue: PreparedTask[], run: StepRun, limit: number): Promise<void> {
  const stop = () => run.stopped();
  await new Promise<void>((resolve) => {
    let running = 0;
    let next = 0;
    // Handlers go first when a slot frees.
    const handlers: PreparedTask[] = [];
    const start = (t: PreparedTask) => {
      running += 1;
      void run.launch(t).then((o) => {
        const handler = run.settle(t, o);
        running -= 1;
        if (handler && !stop()) handlers.push(handler);
        fill();
        if (stop() || (running === 0 && handlers.length === 0 && next === queue.length)) resolve();
      });
    };
    // `maxConcurrency` caps the tasks running at once.
    const fill = () => {
      while (running < limit && !stop()) {
        if (handlers.length > 0) start(handlers.pop()!);
        else if (next < queue.length) start(queue[next++]);
        else break;
      }
    };
    if (queue.length === 0) resolve();
    fill();
  });
}
