/**
 * A page ⇄ storage-worker pair over a real MessageChannel, with the real host and a saver, and the
 * real sandbox (engine, graphs, checkpointer proxy) in-process behind it (in-process-sandbox.ts).
 */
import 'fake-indexeddb/auto';
import { MessageChannel } from 'node:worker_threads';
import { afterEach } from 'vitest';
import { createWorkerClient, type ClientEndpoint, type WorkerClient } from '../../src/client/worker-client';
import { MemorySaver } from '../../src/engine/index';
import type { FromWorker } from '../../src/protocol/messages';
import type { Schedule } from '../../src/protocol/batcher';
import type { Endpoint } from '../../src/protocol/endpoint';
import type { GraphModule } from '../../src/sandbox/graphs/index';
import { startHost, type Host, type HostDeps } from '../../src/worker/host';
import { createIdbStore } from '../../src/worker/idb-store';
import type { HostOptions } from '../../src/worker/options';
import { createMemoryStore } from '../../src/worker/memory-store';
import type { ThreadStore } from '../../src/worker/store';
import { inProcessLauncher, type InProcessLauncher } from './in-process-sandbox';

const open: Array<{ close(): void }> = [];
const hosts: Host[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) {
    h.stop();
    await h.idle();
  }
  open.splice(0).forEach((p) => p.close());
});

let dbCounter = 0;
/** The two stores every protocol test runs against. */
export const STORES: [string, () => ThreadStore][] = [
  ['MemorySaver', () => createMemoryStore(new MemorySaver())],
  ['IndexedDBSaver (fake-indexeddb)', () => createIdbStore(`rg-test-${process.pid}-${++dbCounter}`, 3)],
];

/** A connected client and host. `seen` records every message the page received. */
export interface Pair {
  client: WorkerClient;
  host: Host;
  store: ThreadStore;
  seen: FromWorker[];
  /** Posts a raw message to the worker, as a buggy page might. */
  postRaw(message: unknown): void;
  /** The sandbox workers the host started and stopped. */
  launcher: InProcessLauncher;
}

/** Starts a host on `store` and a client connected to it. */
export function connect(
  store: ThreadStore, options: HostOptions = {}, schedule?: Schedule, now?: () => number, extraGraphs: GraphModule[] = [], more: Partial<HostDeps> = {},
  hangs?: (key: string) => boolean,
): Pair {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  const page = port1 as unknown as ClientEndpoint;
  const launcher = inProcessLauncher(extraGraphs, {}, hangs);
  const host = startHost(port2 as unknown as Endpoint, { openStore: async () => store, launcher, testGraphs: true, options, schedule, now, ...more });
  hosts.push(host);
  const seen: FromWorker[] = [];
  page.addEventListener('message', (ev) => seen.push(ev.data as FromWorker));
  return { client: createWorkerClient(page), host, store, seen, postRaw: (m) => port1.postMessage(m), launcher };
}

let threadCounter = 0;
/** A fresh thread id. */
export const newThread = (prefix = 't') => `${prefix}-${++threadCounter}`;

/** A scheduler whose timers never fire: batches flush only when full or when a run ends. */
export const neverFires: Schedule = () => () => undefined;
