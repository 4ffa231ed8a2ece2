/**
 * A turn of the message loop: resolves after the tasks already queued (a request from the page
 * among them) have run, so a long read split into chunks lets the worker answer in between. A
 * message through a `MessageChannel`, not `setTimeout(0)`, which browsers clamp to 4 ms once
 * nested; `setTimeout` where there is no `MessageChannel`.
 *
 * Declared structurally: this layer is type-checked without the DOM library.
 */

interface Port {
  onmessage: ((ev: unknown) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}
declare const MessageChannel: (new () => { port1: Port; port2: Port }) | undefined;
declare const setTimeout: (fn: () => void, ms: number) => unknown;

/** Resolves on the next turn of the message loop. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
