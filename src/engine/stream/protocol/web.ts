/**
 * The web-platform globals the stream protocol uses (`ReadableStream`, `TextEncoder`,
 * `AbortController`), typed as far as it uses them: the engine's tsconfig has no DOM types, and
 * every runtime we target (Node ≥ 18, browsers, workers) has them.
 */

/** The part of a ReadableStream controller used here. */
export interface ByteController {
  enqueue(chunk: Uint8Array): void;
  close(): void;
  error(e: unknown): void;
}

/** A ReadableStream of bytes, also async-iterable (Node's and modern browsers' are). */
export interface ByteStream extends AsyncIterable<Uint8Array> {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void; cancel(reason?: unknown): Promise<void> };
  cancel(reason?: unknown): Promise<void>;
}

interface Source {
  start?(c: ByteController): void | Promise<void>;
  pull?(c: ByteController): void | Promise<void>;
  cancel?(reason?: unknown): void | Promise<void>;
}

/** An AbortSignal, as far as the run stream exposes it. */
export interface SignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', fn: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', fn: () => void): void;
}

/** An AbortController. */
export interface ControllerLike {
  readonly signal: SignalLike;
  abort(reason?: unknown): void;
}

// The engine is type-checked without the DOM library; these are the web globals every runtime we
// target has, declared as narrowly as this file uses them (module-scoped, so they do not clash with
// the DOM's own declarations where those are present).
declare const ReadableStream: new (source: Source) => ByteStream;
declare const TextEncoder: new () => { encode(s: string): Uint8Array };
declare const AbortController: new () => ControllerLike;

/** A byte stream from a pull / start source. */
export function byteStream(source: Source): ByteStream {
  const stream = new ReadableStream(source);
  // Runtimes without async iteration on ReadableStream (older Safari) get it from the reader.
  if (typeof stream[Symbol.asyncIterator] !== 'function') {
    Object.defineProperty(stream, Symbol.asyncIterator, {
      value: async function* (this: ByteStream) {
        const reader = this.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            yield value as Uint8Array;
          }
        } finally {
          reader.releaseLock();
        }
      },
    });
  }
  return stream;
}

/** UTF-8 bytes of a string. */
export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** A new AbortController. */
export function abortController(): ControllerLike {
  return new AbortController();
}

/** True for an AbortController of this runtime. */
export function isAbortController(v: unknown): v is ControllerLike {
  return typeof AbortController === 'function' && v instanceof AbortController;
}
