/**
 * The transport under every protocol here: anything that can post a message and deliver incoming
 * ones. A DedicatedWorkerGlobalScope, a Worker and a MessagePort all fit, so tests use a
 * MessageChannel. `transfer` hands over ports (session ports of the sandbox protocol).
 */
export interface Endpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}

/** A port that can be closed and must be started when listened to with addEventListener. */
export interface PortLike extends Endpoint {
  close(): void;
  start?(): void;
}

/** Listens on `port` (starting it, as a MessagePort needs); returns the function that stops. */
export function listen(port: Endpoint & { start?(): void }, handler: (ev: MessageEvent) => void): () => void {
  port.addEventListener('message', handler);
  port.start?.();
  return () => port.removeEventListener('message', handler);
}
