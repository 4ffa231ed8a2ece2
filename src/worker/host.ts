/**
 * The storage worker's side of the page protocol: guards each inbound message, dispatches it, and
 * replies with plain data. Errors are sent as data, never thrown across the boundary. Storage is
 * opened on the first request; runs a previous worker left "running" are then marked cancelled.
 * No graph code runs here: graphs are loaded, run and read with the engine in sandbox workers
 * (sandbox/), which the page's sandbox iframe starts for this worker (`rg/sandbox.attach`).
 */
import { v7 as uuidv7 } from 'uuid';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol/messages';
import { isKnownRequestType, isToWorker, requestProblem } from '../protocol/guards';
import { ERROR_CODES } from '../shared/errors';
import { timerSchedule, type Schedule } from '../protocol/batcher';
import type { Endpoint, PortLike } from '../protocol/endpoint';
import { HostError, hostError, type HostContext } from './context';
import { errorToWire } from './dto-map';
import { GraphDirectory } from './graph-directory';
import * as read from './handlers-read';
import { onThreadRename } from './handlers-thread-name';
import * as detail from './handlers-detail';
import { DetailCache } from './detail-cache';
import * as runs from './handlers-run';
import * as files from './handlers-files';
import * as userGraphs from './handlers-graphs';
import * as program from './handlers-program';
import { defaultLocks, type ThreadLocks } from './locks';
import { DEFAULT_HOST_OPTIONS, type HostOptions } from './options';
import { recoverStaleRuns, storageUnavailable } from './recovery';
import { RunRegistry } from './runs';
import { SandboxController, DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox/controller';
import { BootstrapLauncher, type SandboxLauncher } from './sandbox/launcher';
import { runsFromRecords, type ThreadStore } from './store';
import { createThreadMemory, type ThreadMemory } from './thread-memory';
import { withTraceCache } from './trace-cache';
import { createRemoteRoute, isServerRequest } from './remote/route';
import { createIdbServerStore, type ServerStore } from './remote/server-store';
import type { RemoteOptions } from '../remote';
import { fileContext, isFilesRequest, onFilesRequest, withFileThreads, type FollowDeps } from './files/handlers';
import { OpenedFiles, type FilesOpener } from './files/registry';

/** A message without its request id (the host adds it). */
type ReplyBody = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'id'> : never) : never;

/** What the host needs from its surroundings. */
export interface HostDeps {
  /** Opens storage (once, on the first request). */
  openStore(): Promise<ThreadStore>;
  /** Opens the threads' stores (once, with storage). @default in memory only */
  openMemory?(): Promise<ThreadMemory>;
  /**
   * Starts sandbox workers. @default a BootstrapLauncher, driven by the sandbox iframe the page
   * attaches with `rg/sandbox.attach`
   */
  launcher?: SandboxLauncher;
  /** Also offer the test-only graphs. @default false */
  testGraphs?: boolean;
  /** Per-thread locks shared by the tabs. @default Web Locks when available, else in memory */
  locks?: ThreadLocks;
  options?: HostOptions;
  /** Time limits of sandbox work. */
  sandboxLimits?: Partial<SandboxLimits>;
  /** Timer for batching (tests inject their own). */
  schedule?: Schedule;
  /** Monotonic clock in milliseconds. @default performance.now */
  now?: () => number;
  /** Saved LangGraph servers. @default their own IndexedDB database (remote/server-store.ts) */
  servers?: ServerStore;
  /** Options of the LangGraph server clients. */
  remoteOptions?: Partial<RemoteOptions>;
  /** Opens checkpoint files a LangGraph app wrote (`rg/files.open`). @default `openFiles` of src/formats */
  openFiles?: FilesOpener;
  /** Follows the files the app's server serves (`rg/files.follow`). @default none: nothing is followed */
  follow?: FollowDeps;
}

/** A running host. */
export interface Host {
  /** Stops listening. Runs going on are cancelled. */
  stop(): void;
  /** Settles when no run is going on (for tests and orderly shutdown). */
  idle(): Promise<void>;
}

