/**
 * The only place the UI talks to the worker: one promise per request, matched by request id, and
 * subscriptions for streamed run events. Errors arrive as data and reject with a ClientError.
 *
 * Cancel is two-staged: `rg/run.cancel` asks the worker to stop at the next step boundary; when the
 * run has not ended after `cancelGraceMs` (a node looping without ever awaiting blocks the worker),
 * the client terminates the worker, starts a new one, says hello again, and reports the run (and
 * any other run that was going on) as cancelled. Committed checkpoints are in IndexedDB and stay.
 * A run on a LangGraph server never causes a restart: the storage worker only reads its stream,
 * and closes it itself on a cancel.
 */
import type { StoreItemDTO } from '../protocol/store';
import type {
  CheckpointDetail, GraphInfo, HistoryPage, Json, NamespaceNode, ResumeValue, RunControls, RunSummary,
  ThreadSummary, WireError,
} from '../protocol/dto';
import { PROTOCOL_VERSION, type FromWorker, type ProgramEvent, type ReplyOf, type RunEvent, type ToWorker } from '../protocol/messages';
import { isRemoteKey, type RemoteProgressEvent } from '../protocol/remote';
import type { FilesChangedEvent } from '../protocol/files';
import { isFromWorker } from '../protocol/guards';
import type { RequestId } from '../protocol/wire-types';
import type { TraceEvent } from '../shared/trace';
import { exposeForDebugging } from './debug-hook';
import { RunListeners } from './listeners';
import { CLIENT_DEFAULTS, type ClientEndpoint, type ClientOptions, type WorkerLike } from './options';

export { CLIENT_DEFAULTS, type ClientEndpoint, type ClientOptions, type WorkerLike } from './options';

/** An error the worker (or the client) reported, as data. */
export class ClientError extends Error {
  constructor(readonly data: WireError) {
    super(data.message);
    this.name = data.name;
  }
}

/** How a run ended, as `rg/run.ended` reports it. */
export type RunEnded = Extract<FromWorker, { type: 'rg/run.ended' }>;
/** Metadata passed with each batch of run events. */
export interface RunEventsMeta {
  runId: string;
  threadId: string;
}
/** What `cancel` found: whether the worker had to be restarted to stop the run. */
export interface CancelResult {
  ended: RunEnded;
  forced: boolean;
}

type RequestBody<T extends ToWorker['type']> = Omit<Extract<ToWorker, { type: T }>, 'id' | 'type'>;
type Pending = { resolve: (m: FromWorker) => void; reject: (e: unknown) => void };

