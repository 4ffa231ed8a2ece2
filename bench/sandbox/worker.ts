/**
 * The bench worker: one 1,000-superstep run of the counter graph (one putWrites and one put per
 * superstep, on IndexedDB) in one of two ways, timed from the start request to the run's end:
 * - `engine`: the engine with IndexedDBSaver, directly (the core of the path before the sandbox);
 * - `host`: the app's storage host and the real sandbox server in this same worker, connected by
 *   MessageChannels (every guard, the proxy checkpointer, the persisted trace; no worker boundary).
 */
import { createWorkerClient, type ClientEndpoint } from '../../src/client/worker-client';
import { AppDatabase } from '../../src/checkpoint/idb';
import { APP_DB_VERSION } from '../../src/checkpoint/idb/open';
import { BUILTIN_GRAPHS, TEST_GRAPHS } from '../../src/sandbox/graphs/index';
import { startSandbox } from '../../src/sandbox/server';
import type { Endpoint, PortLike } from '../../src/protocol/endpoint';
import { startHost } from '../../src/worker/host';
import { createIdbStore } from '../../src/worker/idb-store';
import type { SandboxLauncher } from '../../src/worker/sandbox/launcher';

export const STEPS = 1000;
const counter = TEST_GRAPHS.find((g) => g.id === 'test-counter')!;
let seq = 0;

async function engineRun(run: 'sync' | 'async', durability: 'strict' | 'relaxed'): Promise<number> {
  const app = new AppDatabase({ dbName: `bench-engine-${Date.now()}-${++seq}` });
  app.setDurability(durability);
  const saver = app.saver;
  await saver.countStoredVersions('warm-up');
  const graph = counter.build(saver);
  const start = performance.now();
  await graph.invoke({ count: 0, target: STEPS, delayMs: 0 }, { configurable: { thread_id: 't' }, recursionLimit: STEPS + 10, durability: run });
  const ms = performance.now() - start;
  saver.close();
  return ms;
}

/** A launcher that starts sandbox servers in this worker (as the Node tests do). */
function inWorkerLauncher(): SandboxLauncher {
  const live = new Map<string, () => void>();
  return {
    async spawn(key) {
      const { port1, port2 } = new MessageChannel();
      live.set(key, startSandbox(port2, { builtins: BUILTIN_GRAPHS, testGraphs: TEST_GRAPHS }));
      return port1 as PortLike;
    },
    kill(key) {
      live.get(key)?.();
      live.delete(key);
    },
    onFailure: () => () => undefined,
  };
}

async function hostRun(run: 'sync' | 'async', durability: 'strict' | 'relaxed'): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  startHost(port2 as unknown as Endpoint, {
    openStore: async () => createIdbStore(`bench-host-${Date.now()}-${++seq}`, APP_DB_VERSION), launcher: inWorkerLauncher(), testGraphs: true,
  });
  const client = createWorkerClient(port1 as unknown as ClientEndpoint);
  // Both sides listen with addEventListener, which leaves a MessagePort unstarted.
  port1.start();
  port2.start();
  await client.hello();
  await client.setDurability(durability);
  // A first short run starts the sandbox workers (outside the timing).
  await client.waitForRun((await client.startRun({ threadId: 'warm', graphId: 'test-counter', input: { count: 0, target: 2, delayMs: 0 } })).runId);
  const start = performance.now();
  const { runId } = await client.startRun({ threadId: 't', graphId: 'test-counter', input: { count: 0, target: STEPS, delayMs: 0 }, controls: { recursionLimit: STEPS + 10, durability: run } });
  const ended = await client.waitForRun(runId);
  const ms = performance.now() - start;
  if (ended.outcome !== 'done') throw new Error(JSON.stringify(ended.error));
  client.dispose();
  return ms;
}

self.onmessage = async (ev: MessageEvent<{ id: number; path: 'engine' | 'host'; run: 'sync' | 'async'; durability: 'strict' | 'relaxed' }>) => {
  const { id, path, run, durability } = ev.data;
  const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);
  try {
    post({ id, ms: path === 'engine' ? await engineRun(run, durability) : await hostRun(run, durability) });
  } catch (err) {
    post({ id, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
};
