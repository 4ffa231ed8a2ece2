/**
 * The thread ids of an opened file, counted in chunks that give the storage worker's message loop
 * a turn between them, while the file is already shown: opening a file of 300,000 threads waits
 * for its first chunk only. No id list is kept: every `INDEX_CHUNK`-th id is kept as a mark, so
 * the ids of any page are read from the mark before it (SQLite walks at most one chunk of its
 * primary-key index). What each thread holds is read when its row is shown (`registry.ts`).
 */
import type { CheckpointSource } from '../../formats/index';

/** Ids counted per chunk (a few milliseconds of SQLite work), and the distance between marks. */
export const INDEX_CHUNK = 2000;

/**
 * Resolves after the tasks already queued (a message from the page among them) have run. A message
 * through a MessageChannel, not `setTimeout(0)`, which browsers clamp to 4 ms once nested.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A file's threads, counted in the background, read page by page. */
export class ThreadIndex {
  /** `marks[i]`: the id at position `(i + 1) · chunk − 1`. */
  private readonly marks: string[] = [];
  private counted = 0;
  private finished = false;
  private failure: unknown = undefined;
  private waiting: (() => void)[] = [];
  private resume: () => void = () => undefined;
  private readonly resumed = new Promise<void>((r) => (this.resume = r));
  /** Resolves with the number of threads once all are counted (rejects when the file cannot be read). */
  readonly total: Promise<number>;

  /**
   * Reads the first chunk of `source`'s thread ids; the others are counted after `countRest()`
   * (so the first page is shown first).
   * @param chunk ids read per turn of the message loop
   */
  constructor(private readonly source: CheckpointSource, private readonly chunk = INDEX_CHUNK) {
    this.total = this.run();
    this.total.catch(() => undefined);
  }

  /** Counts the threads after the first chunk, a chunk per turn of the message loop. */
  countRest(): void {
    this.resume();
  }

  /** Threads counted so far (all of them once `done`). */
  get count(): number {
    return this.counted;
  }

  /** True once every thread is counted (or the count failed). */
  get done(): boolean {
    return this.finished;
  }

  private async run(): Promise<number> {
    try {
      let after: string | undefined;
      for (;;) {
        const next = await this.source.listThreadIds(after, this.chunk);
        this.counted += next.length;
        if (next.length < this.chunk) return this.counted;
        after = next[next.length - 1]!;
        this.marks.push(after);
        this.wake();
        if (this.marks.length === 1) await this.resumed;
        await yieldToLoop();
      }
    } catch (err) {
      this.failure = err;
      throw err;
    } finally {
      this.finished = true;
      this.wake();
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w();
  }

  /** Resolves once `n` threads are counted or all are; rejects when counting failed first. */
  async reached(n: number): Promise<void> {
    while (this.counted < n && !this.finished) await new Promise<void>((r) => this.waiting.push(r));
    if (this.counted < n && this.failure !== undefined) throw this.failure;
  }

  /** The ids at positions `offset` … `offset + limit` (fewer at the end), read from the mark before them. */
  async ids(offset: number, limit: number): Promise<string[]> {
    await this.reached(offset + 1);
    if (offset >= this.counted) return [];
    const c = Math.floor(offset / this.chunk);
    const skip = offset - c * this.chunk;
    const read = await this.source.listThreadIds(c === 0 ? undefined : this.marks[c - 1], skip + limit);
    return read.slice(skip, skip + limit);
  }
}
