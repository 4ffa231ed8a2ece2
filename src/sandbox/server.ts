/**
 * A sandbox worker's server: answers the storage worker's requests on the main port (describe
 * graphs, run one, remote reads). Every graph is built against a checkpointer proxy bound to a
 * session port the storage worker opened for that one thread. Nothing here can reach storage.
 */
import type { Endpoint, PortLike } from '../protocol/endpoint';
import { listen } from '../protocol/endpoint';
import type { WireError } from '../protocol/dto';
import { SANDBOX_PROTOCOL_VERSION, type FromSandbox, type GraphRef, type SandboxReplyOf, type ToSandbox } from '../protocol/sandbox';
import { boundedError, errorToWire } from '../protocol/wire-error';
import { graphInfo, type GraphModule } from './graphs/registry';
import { ProxySaver } from './proxy-saver';
import { historyNext, stateSnapshots } from './read';
import { executeRun, type RunBatching } from './run';
import { safePort, takePort } from './safe-port';
import { SessionClient } from './session-client';
import { compileUserModule } from './user-graphs';
import { executeProgram } from './program-run';
import { programGraphModule, programGraphName } from './program-graph';
import type { ProgramCall } from '../protocol/dto';

/** What a sandbox worker offers. */
export interface SandboxDeps {
  builtins: readonly GraphModule[];
  /** Listed by `sb/catalog` only when it asks for them. */
  testGraphs?: readonly GraphModule[];
  batching?: RunBatching;
}

/** A graph that could not be made into a module: compile errors are data, not failures. */
class GraphUnavailable extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
  }
}

/** The session port a request carried (it must carry one). */
function sessionPort(port: PortLike | undefined): PortLike {
  if (!port) throw new GraphUnavailable({ code: 'BAD_REQUEST', name: 'BadRequest', message: 'The request carries no session port.' });
  return port;
}

