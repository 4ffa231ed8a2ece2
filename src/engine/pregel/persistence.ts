/**
 * The saver calls of one run, as LangGraph.js schedules them: writes and checkpoints are handed
 * to the saver without stopping the run (checkpoints one after another, so a parent is always
 * stored first); `sync` durability waits for them at the end of each step, and every run waits for
 * them before it ends. A failed call fails the run where it is waited for (and stops the later
 * checkpoints, which would build on it).
 */
/** Checkpoint puts a run may have outstanding before its next step waits for them. */
const MAX_BACKLOG = 64;

export class Persistence {
  private chain: Promise<unknown> = Promise.resolve();
  private backlog = 0;
  private readonly pending = new Set<Promise<unknown>>();
  private failure: { error: unknown } | undefined;

  /** Tracks a saver call (`putWrites`) that runs alongside the others. */
  track(call: Promise<unknown>): void {
    const tracked: Promise<unknown> = call.then(
      () => this.pending.delete(tracked),
      (error: unknown) => {
        this.failure ??= { error };
      },
    );
    this.pending.add(tracked);
  }

  /** Schedules a checkpoint `put` after the previous ones. */
  put(call: () => Promise<unknown>): void {
    this.backlog++;
    const settled = () => void this.backlog--;
    this.chain = this.chain.then(call).then(settled, (error: unknown) => {
      settled();
      throw error;
    });
    this.track(this.chain);
  }

  /**
   * Waits for the scheduled puts when too many are outstanding. Without it a fast loop over a slow
   * saver (one across a port, say) would run ever further ahead of what is stored, holding every
   * unsaved checkpoint in memory; with it the run is at most MAX_BACKLOG checkpoints ahead.
   */
  async throttle(): Promise<void> {
    if (this.backlog > MAX_BACKLOG) await this.chain.catch(() => undefined);
  }

  /** Waits for every call scheduled so far; rejects with the first failure. */
  async flush(): Promise<void> {
    if (this.pending.size > 0) await Promise.all([...this.pending]);
    if (this.failure) throw this.failure.error;
  }
}
