/**
 * The graphs the storage worker knows, without ever running their code: built-in graphs as the
 * sandbox describes them, user graphs as sources (saved in storage, or only checked in the editor)
 * with what their sandbox worker last said about them. A user graph that failed or hung when it
 * was loaded, or an imported one the user has not approved, is quarantined: listed, never loaded,
 * and not runnable until it is saved again (fixed or approved) or deleted.
 *
 * Consent is enforced here, where the graphs live: the code of an imported graph not approved yet
 * is never sent to a sandbox worker. Check (`compile` without `approves`) and every run refuse it
 * with GRAPH_NOT_APPROVED, whatever source comes with the request (a Check would register that
 * source under the imported graph's id and so lift its quarantine: approval by the back door);
 * reads get no `ref` for it. Only an explicit approval (`compile` with `approves`: the editor's
 * Approve and save, or consent given in the import dialog) loads it.
 */
import type { GraphInfo, GraphQuarantine, UserCodeErrorDTO } from '../protocol/dto';
import { USER_GRAPH_ID } from '../protocol/guards';
import type { GraphRef } from '../protocol/sandbox';
import { hostError } from './context';
import type { SandboxController } from './sandbox/controller';
import { SandboxError } from './sandbox/worker-handle';
import type { UserGraphStore } from './store';

/** A user graph as the directory holds it. */
interface UserGraph {
  id: string;
  title: string;
  source: string;
  /** Saved in storage (registered again after a reload), or only compiled in the editor. */
  saved: boolean;
  info: GraphInfo | null;
  quarantine: GraphQuarantine | null;
}

/** What compiling a source gave. */
export type CompileOutcome = { info: GraphInfo; error: null } | { info: null; error: UserCodeErrorDTO };

/** Why a load worker is stopped once it answered. */
const LOAD_OVER = { code: 'RUN_CANCELLED', name: 'LoadOver', message: 'The graph was loaded; its sandbox worker was stopped.' } as const;

/** How many saved graphs are loaded at once when the directory starts. */
const LOAD_PARALLEL = 2;

const isUserId = (id: string) => USER_GRAPH_ID.test(id);
const now = () => new Date().toISOString();

/** The storage worker's graphs. */
export class GraphDirectory {
  private catalog: Promise<Map<string, GraphInfo>> | null = null;
  private readonly users = new Map<string, UserGraph>();
  private savedLoaded: Promise<void> | null = null;

  constructor(private readonly sandbox: SandboxController, private readonly store: UserGraphStore, private readonly testGraphs: boolean) {}

  /** The built-in graphs (asked of the sandbox once; a failure is retried on the next call). */
  builtins(): Promise<Map<string, GraphInfo>> {
    this.catalog ??= (async () => {
      const worker = await this.sandbox.graphWorker('(builtin)');
      const { graphs } = await worker.request({ type: 'sb/catalog', testGraphs: this.testGraphs }, { timeoutMs: this.sandbox.limits.loadMs, what: 'Loading the built-in graphs' });
      return new Map(graphs.map((g) => [g.id, { ...g, origin: 'builtin' as const }]));
    })();
    const current = this.catalog;
    current.catch(() => {
      if (this.catalog === current) this.catalog = null;
    });
    return current;
  }

  /**
   * Reads the saved user graphs and loads each one not quarantined, each in its own sandbox worker
   * and within the load limit; one that fails or hangs is quarantined (and stays so after a reload).
   * Runs once; later calls wait for the first.
   */
  loadSaved(): Promise<void> {
    this.savedLoaded ??= (async () => {
      let saved;
      try {
        saved = await this.store.listUserGraphs();
      } catch {
        return; // storage without user graphs: the built-in graphs still work
      }
      for (const g of saved) {
        if (this.users.has(g.id) || !isUserId(g.id)) continue;
        this.users.set(g.id, { id: g.id, title: g.title, source: g.source, saved: true, info: null, quarantine: g.quarantine ?? null });
      }
      const queue = [...this.users.values()].filter((g) => g.saved && !g.quarantine && !g.info);
      await Promise.all(Array.from({ length: LOAD_PARALLEL }, async () => {
        for (let g = queue.shift(); g; g = queue.shift()) await this.loadSavedOne(g);
      }));
    })();
    return this.savedLoaded;
  }

