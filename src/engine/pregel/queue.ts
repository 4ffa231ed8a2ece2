/** A minimal push/pull async queue joining the running loop to the stream consumer. */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private head = 0;
  private waiting: (() => void) | undefined;
  private closed = false;
  private error: { e: unknown } | undefined;

  push(item: T): void {
    this.items.push(item);
    this.wake();
  }
  close(): void {
    this.closed = true;
    this.wake();
  }
  fail(e: unknown): void {
    this.error = { e };
    this.closed = true;
    this.wake();
  }
  private wake(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.();
  }
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.head < this.items.length) {
        const item = this.items[this.head];
        this.items[this.head++] = undefined as T;
        yield item;
        continue;
      }
      if (this.closed) {
        if (this.error) throw this.error.e;
        return;
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}
