/**
 * The only place the UI talks to the worker: one promise per request, matched by request id.
 * Errors arrive as data and reject the promise with a ClientError that carries them.
 */
import { PROTOCOL_VERSION, type FromWorker, type ReplyOf, type ToWorker } from '../protocol/messages';
import { isFromWorker } from '../protocol/guards';
import type { ErrorData } from '../shared/errors';
import type { RequestId } from '../shared/ids';

/** Where the client sends and receives; a Worker or a MessagePort. */
export interface ClientEndpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}

/** An error the worker reported, as data. */
export class ClientError extends Error {
  constructor(readonly data: ErrorData) {
    super(data.message);
    this.name = data.name;
  }
}

type Pending = { resolve: (m: FromWorker) => void; reject: (e: unknown) => void };
type RequestBody<T extends ToWorker['type']> = Omit<Extract<ToWorker, { type: T }>, 'id' | 'type'>;

/** A typed client over an endpoint. */
export interface WorkerClient {
  request<T extends ToWorker['type']>(type: T, body: RequestBody<T>): Promise<ReplyOf[T]>;
  hello(): Promise<ReplyOf['rg/hello']>;
  dispose(): void;
}

/** Creates a client on `endpoint`. */
export function createWorkerClient(endpoint: ClientEndpoint): WorkerClient {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const onMessage = (ev: MessageEvent) => {
    const msg: unknown = ev.data;
    if (!isFromWorker(msg) || !('id' in msg) || msg.id === null) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === 'rg/error') p.reject(new ClientError(msg.error));
    else p.resolve(msg);
  };
  endpoint.addEventListener('message', onMessage);

  function request<T extends ToWorker['type']>(type: T, body: RequestBody<T>): Promise<ReplyOf[T]> {
    const id = nextId++ as RequestId;
    return new Promise<ReplyOf[T]>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (m: FromWorker) => void, reject });
      endpoint.postMessage({ ...body, type, id });
    });
  }

  return {
    request,
    hello: () => request('rg/hello', { protocolVersion: PROTOCOL_VERSION }),
    dispose() {
      endpoint.removeEventListener('message', onMessage);
      for (const p of pending.values()) p.reject(new Error('client disposed'));
      pending.clear();
    },
  };
}