/** A typed client over the worker protocol. */
export interface WorkerClient {
  request<T extends ToWorker['type']>(type: T, body: RequestBody<T>, transfer?: Transferable[]): Promise<ReplyOf[T]>;
  hello(): Promise<ReplyOf['rg/hello']>;
  listGraphs(): Promise<GraphInfo[]>;
  listThreads(): Promise<ThreadSummary[]>;
  deleteThread(threadId: string): Promise<void>;
  startRun(args: { threadId: string; graphId: string; input: Json; controls?: RunControls }): Promise<RunEventsMeta>;
  resume(args: { threadId: string; resume: ResumeValue; checkpointId?: string; controls?: RunControls }): Promise<RunEventsMeta>;
  continueRun(args: { threadId: string; controls?: RunControls }): Promise<RunEventsMeta>;
  replay(args: { threadId: string; ns?: string; checkpointId: string; controls?: RunControls }): Promise<RunEventsMeta>;
  fork(args: { threadId: string; ns?: string; checkpointId: string; values: Json; asNode?: string; run: boolean; controls?: RunControls }): Promise<RunEventsMeta>;
  /** Cancels a run (see the module comment); resolves once it has ended. */
  cancel(runId: string): Promise<CancelResult>;
  historyPage(args: { threadId: string; ns?: string; before?: string; limit: number }): Promise<HistoryPage>;
  getCheckpoint(args: { threadId: string; ns?: string; checkpointId: string }): Promise<CheckpointDetail>;
  listRuns(threadId: string): Promise<RunSummary[]>;
  getTrace(args: { threadId: string; runId?: string; afterSeq?: number; limit?: number }): Promise<{ events: TraceEvent[]; nextSeq: number | null }>;
  listNamespaces(threadId: string): Promise<NamespaceNode>;
  /** The items of the thread's store. */
  storeItems(threadId: string): Promise<StoreItemDTO[]>;
  /** A thread as one JSON file's text (see src/worker/portability/FORMAT.md). */
  exportThread(threadId: string): Promise<ReplyOf['rg/thread.export']>;
  /** What an import file holds, or why it would be refused; nothing is written. */
  previewImport(text: string): Promise<ReplyOf['rg/thread.importPreview']>;
  /** Imports a thread file or a LangGraph history; a refused file comes back as `problem`. */
  importThread(args: { text: string; threadId?: string; trustSource?: boolean }): Promise<ReplyOf['rg/thread.import']>;
  /**
   * Compiles and registers a user graph (`user:…`) in a sandbox; a compile error comes back as
   * `error`, a compile past the load limit or cancelled rejects (SANDBOX_TIMEOUT, COMPILE_CANCELLED).
   */
  compileGraph(args: { graphId: string; source: string }): Promise<ReplyOf['rg/graph.compile']>;
  /** Stops a compile or save of `graphId` that is going on. */
  cancelCompile(graphId: string): Promise<void>;
  /** Hands the sandbox frame's control port to the storage worker. */
  attachSandbox(port: MessagePort): Promise<void>;
  /** Durability of committing transactions (`strict` unless the user picks `relaxed`). */
  setDurability(durability: 'strict' | 'relaxed'): Promise<void>;
  /** Compiles, registers and saves a user graph. */
  saveGraph(args: { graphId: string; source: string; title?: string }): Promise<ReplyOf['rg/graph.save']>;
  deleteGraph(graphId: string): Promise<void>;
  /** Streamed event batches of one run, or of every run with `'*'`. Returns the unsubscribe. */
  onRunEvents(runId: string | '*', cb: (events: RunEvent[], meta: RunEventsMeta) => void): () => void;
  /** The end of one run, or of every run with `'*'`. Returns the unsubscribe. */
  onRunEnded(runId: string | '*', cb: (ended: RunEnded) => void): () => void;
  /** Progress of slow LangGraph server calls that carry a `callId`. Returns the unsubscribe. */
  onRemoteProgress(cb: (event: RemoteProgressEvent) => void): () => void;
  /** A program run's console lines, threads and end (`rg/program.*`). Returns the unsubscribe. */
  onProgram(cb: (event: ProgramEvent) => void): () => void;
  /** A followed checkpoint file changed and was read again. Returns the unsubscribe. */
  onFilesChanged(cb: (event: FilesChangedEvent) => void): () => void;
  /** Called after the worker was restarted (the UI should reload what it shows). */
  onRestart(cb: (reason: string) => void): () => void;
  /** Resolves when the run ends (at once if it already ended recently). */
  waitForRun(runId: string): Promise<RunEnded>;
  /** Rejects pending requests, drops listeners, and terminates workers this client started. */
  dispose(): void;
}

/**
 * Creates a client on `endpoint` (a Worker, or a MessagePort in tests). Give `options.spawn` to
 * let a forced cancel restart the worker; without it a stuck run is reported but the worker stays.
 */