/** Starts serving on `endpoint` (the worker's main port) and says `sb/ready`. Returns the stop function. */
export function startSandbox(port: Endpoint, deps: SandboxDeps): () => void {
  // Driven only through the methods captured at start (safe-port.ts), as is every session port.
  const endpoint = safePort(port);
  const builtins = new Map([...deps.builtins, ...(deps.testGraphs ?? [])].map((m) => [m.id, m]));
  const compiled = new Map<string, { key: string; module: GraphModule }>();
  const runs = new Map<string, AbortController>();
  const post = (m: FromSandbox) => endpoint.postMessage(m);

  /** Sessions the storage worker opened for a program's graph calls, by request id. */
  const opening = new Map<number, { resolve(v: { threadId: string; session: SessionClient }): void; reject(e: unknown): void }>();
  let nextOpen = 1;
  const openThread = (graph: string, threadKey: string, call: ProgramCall, resume: boolean) => new Promise<{ threadId: string; session: SessionClient }>((resolve, reject) => {
    const rid = nextOpen++;
    opening.set(rid, { resolve, reject });
    post({ type: 'sb/thread.open', rid, graph, threadKey, call, ...(resume ? { resume } : {}) });
  });

  /** A user graph's module: a program graph (program-graph.ts) or a graph module. */
  const compileAny = async (id: string, source: string, title?: string) =>
    programGraphName(source) === null ? compileUserModule(id, source, title) : programGraphModule(id, source, title);

  /** The module of a graph ref: a built-in, or a user graph compiled once per source. */
  const moduleOf = async (ref: GraphRef): Promise<GraphModule> => {
    if (ref.source === undefined) {
      const m = builtins.get(ref.id);
      if (!m) throw new GraphUnavailable({ code: 'NOT_FOUND', name: 'NotFound', message: `There is no graph "${ref.id}".` });
      return m;
    }
    const key = JSON.stringify([ref.source, ref.title ?? null]);
    const hit = compiled.get(ref.id);
    if (hit?.key === key) return hit.module;
    const r = await compileAny(ref.id, ref.source, ref.title);
    if (!r.ok) throw new GraphUnavailable({ code: 'COMPILE_FAILED', name: 'CompileError', message: r.error.message });
    compiled.set(ref.id, { key, module: r.module });
    return r.module;
  };

  async function answer(msg: Exclude<ToSandbox, { type: 'sb/cancel' }>, port: PortLike | undefined): Promise<SandboxReplyOf[keyof SandboxReplyOf]> {
    switch (msg.type) {
      case 'sb/catalog': {
        const list = [...deps.builtins, ...(msg.testGraphs ? deps.testGraphs ?? [] : [])];
        return { graphs: await Promise.all(list.map(graphInfo)) };
      }
      case 'sb/load': {
        if (msg.graph.source === undefined) return { info: await graphInfo(await moduleOf(msg.graph)), compileError: null };
        const r = await compileAny(msg.graph.id, msg.graph.source, msg.graph.title);
        if (!r.ok) return { info: null, compileError: r.error };
        compiled.set(msg.graph.id, { key: JSON.stringify([msg.graph.source, msg.graph.title ?? null]), module: r.module });
        return { info: await graphInfo(r.module), compileError: null };
      }
      case 'sb/run': {
        const session = new SessionClient(sessionPort(port));
        const module = await moduleOf(msg.graph);
        const abort = new AbortController();
        runs.set(msg.plan.runId, abort);
        void executeRun(module, msg.plan, session, abort, deps.batching).finally(() => runs.delete(msg.plan.runId));
        return { started: true };
      }
      case 'sb/history':
      case 'sb/state': {
        const session = new SessionClient(sessionPort(port));
        try {
          const graph = (await moduleOf(msg.graph)).build(new ProxySaver(session, { window: 0 }));
          return msg.type === 'sb/history'
            ? await historyNext(graph, msg.threadId, msg.ns, msg.limit, msg.before)
            : await stateSnapshots(graph, msg.threadId, msg.ns, msg.checkpointIds);
        } finally {
          session.close();
        }
      }
      case 'sb/program':
        return executeProgram(msg.plan, post, openThread);
    }
  }

  /** The storage worker's answer to an `sb/thread.open`: the session port leaves the message at once. */
  const onOpened = (msg: Record<string, unknown>) => {
    const port = takePort(msg, 'session');
    const p = typeof msg.rid === 'number' ? opening.get(msg.rid) : undefined;
    if (!p) return port?.close();
    opening.delete(msg.rid as number);
    if (msg.ok === true && port && typeof msg.threadId === 'string') p.resolve({ threadId: msg.threadId, session: new SessionClient(port) });
    else p.reject(Object.assign(new Error(String((msg.error as { message?: unknown } | undefined)?.message ?? 'The thread could not be opened.')), { name: 'ThreadOpenError' }));
  };

  const onMessage = (ev: MessageEvent) => {
    const msg = ev.data as ToSandbox;
    if (typeof msg !== 'object' || msg === null || typeof msg.type !== 'string') return;
    if ((msg.type as string) === 'sb/thread.opened') return onOpened(msg as unknown as Record<string, unknown>);
    if (msg.type === 'sb/cancel') {
      const why = new Error('Run cancelled');
      why.name = 'AbortError';
      runs.get(msg.runId)?.abort(why);
      return;
    }
    // The session port leaves the message at once: nothing that reads the message later can reach it.
    const port = takePort(msg as unknown as Record<string, unknown>, 'session');
    answer(msg, port).then(
      (value) => post({ type: 'sb/reply', rid: msg.rid, ok: true, value }),
      (err: unknown) => post({ type: 'sb/reply', rid: msg.rid, ok: false, error: err instanceof GraphUnavailable ? err.wire : boundedError(errorToWire(err, 'INTERNAL')) }),
    );
  };
  const stop = listen(endpoint, onMessage);
  post({ type: 'sb/ready', version: SANDBOX_PROTOCOL_VERSION });
  return () => {
    stop();
    for (const abort of runs.values()) abort.abort(new Error('The sandbox stopped.'));
  };
}

