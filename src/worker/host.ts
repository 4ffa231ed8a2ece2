/**
 * The worker side of the protocol: guards each inbound message, dispatches it, and replies with
 * plain data. Errors are sent as data, never thrown across the boundary. Storage is opened on the
 * first request; runs a previous worker left "running" are then marked cancelled.
 */
import { v7 as uuidv7 } from 'uuid';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol/messages';
import { isKnownRequestType, isToWorker, requestProblem } from '../protocol/guards';
import { ERROR_CODES } from '../shared/errors';
import { timerSchedule, type Schedule } from './batcher';
import { HostError, type HostContext } from './context';
import { errorToWire } from './dto-map';
import type { Endpoint } from './endpoint';
import { GraphCatalog, type GraphModule } from './graphs/registry';
import * as read from './handlers-read';
import * as runs from './handlers-run';
import * as files from './handlers-files';
import * as userGraphs from './handlers-graphs';
import { registerSavedUserGraphs } from './user-graphs';
import { DEFAULT_HOST_OPTIONS, type HostOptions } from './options';
import { recoverStaleRuns } from './recovery';
import { RunRegistry } from './runs';
import { runsFromRecords, type ThreadStore } from './store';
import { withTraceCache } from './trace-cache';

/** A message without its request id (the host adds it). */
type ReplyBody = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'id'> : never) : never;

/** What the host needs from its surroundings. */
export interface HostDeps {
  /** Opens storage (once, on the first request). */
  openStore(): Promise<ThreadStore>;
  /** The graphs it can run. */
  graphs: readonly GraphModule[];
  options?: HostOptions;
  /** Timer for batching (tests inject their own). */
  schedule?: Schedule;
  /** Monotonic clock in milliseconds. @default performance.now */
  now?: () => number;
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
  let ready: Promise<HostContext> | null = null;

  const open = async (): Promise<HostContext> => {
    const store = withTraceCache(await deps.openStore());
    const ctx: HostContext = {
      store,
      graphs: new GraphCatalog(store.saver, deps.graphs),
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
    // Saved user graphs are registered again, so their threads can be continued after a reload.
    await registerSavedUserGraphs(ctx);
    return ctx;
  };
  const context = () => {
    ready ??= open().catch((err) => {
      ready = null; // let the next request try again
      throw err;
    });
    return ready;
  };

  const onMessage = (ev: MessageEvent) => {
    const msg: unknown = ev.data;
    if (!isToWorker(msg)) return; // not a protocol message: drop
    handle(msg).then(
      (reply) => send({ ...reply, id: msg.id } as FromWorker),
      (err: unknown) => send({ type: 'rg/error', id: msg.id, error: err instanceof HostError ? errorToWire(err, err.code) : errorToWire(err, 'INTERNAL') }),
    );
  };

  async function handle(msg: ToWorker): Promise<ReplyBody> {
    if (!isKnownRequestType(msg.type)) {
      return { type: 'rg/error', error: { code: 'UNKNOWN_REQUEST', name: 'ProtocolError', message: ERROR_CODES.UNKNOWN_REQUEST(msg.type) } };
    }
    const problem = requestProblem(msg);
    if (problem) throw new HostError('BAD_REQUEST', `Bad "${msg.type}" request: ${problem}.`);
    if (msg.type === 'rg/hello') return hello(msg.protocolVersion);
    return dispatch(await context(), msg);
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
      for (const run of registry.active()) registry.stop(run.summary.runId, 'cancel');
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
function dispatch(ctx: HostContext, msg: Exclude<ToWorker, { type: 'rg/hello' }>): Promise<ReplyBody> {
  switch (msg.type) {
    case 'rg/graphs.list': return ctx.graphs.list().then((graphs) => ({ type: 'rg/graphs', graphs }));
    case 'rg/threads.list': return read.onThreadsList(ctx);
    case 'rg/thread.delete': return read.onThreadDelete(ctx, msg);
    case 'rg/run.start': return runs.onRunStart(ctx, msg);
    case 'rg/run.resume': return runs.onRunResume(ctx, msg);
    case 'rg/run.continue': return runs.onRunContinue(ctx, msg);
    case 'rg/run.replay': return runs.onRunReplay(ctx, msg);
    case 'rg/run.fork': return runs.onRunFork(ctx, msg);
    case 'rg/run.cancel': return runs.onRunCancel(ctx, msg);
    case 'rg/history.page': return read.onHistoryPage(ctx, msg);
    case 'rg/checkpoint.get': return read.onCheckpointGet(ctx, msg);
    case 'rg/runs.list': return read.onRunsList(ctx, msg);
    case 'rg/trace.get': return read.onTraceGet(ctx, msg);
    case 'rg/namespaces.list': return read.onNamespacesList(ctx, msg);
    case 'rg/thread.export': return files.onThreadExport(ctx, msg);
    case 'rg/thread.importPreview': return files.onImportPreview(ctx, msg);
    case 'rg/thread.import': return files.onThreadImport(ctx, msg);
    case 'rg/graph.compile': return userGraphs.onGraphCompile(ctx, msg);
    case 'rg/graph.save': return userGraphs.onGraphSave(ctx, msg);
    case 'rg/graph.delete': return userGraphs.onGraphDelete(ctx, msg);
    default: {
      const never: never = msg;
      throw new HostError('BAD_REQUEST', `Unhandled request ${JSON.stringify(never)}`);
    }
  }
}
