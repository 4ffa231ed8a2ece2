/**
 * `StreamChannel`: an append-only log that any number of readers iterate from any position,
 * each at its own pace. A transformer projects one as an extension; a *remote* (named) channel's
 * pushes also go out on the protocol as `custom:<name>` events.
 */
import { byteStream, utf8, type ByteStream } from './web';

const BRAND = Symbol.for('langgraph.stream_channel');

/** Options of {@link StreamChannel.toEventStream}. */
export interface EventStreamOptions<T> {
  /** The first item sent. @default 0 */
  startAt?: number;
  /** The SSE `event:` line. @default the channel's name (none for a local channel) */
  event?: string;
  /** @default JSON.stringify */
  serialize?: (item: T) => string;
}

export class StreamChannel<T = unknown> implements AsyncIterable<T> {
  readonly [BRAND] = true;
  /** Set for a remote channel: its items become `custom:<channelName>` protocol events. */
  readonly channelName: string | undefined;
  private readonly items: T[] = [];
  private waiters: (() => void)[] = [];
  private closed = false;
  private error: unknown = undefined;
  private failed = false;
  private onPush: ((item: T) => void) | undefined;

  constructor(name?: string) {
    this.channelName = name;
  }

  /** A channel read only in this process. */
  static local<T = unknown>(): StreamChannel<T> {
    return new StreamChannel<T>();
  }

  /** A channel whose items also go out on the protocol, as `custom:<name>` events. */
  static remote<T = unknown>(name: string): StreamChannel<T> {
    return new StreamChannel<T>(name);
  }

  /** True for a StreamChannel (of any copy of this module: the brand is a global symbol). */
  static isInstance(value: unknown): value is StreamChannel<unknown> {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** Appends an item: waiting readers wake. */
  push(item: T): void {
    this.items.push(item);
    this.wake();
    this.onPush?.(item);
  }

  /** A reader from `startAt`: it waits for items until the channel closes (or rethrows its failure). */
  iterate(startAt = 0): AsyncIterator<T> {
    let cursor = startAt;
    return {
      next: async (): Promise<IteratorResult<T>> => {
        for (;;) {
          if (cursor < this.items.length) return { value: this.items[cursor++] as T, done: false };
          if (this.closed) {
            if (this.failed) throw this.error;
            return { value: undefined, done: true };
          }
          await new Promise<void>((resolve) => this.waiters.push(resolve));
        }
      },
    };
  }

  /** The channel from `startAt` as an AsyncIterable. */
  toAsyncIterable(startAt = 0): AsyncIterable<T> {
    return { [Symbol.asyncIterator]: () => this.iterate(startAt) };
  }

  /** The items as `text/event-stream` bytes (one `data:` line per line of each serialized item). */
  toEventStream(options: EventStreamOptions<T> = {}): ByteStream {
    const reader = this.iterate(options.startAt);
    const name = options.event ?? this.channelName;
    const serialize = options.serialize ?? ((item: T) => JSON.stringify(item) ?? 'null');
    return byteStream({
      async pull(controller) {
        try {
          const next = await reader.next();
          if (next.done) return controller.close();
          const lines = name != null ? [`event: ${name}`] : [];
          for (const line of serialize(next.value).split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
          controller.enqueue(utf8(`${lines.join('\n')}\n\n`));
        } catch (e) {
          controller.error(e);
        }
      },
    });
  }

  /** The item at `index`. */
  get(index: number): T {
    if (index < 0 || index >= this.items.length) throw new RangeError(`StreamChannel index ${index} out of bounds (size=${this.items.length})`);
    return this.items[index] as T;
  }

  get size(): number {
    return this.items.length;
  }

  get done(): boolean {
    return this.closed;
  }

  /** No more items: readers end after the last one. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** Ends the channel with an error: readers throw it after the last item. */
  fail(err: unknown): void {
    this.error = err;
    this.failed = true;
    this.closed = true;
    this.wake();
  }

  /** @internal Called with each pushed item (the run stream's wiring of remote channels). */
  _wire(fn: (item: T) => void): void {
    this.onPush = fn;
  }

  /** @internal */
  _close(): void {
    this.close();
  }

  /** @internal */
  _fail(err: unknown): void {
    this.fail(err);
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.iterate();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}

/** True for a {@link StreamChannel}. */
export function isStreamChannel(value: unknown): value is StreamChannel<unknown> {
  return StreamChannel.isInstance(value);
}
