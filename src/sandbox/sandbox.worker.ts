/// <reference lib="webworker" />
/**
 * A sandbox worker's entry, bundled into one classic script (the sandbox iframe has an opaque
 * origin: it starts workers from a Blob URL of this bundle, which the page fetched). The bootstrap
 * hands over the worker's main port in its first message; nothing else is listened to.
 */
// First: the platform's port methods are captured before any gallery or user module is evaluated.
import { eventData, takePort } from './safe-port';
// Then: the network entry points refuse with the rule's words (the document's policy blocks them anyway).
import './no-network-install';
import { BUILTIN_GRAPHS, TEST_GRAPHS } from './graphs/index';
import { startSandbox } from './server';

declare const self: DedicatedWorkerGlobalScope;

const onFirst = (ev: MessageEvent) => {
  const data = eventData(ev);
  const port = typeof data === 'object' && data !== null ? takePort(data as Record<string, unknown>, 'port') : undefined;
  if (!port) return;
  self.removeEventListener('message', onFirst);
  startSandbox(port, { builtins: BUILTIN_GRAPHS, testGraphs: TEST_GRAPHS });
};
self.addEventListener('message', onFirst);
