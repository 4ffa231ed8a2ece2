/**
 * Which sandbox worker runs what. Code of different graphs never shares a worker (a graph that
 * patches globals can only disturb itself), and graph code never outlives what it was started for:
 * - **a run owns its worker**: each run gets a fresh worker of its own, stopped when the run ends
 *   (done, error, interrupted, paused, cancelled) with every timer, request and nested worker its
 *   code started. Module state does not live on between runs;
 * - a user graph's source is checked and described in a fresh worker, stopped once it answered;
 * - each graph has a read worker (one for all built-in graphs) that answers remote reads of its
 *   threads, so a read never waits behind a node that is running. It evaluates a user graph's
 *   module and builds the graph, never runs a node, and is stopped once it was idle for
 *   `readIdleMs`, when its graph changes or is deleted, or when too many are alive.
 * A pool of spare workers, the engine bundle already evaluated, is kept started, so a run does not
 * wait for the engine to load: a spare is taken for the run and another starts in the background.
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
  /** User graph read workers kept alive at once (least recently used ones are stopped). @default 4 */
  maxGraphWorkers: number;
  /** A user graph's read worker is stopped once no read used it for this long. @default 15000 */
  readIdleMs: number;
  /** Spare workers kept started for the next runs. @default 2 */
  spareWorkers: number;
  /** A program run (the editor's Run program) is stopped after this long. @default 120000 */
  programMs: number;
}

/** The defaults of `SandboxLimits`. */
export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  bootMs: 15_000,
  loadMs: 5_000,
  readMs: 5_000,
  cancelGraceMs: 1_000,
  maxGraphWorkers: 4,
  readIdleMs: 15_000,
  spareWorkers: 2,
  programMs: 120_000,
});

/** The worker of one run: `release` stops it (call it when the run ended). */
export interface RunWorker {
  worker: SandboxWorker;
  release(): void;
}

/** Why a run's worker is stopped at its end. */
const RUN_OVER: WireError = { code: 'RUN_CANCELLED', name: 'RunOver', message: 'The run ended; its sandbox worker was stopped with everything its code started.' };

/** The sandbox workers of one storage worker. */
export class SandboxController {
  private serial = 0;
  private readonly graphWorkers = new Map<string, Promise<SandboxWorker>>();
  private readonly idleTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly live = new Map<string, SandboxWorker>();
  /** Load workers of user graphs, by graph id. */
  private readonly loads = new Map<string, Set<Promise<SandboxWorker>>>();
  private spares: Promise<SandboxWorker>[] = [];
  private stopped = false;

  constructor(private readonly launcher: SandboxLauncher, readonly limits: SandboxLimits) {
    launcher.onFailure((key) => {
      if (key === '*') {
        this.spares = [];
        this.graphWorkers.clear();
        for (const w of [...this.live.values()]) w.kill(crashed('the sandbox frame was replaced, e.g. after it ran out of memory'));
        this.live.clear();
        this.fillSpares();
      }
      // A single worker's error event is fatal only while it starts (SandboxWorker.start's own timer
      // covers that); graph code throwing asynchronously does not stop a worker.
    });
  }

  /** Spare workers started or starting now. */
  get spareCount(): number {
    return this.spares.length;
  }

  /** Starts spare workers up to `spareWorkers` (in the background; a failed start is dropped). */
  fillSpares(): void {
    if (this.stopped) return;
    while (this.spares.length < this.limits.spareWorkers) {
      const spare = this.start('spare');
      this.spares.push(spare);
      spare.then((w) => w.onDeath(() => this.dropSpare(spare)), () => this.dropSpare(spare));
    }
  }

  /** Resolves once the spares started now said `sb/ready` (or failed). */
  async whenSparesReady(): Promise<void> {
    await Promise.allSettled(this.spares);
  }

  private dropSpare(spare: Promise<SandboxWorker>): void {
    const i = this.spares.indexOf(spare);
    if (i >= 0) this.spares.splice(i, 1);
  }

  /** The worker that serves reads of graph `graphId`'s threads (built-ins share one). */
  graphWorker(graphId: string): Promise<SandboxWorker> {
    this.fillSpares();
    const slot = USER_GRAPH_ID.test(graphId) ? graphId : '(builtin)';
    if (slot !== '(builtin)') this.touch(slot);
    const known = this.graphWorkers.get(slot);
    if (known) {
      this.graphWorkers.delete(slot); // most recently used last
      this.graphWorkers.set(slot, known);
      return known.then((w) => (w.dead ? this.restartGraphWorker(slot, known) : w));
    }
    return this.restartGraphWorker(slot, null);
  }

  /**
   * A fresh worker for checking and describing user graph `graphId` (its module's top level runs
   * there): stop it with `kill` once it answered. Named after the graph, never a spare, so a
   * source that hangs when loaded is known by its worker.
   */
  loadWorker(graphId: string): Promise<SandboxWorker> {
    this.fillSpares();
    const started = this.start(`load:${graphId}`);
    const mine = this.loads.get(graphId) ?? new Set<Promise<SandboxWorker>>();
    this.loads.set(graphId, mine);
    mine.add(started);
    const forget = () => {
      mine.delete(started);
      if (mine.size === 0 && this.loads.get(graphId) === mine) this.loads.delete(graphId);
    };
    started.then((w) => w.onDeath(forget), forget);
    return started;
  }

  /** Stops the read worker and the load workers of graph `graphId` (its code changed or was deleted). */
  retireGraph(graphId: string, why: WireError = crashed('its graph was replaced')): void {
    for (const load of this.loads.get(graphId) ?? []) void load.then((w) => w.kill(why), () => undefined);
    const known = this.graphWorkers.get(graphId);
    this.graphWorkers.delete(graphId);
    clearTimeout(this.idleTimers.get(graphId));
    this.idleTimers.delete(graphId);
    void known?.then((w) => w.kill(why), () => undefined);
  }

  /** A fresh worker for one run (a started spare when there is one); `release` stops it. */
  async runWorker(): Promise<RunWorker> {
    const worker = await this.takeSpare();
    return { worker, release: () => worker.kill(RUN_OVER) };
  }

  /** A started worker: the oldest live spare (another starts in its place), else a new one. */
  private async takeSpare(): Promise<SandboxWorker> {
    this.fillSpares();
    while (this.spares.length > 0) {
      const taken = this.spares.shift()!;
      this.fillSpares();
      const worker = await taken.catch(() => null);
      if (worker && !worker.dead) return worker;
    }
    return this.start('run'); // no spare could start (e.g. the sandbox was replaced meanwhile): one more try
  }

  /** Stops every worker (the storage worker is shutting down). */
  stopAll(why: WireError): void {
    this.stopped = true;
    for (const w of [...this.live.values()]) w.kill(why);
    this.live.clear();
    this.graphWorkers.clear();
    for (const t of this.idleTimers.values()) clearTimeout(t);
    this.idleTimers.clear();
    this.spares = [];
  }

  /** Restarts the idle clock of read worker `slot`. */
  private touch(slot: string): void {
    clearTimeout(this.idleTimers.get(slot));
    this.idleTimers.set(slot, setTimeout(() => this.retireGraph(slot, crashed('it was idle')), this.limits.readIdleMs));
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
    if (this.stopped) worker.kill(crashed('the storage worker stopped'));
    return worker;
  }
}
