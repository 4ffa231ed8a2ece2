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
import { stepControl } from './step_control';
import type { Scratchpad } from './context';
import type { PreparedTask } from './types';

/**
 * Runs every task of the step that has no writes yet. Resolves when the step is over; rejects
 * with the step's failure, its interrupts, a bubble-up, or the abort that stopped it.
 */
export async function runTasks(loop: PregelLoop, opts: RunnerOptions, interruptIdOf: (ns: string, n: number) => string): Promise<void> {
  const queue = loop.tasks.filter((t) => t.writes.length === 0);
  const step = stepControl(opts.signal, opts.abortable === true, opts.stepTimeout, queue.length);
  const interrupts = new Map<PreparedTask, Interrupt[]>();
  let bubble: { error: unknown } | undefined;
  let failure: { error: unknown } | undefined;
  // The step's scratchpads are made before any task runs (as LangGraph.js prepares them with the
  // tasks): a task taking the unbound resume answer does not take it from its siblings.
  const pads = new Map<PreparedTask, Scratchpad>();
  for (const t of queue) pads.set(t, buildScratchpad(t, loop, loop.resumeMap, interruptIdOf));
  const launch = (t: PreparedTask): Promise<Outcome> =>
    runTask(t, loop, opts, pads.get(t) ?? buildScratchpad(t, loop, loop.resumeMap, interruptIdOf), step).catch(errorOutcome);
  /** Records an outcome; returns the handler task to run next, if the failure went to one. */
  const settle = (t: PreparedTask, o: Outcome): PreparedTask | undefined => {
    if (o.kind === 'interrupt') interrupts.set(t, o.interrupts);
    else if (o.kind === 'bubble') bubble ??= { error: o.error };
    else if (o.kind === 'error' && !failure) {
      failure = { error: o.error };
      step.abort();
    } else if (o.kind === 'handled') return o.handler;
    return undefined;
  };
  try {
    const limit = typeof opts.config.maxConcurrency === 'number' && opts.config.maxConcurrency > 0 ? opts.config.maxConcurrency : Infinity;
    const done = drive(queue, launch, settle, () => failure !== undefined || step.cancelled, limit);
    await (step.stopped ? Promise.race([step.stopped, done]) : done);
  } finally {
    step.dispose();
  }
  if (failure) throw failure.error;
  // Interrupts are reported in task order, whatever order the tasks finished in.
  if (interrupts.size > 0) throw new GraphInterrupt(loop.tasks.flatMap((t) => interrupts.get(t) ?? []));
  if (bubble && (loop.p.nested || isGraphDrained(bubble.error))) throw bubble.error;
}

const errorOutcome = (error: unknown): Outcome => ({ kind: 'error', error });

type Launch = (t: PreparedTask) => Promise<Outcome>;
type Settle = (t: PreparedTask, o: Outcome) => PreparedTask | undefined;

/** Runs `queue` (and the handlers failures schedule) until it is done or `stop()` says so. */
async function drive(queue: PreparedTask[], launch: Launch, settle: Settle, stop: () => boolean, limit: number): Promise<void> {
  // One task (a loop's step) runs the same either way; the sequential form costs no extra promise.
  if (!concurrentTasks() || queue.length === 1) {
    for (let i = 0; i < queue.length && !stop(); i++) {
      const handler = settle(queue[i], await launch(queue[i]));
      // A handler runs right after the task it handles.
      if (handler) queue.splice(i + 1, 0, handler);
    }
    return;
  }
  await new Promise<void>((resolve) => {
    let running = 0;
    let next = 0;
    // Handlers go first when a slot frees.
    const handlers: PreparedTask[] = [];
    const start = (t: PreparedTask) => {
      running += 1;
      void launch(t).then((o) => {
        const handler = settle(t, o);
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
