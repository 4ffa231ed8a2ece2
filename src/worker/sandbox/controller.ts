/**
 * Which sandbox worker runs what. The unit of isolation is the graph: code of different graphs
 * never shares a worker (a graph that patches globals can only disturb itself), and each graph has
 * two workers, started on first use:
 * - its load worker (one for all built-in graphs) compiles and describes it and answers remote
 *   reads of its threads, so a read never waits behind a node that is running;
 * - its run worker runs its runs (their module state lives on between runs, as graphs expect); a
 *   time limit, a forced cancel or a broken rule stops it, and the next run gets a new one.
 * One spare worker is kept started, so a graph's first run does not wait for the engine to load.
 */
import type { WireError } from '../../protocol/dto';
import { USER_GRAPH_ID } from '../../protocol/guards';
import type { SandboxLauncher } from './launcher';
import { crashed, SandboxWorker } from './worker-handle';

/** Time limits of sandbox work, with every default in `DEFAULT_SANDBOX_LIMITS`. */
export interface SandboxLimits {
  /** A sandbox worker must say `sb/ready` within this. @default 15000 */
  bootMs: number;
  /** Compiling and loading a graph (its module's top level runs then). @default 5000 */
  loadMs: number;
  /** A remote read (history `next`, state snapshots). @default 5000 */
  readMs: number;
  /** After a cancel, how long a run may take to stop before its worker is stopped. @default 1000 */
  cancelGraceMs: number;
  /** User graph load workers kept alive at once (least recently used ones are stopped). @default 4 */
  maxGraphWorkers: number;
  /** Run workers kept alive while no run uses them (least recently used ones are stopped). @default 4 */
  maxIdleRunWorkers: number;
}

/** The defaults of `SandboxLimits`. */
export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  bootMs: 15_000,
  loadMs: 5_000,
  readMs: 5_000,
  cancelGraceMs: 1_000,
  maxGraphWorkers: 4,
  maxIdleRunWorkers: 4,
});

/** The sandbox workers of one storage worker. */
export class SandboxController {
  private serial = 0;
  private readonly graphWorkers = new Map<string, Promise<SandboxWorker>>();
  private readonly live = new Map<string, SandboxWorker>();
  private readonly runWorkers = new Map<string, { worker: Promise<SandboxWorker>; runs: number }>();
  private spare: Promise<SandboxWorker> | null = null;

  constructor(private readonly launcher: SandboxLauncher, readonly limits: SandboxLimits) {
    launcher.onFailure((key) => {
      if (key === '*') {
        this.spare = null;
        this.graphWorkers.clear();
        this.runWorkers.clear();
        for (const w of [...this.live.values()]) w.kill(crashed('the sandbox frame was replaced, e.g. after it ran out of memory'));
        this.live.clear();
      }
      // A single worker's error event is fatal only while it starts (SandboxWorker.start's own timer
      // covers that); graph code throwing asynchronously does not stop a worker.
    });
  }

  /** The worker that loads graph `graphId` and serves reads of its threads (built-ins share one). */
  graphWorker(graphId: string): Promise<SandboxWorker> {
    const slot = USER_GRAPH_ID.test(graphId) ? graphId : '(builtin)';
    const known = this.graphWorkers.get(slot);
    if (known) {
      this.graphWorkers.delete(slot); // most recently used last
      this.graphWorkers.set(slot, known);
      return known.then((w) => (w.dead ? this.restartGraphWorker(slot, known) : w));
    }
    return this.restartGraphWorker(slot, null);
  }

  /** Stops the worker of graph `graphId` (its code changed or was deleted). */
  retireGraph(graphId: string, why: WireError = crashed('its graph was replaced')): void {
    const known = this.graphWorkers.get(graphId);
    this.graphWorkers.delete(graphId);
    void known?.then((w) => w.kill(why), () => undefined);
  }

  /**
   * The run worker of graph `graphId`, for one run: call the returned `release` when the run ended.
   * A stopped one is replaced.
   */
  async runWorker(graphId: string): Promise<{ worker: SandboxWorker; release(): void }> {
    let slot = this.runWorkers.get(graphId);
    if (slot) {
      const w = await slot.worker.catch(() => null);
      if (!w || w.dead) slot = undefined;
    }
    if (!slot) {
      slot = { worker: this.takeSpare(), runs: 0 };
      const mine = slot;
      this.runWorkers.set(graphId, mine);
      mine.worker.catch(() => {
        if (this.runWorkers.get(graphId) === mine) this.runWorkers.delete(graphId);
      });
    }
    this.runWorkers.delete(graphId); // most recently used last
    this.runWorkers.set(graphId, slot);
    slot.runs++;
    const worker = await slot.worker;
    this.trimIdleRunWorkers();
    const held = slot;
    let released = false;
    return {
      worker,
      release: () => {
        if (released) return;
        released = true;
        held.runs--;
        this.trimIdleRunWorkers();
      },
    };
  }

  /** A started worker: the spare (and a new spare starts), or a new one when the spare failed. */
  private async takeSpare(): Promise<SandboxWorker> {
    const taken = this.spare ?? this.start('run');
    this.spare = null;
    let worker: SandboxWorker;
    try {
      worker = await taken;
      if (worker.dead) worker = await this.start('run');
    } catch {
      worker = await this.start('run'); // the spare failed (e.g. the sandbox was replaced): one more try
    }
    const next = this.start('spare');
    next.catch(() => undefined);
    this.spare = next;
    return worker;
  }

  private trimIdleRunWorkers(): void {
    const idle = [...this.runWorkers].filter(([, slot]) => slot.runs === 0);
    for (const [graphId, slot] of idle.slice(0, Math.max(0, idle.length - this.limits.maxIdleRunWorkers))) {
      this.runWorkers.delete(graphId);
      void slot.worker.then((w) => w.kill(crashed('too many run workers were idle')), () => undefined);
    }
  }

  /** Stops every worker (the storage worker is shutting down). */
  stopAll(why: WireError): void {
    for (const w of [...this.live.values()]) w.kill(why);
    this.live.clear();
    this.graphWorkers.clear();
    this.runWorkers.clear();
    this.spare = null;
  }

  private restartGraphWorker(slot: string, stale: Promise<SandboxWorker> | null): Promise<SandboxWorker> {
    if (stale && this.graphWorkers.get(slot) !== stale) return this.graphWorkers.get(slot) ?? this.restartGraphWorker(slot, null);
    const started = this.start(`graph:${slot}`);
    this.graphWorkers.set(slot, started);
    started.catch(() => {
      if (this.graphWorkers.get(slot) === started) this.graphWorkers.delete(slot);
    });
    // Least recently used user graph workers beyond the limit are stopped.
    const users = [...this.graphWorkers.keys()].filter((k) => k !== '(builtin)');
    for (const old of users.slice(0, Math.max(0, users.length - this.limits.maxGraphWorkers))) this.retireGraph(old, crashed('too many graph workers were running'));
    return started;
  }

  private async start(role: string): Promise<SandboxWorker> {
    const key = `${role}#${++this.serial}`;
    const worker = await SandboxWorker.start(this.launcher, key, this.limits.bootMs);
    this.live.set(key, worker);
    worker.onDeath(() => this.live.delete(key));
    return worker;
  }
}
