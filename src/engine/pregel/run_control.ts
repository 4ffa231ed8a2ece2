/**
 * Cooperative draining (LangGraph.js `RunControl`): `requestDrain()` makes the run stop at the
 * next superstep boundary, after saving the step that finished, with a `GraphDrained` error. Work
 * already running is not cancelled; the run resumes later from the saved checkpoint.
 */
export class RunControl {
  #drainReason: string | undefined = undefined;
  /** Asks the run to stop at the next superstep boundary. @param reason surfaced on `GraphDrained` */
  requestDrain(reason = 'shutdown'): void {
    this.#drainReason = reason;
  }
  /** Whether a drain was requested. */
  get drainRequested(): boolean {
    return this.#drainReason !== undefined;
  }
  /** The reason given to `requestDrain`, if any. */
  get drainReason(): string | undefined {
    return this.#drainReason;
  }
}