  private async loadSavedOne(g: UserGraph): Promise<void> {
    try {
      const r = await this.load(g.id, g.source, g.title);
      if (r.info) g.info = r.info;
      else await this.quarantine(g, { reason: 'load-failed', message: `It did not compile when loaded: ${r.error.message}`, since: now() });
    } catch (err) {
      const wire = err instanceof SandboxError ? err.wire : null;
      if (wire?.code === 'SANDBOX_TIMEOUT') await this.quarantine(g, { reason: 'load-timeout', message: wire.message, since: now() });
      else g.quarantine = { reason: 'unavailable', message: wire?.message ?? String(err), since: now() };
    }
  }

  /** Quarantines a user graph, in storage too when it is saved. */
  private async quarantine(g: UserGraph, q: GraphQuarantine): Promise<void> {
    g.quarantine = q;
    g.info = null;
    this.sandbox.retireGraph(g.id);
    if (g.saved) await this.store.putUserGraph({ id: g.id, title: g.title, source: g.source, quarantine: q }).catch(() => undefined);
  }

  /** Compiles and describes a source in a fresh sandbox worker of its own (stopped after), within the load limit. */
  private async load(id: string, source: string, title?: string): Promise<CompileOutcome> {
    const worker = await this.sandbox.loadWorker(id);
    const ref: GraphRef = { id, source, ...(title ? { title } : {}) };
    try {
      const r = await worker.request({ type: 'sb/load', graph: ref }, { timeoutMs: this.sandbox.limits.loadMs, what: `Loading graph "${id}"` });
      return r.info ? { info: { ...r.info, id, origin: 'user', source }, error: null } : { info: null, error: r.compileError };
    } finally {
      // Whatever the module's top level started (timers, nested workers) stops with its worker.
      worker.kill(LOAD_OVER);
    }
  }

  /** Every graph as the UI lists it: built-ins, then user graphs (quarantined ones with why). */
  async list(): Promise<GraphInfo[]> {
    const [builtins] = await Promise.all([this.builtins(), this.loadSaved()]);
    return [...builtins.values(), ...[...this.users.values()].map(userInfo)];
  }

  /** The info of one graph, or undefined. */
  async info(id: string): Promise<GraphInfo | undefined> {
    const user = this.users.get(id);
    if (user) return userInfo(user);
    return isUserId(id) ? undefined : (await this.builtins()).get(id);
  }

  /** True when `id` names a graph (quarantined or not). */
  async has(id: string): Promise<boolean> {
    if (this.users.has(id)) return true;
    if (isUserId(id)) return false;
    return (await this.builtins().catch(() => new Map())).has(id);
  }

  /** The user graph `id` as stored here (undefined for built-ins and unknown ids). */
  user(id: string): Readonly<UserGraph> | undefined {
    return this.users.get(id);
  }

  /** True when `id` is a graph that came with an imported file and the user has not approved. */
  unapproved(id: string): boolean {
    return this.users.get(id)?.quarantine?.reason === 'unapproved';
  }

  /** Throws GRAPH_NOT_APPROVED when `id` is an imported graph the user has not approved. */
  assertApproved(id: string): void {
    if (this.unapproved(id)) throw hostError('GRAPH_NOT_APPROVED', id);
  }

  /** What the sandbox loads for `id`: a built-in by id, a user graph with its source; null when quarantined or unknown. */
  ref(id: string): GraphRef | null {
    if (!isUserId(id)) return { id };
    const g = this.users.get(id);
    return g && !g.quarantine ? { id, source: g.source, title: g.title } : null;
  }

