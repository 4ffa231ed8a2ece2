/**
 * Which sandbox worker runs what (src/worker/sandbox/controller.ts), with the real sandbox server
 * in-process: each run gets a fresh worker from a pool of started spares, refilled in the
 * background, and its worker is stopped when the run ends; a user graph's source is checked in a
 * worker stopped once it answered, and a graph's read worker is stopped once idle.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import { DEFAULT_SANDBOX_LIMITS, SandboxController } from '../../src/worker/sandbox/controller';
import type { SandboxLauncher } from '../../src/worker/sandbox/launcher';
import { createMemoryStore } from '../../src/worker/memory-store';
import { connect, newThread } from './harness';
import { inProcessLauncher, type InProcessLauncher } from './in-process-sandbox';

const GRAPH = "import { Annotation, END, START, StateGraph } from 'replaygraph';\nconst S = Annotation.Root({ n: Annotation<number>() });\nexport default new StateGraph(S).addNode('a', (s) => ({ n: s.n + 1 })).addEdge(START, 'a').addEdge('a', END);";

const controllers: SandboxController[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) c.stopAll({ code: 'RUN_CANCELLED', name: 'TestOver', message: 'test over' });
});

/** A controller on an in-process launcher whose "sandbox frame was replaced" event the test fires. */
function pool(spareWorkers = 2): { controller: SandboxController; launcher: InProcessLauncher; replaceFrame(): void } {
  const launcher = inProcessLauncher();
  const failures = new Set<(key: string) => void>();
  const withFailures: SandboxLauncher = { spawn: (k) => launcher.spawn(k), kill: (k) => launcher.kill(k), onFailure: (cb) => (failures.add(cb), () => failures.delete(cb)) };
  const controller = new SandboxController(withFailures, { ...DEFAULT_SANDBOX_LIMITS, spareWorkers });
  controllers.push(controller);
  return { controller, launcher, replaceFrame: () => failures.forEach((cb) => cb('*')) };
}

/** The spares `controller` keeps now, once started. */
async function readySpares(controller: SandboxController, launcher: InProcessLauncher, except: string[] = []): Promise<string[]> {
  controller.fillSpares();
  await controller.whenSparesReady();
  return launcher.running().filter((k) => k.startsWith('spare#') && !except.includes(k));
}

/** Waits until the in-process sandboxes running are exactly `keys` (a run's end stops its worker a moment after it is told). */
async function runningSoon(launcher: InProcessLauncher, ok: (running: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 400 && !ok(launcher.running()); i++) await new Promise((r) => setTimeout(r, 5));
  return launcher.running();
}

describe('the spare pool', () => {
  it('a run takes a spare started before it asked; another spare starts in its place', async () => {
    const { controller, launcher } = pool(2);
    const started = await readySpares(controller, launcher);
    expect(started).toHaveLength(2);
    const spawnedBefore = launcher.spawned.length;
    const { worker } = await controller.runWorker();
    expect(started).toContain(worker.key);
    expect(controller.spareCount).toBe(2);
    // The taken one runs the run, and two others wait.
    expect(await readySpares(controller, launcher, [worker.key])).toHaveLength(2);
    expect(launcher.spawned.length).toBe(spawnedBefore + 1);
  });

  it('each run gets a worker of its own, stopped with its release', async () => {
    const { controller, launcher } = pool(1);
    const a = await controller.runWorker();
    const b = await controller.runWorker();
    expect(a.worker.key).not.toBe(b.worker.key);
    a.release();
    expect(a.worker.dead).toMatchObject({ code: 'RUN_CANCELLED' });
    expect(launcher.running()).not.toContain(a.worker.key);
    expect(launcher.running()).toContain(b.worker.key);
    b.release();
    expect(launcher.killed).toEqual(expect.arrayContaining([a.worker.key, b.worker.key]));
  });

  it('spares lost with the sandbox frame are never handed out; the pool starts again', async () => {
    const { controller, launcher, replaceFrame } = pool(2);
    const lost = await readySpares(controller, launcher);
    replaceFrame();
    expect(launcher.running().filter((k) => lost.includes(k))).toEqual([]);
    const { worker } = await controller.runWorker();
    expect(lost).not.toContain(worker.key);
    expect(worker.dead).toBeNull();
  });

  it('stopAll stops the spares and starts no more', async () => {
    const { controller, launcher } = pool(2);
    expect(await readySpares(controller, launcher)).toHaveLength(2);
    controller.stopAll({ code: 'RUN_CANCELLED', name: 'HostStopped', message: 'stopped' });
    controller.fillSpares();
    expect(controller.spareCount).toBe(0);
    expect(launcher.running()).toEqual([]);
  });
});

describe('graph code does not outlive what it was started for (through the storage worker)', () => {
  it('every run is in a fresh worker, stopped when the run ended', async () => {
    const p = connect(createMemoryStore(new MemorySaver()));
    await p.client.listGraphs(); // the app's start: the pool fills
    const ran: string[] = [];
    for (let i = 0; i < 3; i++) {
      const spares = await runningSoon(p.launcher, (keys) => keys.filter((k) => k.startsWith('spare#')).length === 2);
      const { runId } = await p.client.startRun({ threadId: newThread('fresh'), graphId: 'chain', input: { topic: `run ${i}` } });
      expect((await p.client.waitForRun(runId)).outcome).toBe('done');
      // The worker the run used was a spare started before it, and it is stopped now.
      const stopped = spares.filter((k) => !p.launcher.running().includes(k));
      expect(stopped).toHaveLength(1);
      expect(p.launcher.killed).toContain(stopped[0]);
      ran.push(stopped[0]!);
    }
    expect(new Set(ran).size).toBe(3);
  });

  it('a user graph is checked in a worker of its own, stopped once it answered', async () => {
    const p = connect(createMemoryStore(new MemorySaver()));
    expect((await p.client.compileGraph({ graphId: 'user:checked', source: GRAPH })).error).toBeNull();
    const loads = p.launcher.spawned.filter((k) => k.startsWith('load:user:checked#'));
    expect(loads).toHaveLength(1);
    expect(p.launcher.killed).toContain(loads[0]);
  });

  it('a user graph\'s read worker is stopped once idle, and when the graph is deleted', async () => {
    const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, [], { sandboxLimits: { readIdleMs: 150 } });
    await p.client.saveGraph({ graphId: 'user:read', source: GRAPH });
    const threadId = newThread('read');
    await p.client.waitForRun((await p.client.startRun({ threadId, graphId: 'user:read', input: { n: 0 } })).runId);
    const readers = () => p.launcher.spawned.filter((k) => k.startsWith('graph:user:read#'));
    const head = (await p.client.historyPage({ threadId, limit: 1 })).items[0]!.checkpointId;
    // A checkpoint's detail asks the engine for its state: the graph's read worker evaluates the module.
    await p.client.getCheckpoint({ threadId, checkpointId: head });
    expect(readers()).toHaveLength(1);
    expect(p.launcher.running()).toContain(readers()[0]);
    await new Promise((r) => setTimeout(r, 400));
    expect(p.launcher.running()).not.toContain(readers()[0]);
    // A read later starts a new one; deleting the graph stops it at once.
    await p.client.getCheckpoint({ threadId, checkpointId: head });
    expect(readers()).toHaveLength(2);
    await p.client.deleteGraph('user:read');
    expect(p.launcher.running()).not.toContain(readers()[1]);
  });
});
