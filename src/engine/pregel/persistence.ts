/**
 * The saver calls of one run, as LangGraph.js schedules them: writes and checkpoints are handed
 * to the saver without stopping the run (checkpoints one after another, so a parent is always
 * stored first); `sync` durability waits for them at the end of each step, and every run waits for
 * them before it ends. A failed call fails the run where it is waited for (and stops the later
 * checkpoints, which would build on it).
 */
import { MemorySaver } from '../checkpoint/memory';
import type { BaseCheckpointSaver, ChannelVersions, Checkpoint, CheckpointMetadata, PendingWriteValue, RunnableConfig } from '../checkpoint/types';

/** Checkpoint puts a run may have outstanding before its next step waits for them. */
const MAX_BACKLOG = 64;

export class Persistence {
  private chain: Promise<unknown> = Promise.resolve();
  /** No put is outstanding and none failed: the next one can start at once. */
  private idle = true;
  private backlog = 0;
  private readonly pending = new Set<Promise<unknown>>();
  private failure: { error: unknown } | undefined;

  /**
   * Hands `writes` to the saver (its `putWrites`, tracked), with the task's path (`taskPathStr`,
   * `''` for the NULL task), which orders a step's writes when a saver replays them. A MemorySaver stores them at once,
   * without a promise; what it throws fails the run as a rejected `putWrites` would.
   */
  putWrites(saver: BaseCheckpointSaver, config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath: string): void {
    const now = synchronous(saver);
    if (!now) return this.track(saver.putWrites(config, writes, taskId, taskPath));
    try {
      now.putWritesNow(config, writes, taskId, taskPath);
    } catch (error) {
      this.track(Promise.reject(error));
    }
  }

  /**
   * Schedules a checkpoint `put` (see `put`). A MemorySaver with nothing outstanding stores it at
   * once, without a promise; what it throws fails the run as a rejected `put` would.
   */
  putCheckpoint(saver: BaseCheckpointSaver, config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, changed: ChannelVersions): void {
    const now = this.idle ? synchronous(saver) : undefined;
    if (!now) return this.put(() => saver.put(config, checkpoint, metadata, changed));
    try {
      // The loop never changes a checkpoint's version maps once built: the saver may keep them.
      now.putNow(config, checkpoint, metadata, changed, true);
    } catch (error) {
      this.put(() => Promise.reject(error));
    }
  }

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

  /**
   * Schedules a checkpoint `put` after the previous ones. When none is outstanding it starts at
   * once (the saver copies the checkpoint before the next step can change anything), else when
   * the previous one is stored; after a failure, never.
   */
  put(call: () => Promise<unknown>): void {
    this.backlog++;
    const chain = this.idle ? start(call) : this.chain.then(call);
    this.idle = false;
    this.chain = chain;
    const tracked: Promise<unknown> = chain.then(
      () => {
        this.backlog--;
        this.pending.delete(tracked);
        if (this.chain === chain) this.idle = true;
      },
      (error: unknown) => {
        this.backlog--;
        this.failure ??= { error };
      },
    );
    this.pending.add(tracked);
  }

  /**
   * Waits for the scheduled puts when too many are outstanding (else returns nothing, so a step
   * pays no promise for it). Without it a fast loop over a slow saver (one across a port, say)
   * would run ever further ahead of what is stored, holding every unsaved checkpoint in memory;
   * with it the run is at most MAX_BACKLOG checkpoints ahead. After a failed call it rejects
   * with that failure.
   */
  throttle(): Promise<unknown> | undefined {
    // A failed call stops the run at the next step: running on would only build checkpoints on
    // one that is not stored (and, over a slow saver, hold each of them in memory for nothing).
    if (this.failure) return Promise.reject(this.failure.error);
    return this.backlog > MAX_BACKLOG ? this.chain.catch(() => undefined) : undefined;
  }

  /**
   * Waits for every call scheduled so far; rejects with the first failure. Nothing to wait for
   * (every call stored, none failed): `undefined`, no promise.
   */
  flush(): Promise<void> | undefined {
    if (this.pending.size === 0 && !this.failure) return undefined;
    return this.settle();
  }

  private async settle(): Promise<void> {
    if (this.pending.size > 0) await Promise.all([...this.pending]);
    if (this.failure) throw this.failure.error;
  }
}

/** Calls `call` now; a synchronous throw becomes a rejection, as inside `then`. */
function start(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A MemorySaver whose `put` / `putWrites` are its own (a subclass may change what they do). */
function synchronous(saver: BaseCheckpointSaver): MemorySaver | undefined {
  if (!(saver instanceof MemorySaver) || saver.put !== MemorySaver.prototype.put || saver.putWrites !== MemorySaver.prototype.putWrites) return undefined;
  return saver;
}