/** Starts answering requests on `endpoint`. */
export function startHost(endpoint: Endpoint, deps: HostDeps): Host {
  const send = (m: FromWorker) => endpoint.postMessage(m);
  const registry = new RunRegistry();
  const graphOfThread = new Map<string, string>();
  const launcher = deps.launcher ?? new BootstrapLauncher();
  const sandbox = new SandboxController(launcher, { ...DEFAULT_SANDBOX_LIMITS, ...deps.sandboxLimits });
  const locks = deps.locks ?? defaultLocks();
  let ready: Promise<HostContext> | null = null;
  // LangGraph servers: their own requests, and thread requests about a server thread.
  const remote = createRemoteRoute({ servers: deps.servers ?? createIdbServerStore(), send, options: deps.remoteOptions });
  const opened = new OpenedFiles(deps.openFiles ?? (async (files) => (await import('../formats/index')).openFiles(files)));

  // Opened once: a database blocked by another tab stays one pending open, whose connection answers
  // "blocked" at once to every later request and is used as soon as the other tab lets go (a new
  // open per request would queue behind the blocked one, unanswered).
  let storeOpening: Promise<ThreadStore> | null = null;
  let memoryOpening: Promise<ThreadMemory> | null = null;
  const once = <T>(start: () => Promise<T>, keep: (p: Promise<T> | null) => void): Promise<T> => {
    const p = start();
    keep(p);
    p.catch(() => keep(null));
    return p;
  };
  const open = async (): Promise<HostContext> => {
    const store = withTraceCache(await (storeOpening ?? once(deps.openStore, (p) => (storeOpening = p))));
    const memory = await (memoryOpening ?? once(async () => (deps.openMemory ? deps.openMemory() : createThreadMemory()), (p) => (memoryOpening = p)));
    const ctx: HostContext = {
      store,
      memory,
      graphs: new GraphDirectory(sandbox, store, deps.testGraphs ?? false),
      sandbox,
      locks,
      details: new DetailCache(),
      runs: registry,
      options: { ...DEFAULT_HOST_OPTIONS, ...deps.options },
      schedule: deps.schedule ?? timerSchedule,
      now: deps.now ?? (() => performance.now()),
      send,
      newRunId: () => uuidv7(),
      async graphIdOf(threadId) {
        const known = graphOfThread.get(threadId);
        if (known) return known;
        // The thread list knows it (recorded with the running flag); older threads only in their runs.
        const listed = (await store.listThreads()).find((t) => t.threadId === threadId)?.graphId;
        const found = listed ?? runsFromRecords(await store.readTrace(threadId)).find((r) => r.graphId)?.graphId ?? null;
        if (found) graphOfThread.set(threadId, found);
        return found;
      },
      rememberGraph: (threadId, graphId) => void graphOfThread.set(threadId, graphId),
      forgetThread: (threadId) => void graphOfThread.delete(threadId),
    };
    await recoverStaleRuns(ctx);
    await registry.retryUnsaved((threadId, records) => store.appendTrace(threadId, records));
    // Saved user graphs are loaded again (each in its own sandbox, bounded), so their threads can be
    // continued after a reload; `rg/graphs.list` waits for it, hello does not.
    void ctx.graphs.loadSaved().catch(() => undefined);
    return ctx;
  };
  const context = () => {
    ready ??= open().catch((err: unknown) => {
      ready = null; // let the next request try again (a blocked database opens once the other tab lets go)
      throw storageUnavailable(err);
    });
    return ready;
  };

  const onMessage = (ev: MessageEvent) => {
    const msg: unknown = ev.data;
    if (!isToWorker(msg)) return; // not a protocol message: drop
    handle(msg).then(
      (reply) => send({ ...reply, id: msg.id } as FromWorker),
      (err: unknown) => send({ type: 'rg/error', id: msg.id, error: err instanceof HostError ? { ...errorToWire(err, err.code), ...err.extra } : errorToWire(err, 'INTERNAL') }),
    );
  };

  async function handle(msg: ToWorker): Promise<ReplyBody> {
    if (!isKnownRequestType(msg.type)) {
      return { type: 'rg/error', error: { code: 'UNKNOWN_REQUEST', name: 'ProtocolError', message: ERROR_CODES.UNKNOWN_REQUEST(msg.type) } };
    }
    const problem = requestProblem(msg);
    if (problem) throw hostError('BAD_REQUEST', `Bad "${msg.type}" request: ${problem}.`);
    if (msg.type === 'rg/hello') return hello(msg.protocolVersion);
    if (msg.type === 'rg/sandbox.attach') return attach(msg.port);
    const ctx = await context();
    const answered = remote.handle(ctx, msg);
    if (answered) return answered;
    if (isServerRequest(msg)) throw hostError('BAD_REQUEST', `Unhandled request "${msg.type}".`);
    if (isFilesRequest(msg)) return onFilesRequest(ctx, opened, msg, deps.follow);
    // A thread of an opened file is read with the same handlers, over the file's own store.
    if (msg.type === 'rg/threads.list') return read.onThreadsList(ctx).then((r) => ({ ...r, threads: withFileThreads(r.threads, opened) }));
    const fileCtx = fileContext(ctx, opened, msg);
    return dispatch(fileCtx ?? ctx, msg);
  }

  /** The page's sandbox iframe (a new one after the old one was lost): no storage needed. */
  async function attach(port: PortLike): Promise<ReplyBody> {
    if (!(launcher instanceof BootstrapLauncher)) throw hostError('BAD_REQUEST', 'This worker starts its sandbox itself.');
    launcher.attach(port);
    return { type: 'rg/ok' };
  }

  async function hello(version: number): Promise<ReplyBody> {
    if (version !== PROTOCOL_VERSION) {
      return {
        type: 'rg/error',
        error: { code: 'PROTOCOL_VERSION_MISMATCH', name: 'ProtocolError', message: ERROR_CODES.PROTOCOL_VERSION_MISMATCH(version, PROTOCOL_VERSION) },
      };
    }
    const ctx = await context();
    return { type: 'rg/hello-ok', protocolVersion: PROTOCOL_VERSION, storage: ctx.store.info };
  }

  endpoint.addEventListener('message', onMessage);
  return {
    stop() {
      endpoint.removeEventListener('message', onMessage);
      remote.stop();
      for (const run of registry.active()) registry.cancel(run.summary.runId);
      // Let the runs see their cancel first; their sandboxes are stopped once they ended.
      void Promise.all(registry.active().map((r) => r.done)).then(() => sandbox.stopAll({ code: 'RUN_CANCELLED', name: 'HostStopped', message: 'The storage worker stopped.' }));
    },
    async idle() {
      for (;;) {
        const active = registry.active();
        if (active.length === 0) return;
        await Promise.all(active.map((r) => r.done));
      }
    },
  };
}

