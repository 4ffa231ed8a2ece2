/**
 * The storage worker's side of the decode worker (`decode.worker.ts`): a `BlobDecoder` for
 * `src/formats` that posts a large stored value (its bytes transferred, not copied) to a module
 * worker of the storage worker's own and awaits the decoded plain value, so reading a 10 MB
 * checkpoint of an opened file never holds the storage worker's request loop while it is decoded.
 *
 * The worker is started on the first large value and kept for the next ones. A value not decoded
 * within the time limit stops the worker (a new one is started for the next value) and every value
 * it held is rejected with the reason, which `src/formats` shows as an opaque value; so is a worker
 * that fails. Where `Worker` does not exist (Node, under Vitest) there is no decode worker and
 * `src/formats` decodes every value in place.
 */
import type { BlobDecoder, DecodeLimits, TypedBlob } from '../../formats/index';
import type { DecodeAnswer, DecodeRequest } from './decode.worker';

/**
 * How long one value may take to decode, from the moment it is posted.
 * @default 60 s
 */
export const DECODE_TIME_LIMIT_MS = 60_000;

/** The part of a `Worker` the client uses. */
export interface DecodeEndpoint {
  postMessage(message: DecodeRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent<DecodeAnswer>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (ev: Event) => void): void;
  terminate(): void;
}

/** Starts the decode worker (Vite bundles `decode.worker.ts` from this `new URL`). */
export function startDecodeWorker(): DecodeEndpoint {
  return new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'replaygraph-decode' });
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const size = (blob: TypedBlob) => (typeof blob.bytes === 'string' ? blob.bytes.length : (blob.bytes?.length ?? 0));
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The bytes' buffer when they span all of it (they can then be moved to the worker). */
function transferable(blob: TypedBlob): Transferable[] {
  const b = blob.bytes;
  return b instanceof Uint8Array && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? [b.buffer] : [];
}

/** A decoder over a decode worker, and a way to stop the worker. */
export interface DecodeClient {
  decode: BlobDecoder;
  /** Stops the worker (if started) and rejects what it held. */
  dispose(): void;
}

/**
 * A decoder that decodes in a worker started by `start` on the first value.
 * @param start starts the worker
 * @param timeLimitMs how long one value may take
 */
export function decodeClient(start: () => DecodeEndpoint = startDecodeWorker, timeLimitMs = DECODE_TIME_LIMIT_MS): DecodeClient {
  let worker: DecodeEndpoint | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Stops the worker; what it held fails with `why`. */
  const stop = (why: (id: number) => string) => {
    worker?.terminate();
    worker = null;
    const held = [...pending.entries()];
    pending.clear();
    for (const [id, p] of held) {
      clearTimeout(p.timer);
      p.reject(new Error(why(id)));
    }
  };

  const running = (): DecodeEndpoint => {
    if (worker) return worker;
    const w = start();
    w.addEventListener('message', (ev) => {
      const p = pending.get(ev.data.id);
      if (!p) return;
      pending.delete(ev.data.id);
      clearTimeout(p.timer);
      if ('error' in ev.data) p.reject(new Error(`the decode worker could not decode it: ${ev.data.error}`));
      else p.resolve(ev.data.value);
    });
    const failed = (ev: Event) => {
      if (worker !== w) return;
      const message = (ev as ErrorEvent).message;
      stop(() => `the decode worker failed${message ? ` (${message})` : ''}`);
    };
    w.addEventListener('error', failed);
    w.addEventListener('messageerror', failed);
    worker = w;
    return w;
  };

  const decode: BlobDecoder = (blob: TypedBlob, limits: DecodeLimits) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const bytes = size(blob);
      const timer = setTimeout(() => {
        stop((other) => other === id
          ? `decoding this ${mb(bytes)} value took longer than ${timeLimitMs / 1000} s, so the decode worker was stopped`
          : `the decode worker was stopped before decoding this value (another took longer than ${timeLimitMs / 1000} s)`);
      }, timeLimitMs);
      pending.set(id, { resolve, reject, timer });
      try {
        running().postMessage({ id, blob, limits }, transferable(blob));
      } catch (err) {
        pending.delete(id);
        clearTimeout(timer);
        reject(new Error(`the decode worker could not be given the value: ${err instanceof Error ? err.message : String(err)}`));
      }
    });

  return { decode, dispose: () => stop(() => 'the decode worker was stopped') };
}

let shared: DecodeClient | null = null;

/**
 * The storage worker's decoder for large values of opened files: one decode worker, started on
 * demand; undefined where `Worker` does not exist (values are then decoded in place).
 */
export function largeValueDecoder(): BlobDecoder | undefined {
  if (typeof Worker !== 'function') return undefined;
  shared ??= decodeClient();
  return shared.decode;
}