  /**
   * Compiles `source` as user graph `id` in a fresh sandbox worker and, when it compiles, registers
   * it (replacing the previous version, lifting a quarantine). Throws SandboxError past the load
   * limit or when cancelled (`cancelCompile`), and GRAPH_NOT_APPROVED (starting no worker) when
   * `id` is an imported graph not approved yet, unless this compile is the user's approval. An
   * approved import that fails to compile or load stays quarantined as a failed load of the user's
   * own code (so it can be fixed in the editor), with `source` as its code.
   * @param approves true only for the user's explicit consent to run this code (Approve and save,
   *   or consent in the import dialog); a Check is not one
   */
  async compile(id: string, source: string, options: { approves: boolean; title?: string }): Promise<CompileOutcome> {
    if (!options.approves) this.assertApproved(id);
    const { title } = options;
    const approving = options.approves && this.unapproved(id) ? this.users.get(id) : undefined;
    // New code gets a new realm: whatever the old version did to its worker's globals is gone.
    this.sandbox.retireGraph(id);
    let r: CompileOutcome;
    try {
      r = await this.load(id, source, title);
    } catch (err) {
      if (approving) await this.approvedButFailed(approving, source, err instanceof SandboxError ? err.wire.message : String(err));
      throw err;
    }
    if (approving && !r.info) await this.approvedButFailed(approving, source, `It did not compile: ${r.error.message}`);
    if (r.info) {
      const saved = this.users.get(id)?.saved ?? false;
      this.users.set(id, { id, title: r.info.title, source, saved, info: r.info, quarantine: null });
    }
    return r;
  }

  /** An imported graph the user approved whose code then failed: no longer waiting for consent, not loaded. */
  private async approvedButFailed(g: UserGraph, source: string, why: string): Promise<void> {
    g.source = source;
    await this.quarantine(g, { reason: 'load-failed', message: `It was approved, then failed: ${why}`, since: now() });
  }

  /** Stops a compile of `id` that is going on (its worker is stopped; the compile fails with COMPILE_CANCELLED). */
  cancelCompile(id: string, why: SandboxError['wire']): void {
    this.sandbox.retireGraph(id, why);
  }

  /** Quarantines a saved user graph whose load hung when a run started it. */
  async quarantineAfterRun(id: string, message: string): Promise<void> {
    const g = this.users.get(id);
    if (g) await this.quarantine(g, { reason: 'load-timeout', message, since: now() });
  }

  /** Saves a registered user graph's source, so it is loaded again after a reload. */
  async save(id: string): Promise<GraphInfo | undefined> {
    const g = this.users.get(id);
    if (!g) return undefined;
    await this.store.putUserGraph({ id, title: g.title, source: g.source, quarantine: null });
    g.saved = true;
    return userInfo(g);
  }

  /**
   * Stores an imported graph's source without running it, quarantined: not approved yet (`failure`
   * null), or it failed to load although the user agreed to run it.
   */
  async addQuarantined(id: string, source: string, failure: string | null): Promise<void> {
    const q: GraphQuarantine = failure === null
      ? { reason: 'unapproved', message: 'It came with an imported file and has not been approved: open it in the editor, read its code, and choose Approve and save to run it.', since: now() }
      : { reason: 'load-failed', message: failure, since: now() };
    this.users.set(id, { id, title: id, source, saved: true, info: null, quarantine: q });
    await this.store.putUserGraph({ id, title: id, source, quarantine: q });
  }

  /**
   * Registers the graph of a program's threads (its source: the program under a header naming the
   * graph, src/sandbox/program-graph.ts) at once, so its threads' runs find it, then loads and
   * saves it in the background (its drawing; registered again after a reload). The program is the
   * user's own code, run from the editor: registering it is not an import's approval.
   */
  registerProgramGraph(id: string, source: string, title: string): void {
    const known = this.users.get(id);
    if (known && known.source === source && !known.quarantine) return;
    if (known?.quarantine?.reason === 'unapproved') return;
    this.users.set(id, { id, title, source, saved: false, info: null, quarantine: null });
    void this.compile(id, source, { approves: true, title })
      .then((r) => (r.info ? this.save(id) : undefined))
      .catch(() => undefined);
  }

  /** Forgets a user graph (its threads keep their checkpoints). */
  async remove(id: string): Promise<void> {
    await this.store.deleteUserGraph(id);
    this.users.delete(id);
    this.sandbox.retireGraph(id);
  }
}

/** A user graph as the UI lists it. */
function userInfo(g: UserGraph): GraphInfo {
  if (g.info && !g.quarantine) return g.info;
  const info: GraphInfo = {
    id: g.id, title: g.title, description: g.quarantine?.message ?? 'Not loaded yet.', origin: 'user',
    shape: { nodes: [], edges: [] }, exampleInput: {}, source: g.source,
  };
  if (g.quarantine) info.quarantine = g.quarantine;
  return info;
}