/** Routes a valid request (other than hello) to its handler. The switch is exhaustive. */
function dispatch(ctx: HostContext, msg: Exclude<ToWorker, { type: 'rg/hello' | 'rg/sandbox.attach' | `rg/remote.${string}` | `rg/files.${string}` }>): Promise<ReplyBody> {
  switch (msg.type) {
    case 'rg/graphs.list': return ctx.graphs.list().then((graphs) => ({ type: 'rg/graphs', graphs }));
    case 'rg/settings.set': ctx.store.setDurability(msg.durability); return Promise.resolve({ type: 'rg/ok' });
    case 'rg/threads.list': return read.onThreadsList(ctx);
    case 'rg/thread.delete': ctx.details.dropThread(msg.threadId); return read.onThreadDelete(ctx, msg);
    case 'rg/thread.rename': return onThreadRename(ctx, msg);
    case 'rg/run.start': return runs.onRunStart(ctx, msg);
    case 'rg/run.resume': return runs.onRunResume(ctx, msg);
    case 'rg/run.continue': return runs.onRunContinue(ctx, msg);
    case 'rg/run.replay': return runs.onRunReplay(ctx, msg);
    case 'rg/run.fork': return runs.onRunFork(ctx, msg);
    case 'rg/run.cancel': return runs.onRunCancel(ctx, msg);
    case 'rg/history.page': return read.onHistoryPage(ctx, msg);
    case 'rg/checkpoint.get': return detail.onCheckpointGet(ctx, msg);
    case 'rg/checkpoint.slice': return detail.onCheckpointSlice(ctx, msg);
    case 'rg/checkpoint.diff': return detail.onCheckpointDiff(ctx, msg);
    case 'rg/runs.list': return read.onRunsList(ctx, msg);
    case 'rg/trace.get': return read.onTraceGet(ctx, msg);
    case 'rg/namespaces.list': return read.onNamespacesList(ctx, msg);
    case 'rg/store.items': return ctx.memory.items(msg.threadId).then((items) => ({ type: 'rg/store.items' as const, items }));
    case 'rg/thread.export': return files.onThreadExport(ctx, msg);
    case 'rg/thread.importPreview': return files.onImportPreview(ctx, msg);
    case 'rg/thread.import': return files.onThreadImport(ctx, msg);
    case 'rg/graph.compile': return userGraphs.onGraphCompile(ctx, msg);
    case 'rg/graph.save': return userGraphs.onGraphSave(ctx, msg);
    case 'rg/graph.delete': return userGraphs.onGraphDelete(ctx, msg);
    case 'rg/graph.cancelCompile': return userGraphs.onGraphCancelCompile(ctx, msg);
    case 'rg/program.run': return program.onProgramRun(ctx, msg);
    case 'rg/program.cancel': return Promise.resolve(program.onProgramCancel(ctx, msg));
    default: {
      const never: never = msg;
      throw hostError('BAD_REQUEST', `Unhandled request ${JSON.stringify(never)}`);
    }
  }
}
