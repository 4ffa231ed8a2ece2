/**
 * A sandbox launcher for Node tests: each "sandbox worker" is the real sandbox server (engine,
 * built-in graphs, user-code compiler, checkpointer proxy) started in this process on a real
 * MessageChannel, so every message is structured-cloned and every guard of the storage side runs
 * as in the browser. Unlike a browser worker it shares this process: a kill closes its ports and
 * stops its server, but cannot interrupt a node that never yields (e2e tests cover that).
 */
import { BUILTIN_GRAPHS, TEST_GRAPHS, type GraphModule } from '../../src/sandbox/graphs/index';
import { startSandbox, type SandboxDeps } from '../../src/sandbox/server';
import { SANDBOX_PROTOCOL_VERSION } from '../../src/protocol/sandbox';
import type { SandboxLauncher } from '../../src/worker/sandbox/launcher';

/** An in-process launcher, with a record of what it started and stopped. */
export interface InProcessLauncher extends SandboxLauncher {
  readonly spawned: string[];
  readonly killed: string[];
  /** Keys of the workers still running. */
  running(): string[];
}

/**
 * Starts sandbox servers in this process; `extraGraphs` are listed with the test graphs. A worker
 * whose key `hangs` says yes is one stuck in graph code (a module that never finished loading):
 * it says `sb/ready` and then never answers.
 */
export function inProcessLauncher(extraGraphs: readonly GraphModule[] = [], deps: Partial<SandboxDeps> = {}, hangs: (key: string) => boolean = () => false): InProcessLauncher {
  const live = new Map<string, { stop(): void; ports: { close(): void }[] }>();
  const spawned: string[] = [];
  const killed: string[] = [];
  return {
    spawned,
    killed,
    running: () => [...live.keys()],
    async spawn(key) {
      const { port1, port2 } = new MessageChannel();
      const stop = hangs(key)
        ? (port2.postMessage({ type: 'sb/ready', version: SANDBOX_PROTOCOL_VERSION }), () => undefined)
        : startSandbox(port2, { builtins: BUILTIN_GRAPHS, testGraphs: [...TEST_GRAPHS, ...extraGraphs], ...deps });
      live.set(key, { stop, ports: [port1, port2] });
      spawned.push(key);
      return port1;
    },
    kill(key) {
      const w = live.get(key);
      if (!w) return;
      live.delete(key);
      killed.push(key);
      w.stop();
      for (const p of w.ports) p.close();
    },
    onFailure: () => () => undefined,
  };
}
