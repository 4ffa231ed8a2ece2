/**
 * The transport under the protocol: anything that can post a message and deliver incoming ones.
 * A DedicatedWorkerGlobalScope, a Worker and a MessagePort all fit, so tests use a MessageChannel.
 */
export interface Endpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}