export function createWorkerClient(endpoint: ClientEndpoint, options: ClientOptions = {}): WorkerClient {
  const opts = { ...CLIENT_DEFAULTS, ...options };
  let current: ClientEndpoint = endpoint;
  const spawned: WorkerLike[] = [];
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const eventListeners = new RunListeners<[RunEvent[], RunEventsMeta]>();
  const endListeners = new RunListeners<[RunEnded]>();
  const restartListeners = new Set<(reason: string) => void>();
  const progressListeners = new Set<(event: RemoteProgressEvent) => void>();
  const programListeners = new Set<(event: ProgramEvent) => void>();
  const filesListeners = new Set<(event: FilesChangedEvent) => void>();
  /** Runs started and not yet ended → thread, for the cancelled reports of a restart. */
  const live = new Map<string, string>();
  /** Recently ended runs (bounded), so waitForRun works after the fact. */
  const ended = new Map<string, RunEnded>();

  const onMessage = (ev: MessageEvent) => {
    const msg: unknown = ev.data;
    if (!isFromWorker(msg)) return;
    if (msg.type === 'rg/run.events') {
      if (!ended.has(msg.runId)) live.set(msg.runId, msg.threadId);
      eventListeners.emit(msg.runId, msg.events, { runId: msg.runId, threadId: msg.threadId });
      return;
    }
    if (msg.type === 'rg/run.ended') return finish(msg);
    if (msg.type === 'rg/remote.progress') {
      for (const cb of [...progressListeners]) cb(msg);
      return;
    }
    if (msg.type === 'rg/program.output' || msg.type === 'rg/program.thread' || msg.type === 'rg/program.ended') {
      for (const cb of [...programListeners]) cb(msg);
      return;
    }
    if (msg.type === 'rg/files.changed') {
      for (const cb of [...filesListeners]) cb(msg);
      return;
    }
    if (msg.id === null) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === 'rg/error') p.reject(new ClientError(msg.error));
    else {
      if (msg.type === 'rg/run.started' && !ended.has(msg.runId)) live.set(msg.runId, msg.threadId);
      p.resolve(msg);
    }
  };
  /**
   * A Worker reports a failed module load or an uncaught exception as an `error` event; without a
   * handler every pending request would wait forever. They are rejected with the error as data.
   */
  const onError = (ev: Event) => {
    const message = (ev as ErrorEvent).message || 'The engine worker failed to start or crashed.';
    const failure = new ClientError({ code: 'INTERNAL', name: 'WorkerError', message });
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  const listen = (e: ClientEndpoint, on: boolean) => {
    if (on) {
      e.addEventListener('message', onMessage);
      e.addEventListener('error', onError);
    } else {
      e.removeEventListener('message', onMessage);
      e.removeEventListener('error', onError);
    }
  };
  listen(current, true);

  function finish(msg: RunEnded) {
    live.delete(msg.runId);
    ended.set(msg.runId, msg);
    if (ended.size > opts.maxRememberedRuns) ended.delete(ended.keys().next().value!);
    endListeners.emit(msg.runId, msg);
  }

  function request<T extends ToWorker['type']>(type: T, body: RequestBody<T>, transfer: Transferable[] = []): Promise<ReplyOf[T]> {
    const id: RequestId = nextId++;
    return new Promise<ReplyOf[T]>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (m: FromWorker) => void, reject });
      current.postMessage({ ...body, type, id }, transfer);
    });
  }

  function waitForRun(runId: string): Promise<RunEnded> {
    const done = ended.get(runId);
    if (done) return Promise.resolve(done);
    return new Promise((resolve) => {
      const off = endListeners.on(runId, (e) => {
        off();
        resolve(e);
      });
    });
  }

  async function restart(reason: string): Promise<void> {
    listen(current, false);
    (current as Partial<WorkerLike>).terminate?.();
    const lost = new ClientError({ code: 'WORKER_RESTARTED', name: 'WorkerRestarted', message: reason });
    for (const p of pending.values()) p.reject(lost);
    pending.clear();
    const next = opts.spawn!();
    spawned.push(next);
    current = next;
    listen(current, true);
    for (const [runId, threadId] of [...live]) {
      finish({ type: 'rg/run.ended', runId, threadId, outcome: 'cancelled', result: null, error: { code: 'RUN_CANCELLED', name: 'RunCancelled', message: reason } });
    }
    await request('rg/hello', { protocolVersion: PROTOCOL_VERSION });
    for (const cb of [...restartListeners]) cb(reason);
  }

  async function cancel(runId: string): Promise<CancelResult> {
    const end = waitForRun(runId);
    const never = new Promise<null>(() => undefined);
    // The outcome arrives as rg/run.ended; only "no such run" ends the wait early (nothing to cancel).
    let refusal: ClientError | null = null;
    const refused = request('rg/run.cancel', { runId }).then(
      () => never,
      (e: unknown) => (e instanceof ClientError && e.data.code === 'NOT_FOUND' ? ((refusal = e), null) : never),
    );
    const graceful = await Promise.race([end, refused, opts.sleep(opts.cancelGraceMs).then(() => null)]);
    if (graceful) return { ended: graceful, forced: false };
    if (refusal) throw refusal;
    const reason = `The storage worker did not end the run within ${opts.cancelGraceMs} ms of the cancel, so it was restarted. Checkpoints committed before the cancel are kept.`;
    const report = (outcome: RunEnded['outcome'], name: string, message: string): RunEnded => ({
      type: 'rg/run.ended', runId, threadId: live.get(runId) ?? '', outcome, result: null, error: { code: 'RUN_CANCELLED', name, message },
    });
    // A server run is only a stream the storage worker reads (it closes it itself on a cancel): it
    // is never a reason to restart the worker, which would also stop every local run.
    const onServer = isRemoteKey(live.get(runId) ?? '');
    if (onServer) return { ended: report('running', 'CancelTimeout', 'The server run has not ended yet; the storage worker goes on following it.'), forced: false };
    if (!opts.spawn) return { ended: report('running', 'CancelTimeout', 'The run did not stop and this client cannot restart the worker.'), forced: false };
    const stopped = report('cancelled', 'RunCancelled', reason);
    await restart(reason);
    return { ended: ended.get(runId) ?? stopped, forced: true };
  }

  const started = (r: ReplyOf['rg/run.start']): RunEventsMeta => ({ runId: r.runId, threadId: r.threadId });
  let withdraw = () => undefined as void;

  const client: WorkerClient = {
    request,
    hello: () => request('rg/hello', { protocolVersion: PROTOCOL_VERSION }),
    listGraphs: async () => (await request('rg/graphs.list', {})).graphs,
    listThreads: async () => (await request('rg/threads.list', {})).threads,
    deleteThread: async (threadId) => void (await request('rg/thread.delete', { threadId })),
    startRun: async (a) => started(await request('rg/run.start', a)),
    resume: async (a) => started(await request('rg/run.resume', a)),
    continueRun: async (a) => started(await request('rg/run.continue', a)),
    replay: async (a) => started(await request('rg/run.replay', { ns: '', ...a })),
    fork: async (a) => started(await request('rg/run.fork', { ns: '', ...a })),
    cancel,
    historyPage: async (a) => (await request('rg/history.page', { ns: '', ...a })).page,
    getCheckpoint: async (a) => (await request('rg/checkpoint.get', { ns: '', ...a })).detail,
    listRuns: async (threadId) => (await request('rg/runs.list', { threadId })).runs,
    getTrace: async (a) => {
      const r = await request('rg/trace.get', a);
      return { events: r.events, nextSeq: r.nextSeq };
    },
    listNamespaces: async (threadId) => (await request('rg/namespaces.list', { threadId })).root,
    storeItems: async (threadId) => (await request('rg/store.items', { threadId })).items,
    exportThread: (threadId) => request('rg/thread.export', { threadId }),
    previewImport: (text) => request('rg/thread.importPreview', { text }),
    importThread: (a) => request('rg/thread.import', a),
    compileGraph: (a) => request('rg/graph.compile', a),
    saveGraph: (a) => request('rg/graph.save', a),
    deleteGraph: async (graphId) => void (await request('rg/graph.delete', { graphId })),
    cancelCompile: async (graphId) => void (await request('rg/graph.cancelCompile', { graphId })),
    attachSandbox: async (port) => void (await request('rg/sandbox.attach', { port }, [port])),
    setDurability: async (durability) => void (await request('rg/settings.set', { durability })),
    onRunEvents: (runId, cb) => eventListeners.on(runId, cb),
    onRunEnded: (runId, cb) => endListeners.on(runId, cb),
    onRemoteProgress(cb) {
      progressListeners.add(cb);
      return () => void progressListeners.delete(cb);
    },
    onProgram(cb) {
      programListeners.add(cb);
      return () => void programListeners.delete(cb);
    },
    onFilesChanged(cb) {
      filesListeners.add(cb);
      return () => void filesListeners.delete(cb);
    },
    onRestart(cb) {
      restartListeners.add(cb);
      return () => void restartListeners.delete(cb);
    },
    waitForRun,
    dispose() {
      withdraw();
      listen(current, false);
      for (const p of pending.values()) p.reject(new Error('client disposed'));
      pending.clear();
      eventListeners.clear();
      endListeners.clear();
      restartListeners.clear();
      progressListeners.clear();
      programListeners.clear();
      filesListeners.clear();
      for (const w of spawned) w.terminate();
    },
  };
  withdraw = exposeForDebugging(client);
  return client;
}
