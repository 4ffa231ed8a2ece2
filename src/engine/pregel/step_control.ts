/**
 * A superstep's cancellation. Every task of the step gets the step's signal (even when the caller
 * passed none, as in LangGraph.js). It aborts when the caller's signal does, when the step runs
 * past `stepTimeout`, or when a task fails (its running siblings are cancelled); from then on
 * nothing the cancelled tasks produce is committed, so they run again on resume.
 */
import type { AbortSignalLike } from '../checkpoint/types';

declare function setTimeout(fn: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;

interface ControllerLike {
  signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

export interface StepControl {
  /** True once the step was aborted (a failure, the caller's signal, the step timeout). */
  cancelled: boolean;
  signal?: AbortSignalLike;
  /** Cancels the running tasks because one failed. */
  abort(): void;
  /**
   * The first failure of a call-task (`task()` of the functional API) in this step. As in
   * LangGraph.js it fails the step even when its caller catches it (the runner sees every task),
   * and no task of the step that finishes after it is committed.
   */
  callFailure?: { error: unknown };
  /** Records a call-task's failure (the first only). */
  failCall(error: unknown): void;
  /** Rejects when the caller's signal aborts or the step times out (what the run then throws); absent when neither can happen. */
  readonly stopped?: Promise<never>;
  /** Stops listening to the caller's signal and clears the step timer (the step is over). */
  dispose(): void;
}

const Ctor = (globalThis as { AbortController?: new () => ControllerLike }).AbortController;

const abortError = (message: string) => Object.assign(new Error(message), { name: 'AbortError' });

/** The error an aborted caller's signal stops the run with: its reason, else an AbortError. */
export function abortReason(signal: AbortSignalLike): Error {
  return signal.reason instanceof Error ? signal.reason : abortError('Aborted');
}

/**
 * The control of one step. A controller of its own only when there are siblings to cancel or a
 * step timeout; else the tasks share the run's signal. `abortable`: the run's signal can abort
 * (the caller gave one), so the step must stop when it does. A class, not a closure record: a
 * one-task step without a caller's signal or a timeout (a loop's step) allocates one object.
 */
export function stepControl(outer: AbortSignalLike | undefined, abortable: boolean, stepTimeout: number | undefined, tasks: number): StepControl {
  return new Step(outer, abortable, stepTimeout, tasks);
}

class Step implements StepControl {
  cancelled = false;
  readonly signal: AbortSignalLike | undefined;
  readonly stopped: Promise<never> | undefined;
  private readonly ctrl: ControllerLike | undefined;
  private reject: ((e: unknown) => void) | undefined;
  private timer: unknown;
  private onOuter: (() => void) | undefined;

  constructor(private readonly outer: AbortSignalLike | undefined, abortable: boolean, stepTimeout: number | undefined, tasks: number) {
    const timed = stepTimeout !== undefined && stepTimeout > 0;
    this.ctrl = Ctor && (tasks > 1 || timed) ? new Ctor() : undefined;
    this.signal = this.ctrl?.signal ?? outer;
    if (abortable || timed) {
      this.stopped = new Promise<never>((_, r) => (this.reject = r));
      this.stopped.catch(() => {});
    }
    if (outer && abortable) {
      const onOuter = (this.onOuter = () => this.stop(abortReason(outer)));
      if (outer.aborted) onOuter();
      else outer.addEventListener('abort', onOuter);
    }
    // LangGraph.js fails a step that runs past `stepTimeout` with a plain `Error("Abort")`.
    if (timed) this.timer = setTimeout(() => this.stop(new Error('Abort')), stepTimeout);
  }

  private stop(error: Error): void {
    this.cancelled = true;
    this.ctrl?.abort(error);
    this.reject?.(error);
  }

  callFailure: { error: unknown } | undefined;

  failCall(error: unknown): void {
    this.callFailure ??= { error };
  }

  abort(): void {
    this.cancelled = true;
    this.ctrl?.abort(abortError('A sibling task failed: this task was cancelled.'));
  }

  dispose(): void {
    if (this.onOuter) this.outer?.removeEventListener('abort', this.onOuter);
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
