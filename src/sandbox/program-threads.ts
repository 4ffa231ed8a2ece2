/**
 * Every graph call of a program is a debugger thread. While a program runs, the engine's graph
 * methods (`invoke`, `stream`, `streamEvents`, `getState`, `updateState`; `batch` goes through
 * `invoke`) are wrapped: a call the program makes at its top level (not a subgraph called inside a
 * node) asks the storage worker, through `ThreadOpener` (the worker's main port, never reachable by
 * graph code), for a session bound to the thread of (graph, `thread_id`), and runs against the
 * app's durable saver on that session (`ProxySaver`) instead of the checkpointer the program
 * passed. The program still gets what LangGraph.js returns: the `thread_id` it used in the configs
 * it reads, the engine's error where LangGraph.js has one (e.g. `getState` on a graph compiled
 * without a checkpointer), a fresh thread per call on such a graph (it keeps no state).
 *
 * A graph is named by its `name` when it has one of its own, else by the variable the program
 * called it through (read at the call's source line), so a program's threads are named as its code
 * names its graphs.
 */
import { getConfig, isCommand, type BaseCheckpointSaver, type CheckpointListOptions, type CheckpointTuple, type RunnableConfig } from '../engine/index';
import type { ProgramCall } from '../protocol/dto';
import { createBatcher } from '../protocol/batcher';
import type { RunEvent } from '../protocol/messages';
import { runEventProblem } from '../protocol/sandbox-guards';
import { boundedError, errorToWire } from '../protocol/wire-error';
import type { TraceEvent } from '../shared/trace';
import { createEventGate } from './event-gate';
import { traceData } from './trace-data';
import { onGraphCalls, originalGraphMethod } from './graph-calls';
import { ProxySaver } from './proxy-saver';
import type { SessionClient } from './session-client';

/** Opens the session of one call: the storage worker creates or finds the thread and binds the session to it. */
export type ThreadOpener = (graph: string, threadKey: string, call: ProgramCall, resume: boolean) => Promise<{ threadId: string; session: SessionClient }>;

/** The methods wrapped, with where their config is. */
const METHODS: Readonly<Record<ProgramCall, number>> = { invoke: 1, stream: 1, streamEvents: 1, getState: 0, updateState: 0 };
const CALL_WORDS = 'invoke|stream|streamEvents|batch|getState|updateState';
const DEFAULT_NAME = 'LangGraph';

type Graph = Record<string, unknown> & { checkpointer?: unknown; name?: unknown };
type Method = (this: Graph, ...args: unknown[]) => unknown;
type Config = RunnableConfig & { configurable?: Record<string, unknown> };

/** How the wrapped methods find a graph's name and the program's source line of a call. */
export interface GraphNaming {
  /** The source line (1-based) of the innermost program frame of `stack`. */
  lineOf(stack: string | undefined): number | undefined;
  sourceLines: readonly string[];
}

/** Names graphs: a graph's own `name`, else the variable a call went through, made unique per program. */
export class GraphNames {
  private readonly names = new WeakMap<object, string>();
  private readonly taken = new Set<string>();
  constructor(private readonly naming: GraphNaming) {}

  of(graph: Graph, stack: string | undefined): string {
    const known = this.names.get(graph);
    if (known) return known;
    const own = typeof graph.name === 'string' && graph.name !== DEFAULT_NAME && graph.name.trim() !== '' ? graph.name : null;
    const line = this.naming.lineOf(stack);
    const text = line === undefined ? '' : this.naming.sourceLines[line - 1] ?? '';
    const called = new RegExp(`([A-Za-z_$][\\w$]*)\\s*\\.\\s*(?:${CALL_WORDS})\\s*\\(`).exec(text)?.[1];
    const base = (own ?? called ?? 'graph').slice(0, 60);
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}-${n}`;
    this.taken.add(name);
    this.names.set(graph, name);
    return name;
  }
}

/**
 * A saver that sends each call to the saver bound to the call's thread (the stored thread id the
 * wrapped method put in the config). Installed as a program graph's `checkpointer`.
 */
class ThreadRouter implements BaseCheckpointSaver {
  readonly bound = new Map<string, BaseCheckpointSaver>();
  private saverOf(config: RunnableConfig): BaseCheckpointSaver {
    const thread = config.configurable?.thread_id;
    const saver = typeof thread === 'string' ? this.bound.get(thread) : undefined;
    if (!saver) throw new Error('This checkpointer is only reachable during a call of its graph.');
    return saver;
  }
  getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return this.saverOf(config).getTuple(config);
  }
  list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return this.saverOf(config).list(config, options);
  }
  put(...args: Parameters<BaseCheckpointSaver['put']>): ReturnType<BaseCheckpointSaver['put']> {
    return this.saverOf(args[0]).put(...args);
  }
  putWrites(...args: Parameters<BaseCheckpointSaver['putWrites']>): ReturnType<BaseCheckpointSaver['putWrites']> {
    return this.saverOf(args[0]).putWrites(...args);
  }
  async deleteThread(): Promise<void> {
    throw new Error('Graph code cannot delete threads.');
  }
  getNextVersion(current: number | undefined): number {
    return (current ?? 0) + 1;
  }
}

/** One call's session: its saver, trace events to the session, and its end. */
interface CallSession {
  threadId: string;
  saver: ProxySaver;
  trace(event: TraceEvent): void;
  /** Ends the call's run (`outcome` from the thread's state when the call did not fail) and closes the session. */
  end(error: unknown, graph: Graph, original: Method | null): Promise<void>;
}

function callSession(threadId: string, session: SessionClient, call: ProgramCall): CallSession {
  const stream = createBatcher<RunEvent>({ maxBatch: 500, intervalMs: 16, flush: (events) => session.notify({ type: 'run/events', events }) });
  const gate = createEventGate((event) => stream.push(event));
  const saver = new ProxySaver(session, { window: 1024, onPost: (id) => gate.posted(id) });
  let ended = false;
  return {
    threadId,
    saver,
    trace(event) {
      const e: RunEvent = { kind: 'trace', event: traceData(event) };
      if (!runEventProblem(e)) gate.push(e);
    },
    async end(error, graph, getState) {
      if (ended) return;
      ended = true;
      gate.release();
      stream.dispose();
      let failure = error;
      try {
        await saver.flush();
      } catch (err) {
        failure ??= err;
      }
      if (call === 'getState') return session.close();
      let outcome: 'done' | 'interrupted' | 'paused' | 'error' = failure == null ? 'done' : 'error';
      if (failure == null && getState && call !== 'updateState') {
        try {
          const s = (await getState.call(graph, { configurable: { thread_id: threadId } })) as { next: string[]; tasks: { interrupts?: unknown[] }[] };
          outcome = s.tasks.some((t) => (t.interrupts?.length ?? 0) > 0) ? 'interrupted' : s.next.length > 0 ? 'paused' : 'done';
        } catch {
          outcome = 'done';
        }
      }
      session.notify({ type: 'run/end', outcome, result: null, error: failure == null ? null : boundedError(errorToWire(failure)) });
      session.close();
    },
  };
}

/** The config the engine gets: the stored thread id in place of the program's, the trace listener added. */
function routedConfig(config: Config | undefined, threadId: string, trace: ((e: TraceEvent) => void) | null): Config {
  const out: Config = { ...(config ?? {}), configurable: { ...(config?.configurable ?? {}), thread_id: threadId } };
  if (trace) (out as Config & { trace?: unknown }).trace = trace;
  return out;
}

/** `value` with every config's stored thread id put back to the program's (what getState / updateState return). */
function programView<T>(value: T, threadId: string, programThread: string | undefined): T {
  if (programThread === undefined) return value;
  const fix = (c: unknown) => {
    const conf = (c as Config | undefined)?.configurable;
    if (conf && conf.thread_id === threadId) conf.thread_id = programThread;
  };
  const v = value as { config?: unknown; parentConfig?: unknown };
  if (v && typeof v === 'object') {
    fix(v);
    fix(v.config);
    fix(v.parentConfig);
  }
  return value;
}

/**
 * Records the graph calls of the program evaluated as `fileName` (graph-calls.ts) for one program
 * run; returns the function that stops it and ends the calls still open (a stream the program left
 * unfinished).
 */
export function recordGraphCalls(fileName: string, open: ThreadOpener, names: GraphNames): () => Promise<void> {
  const routers = new WeakMap<object, { router: ThreadRouter; original: unknown; runs: number }>();
  /** Stored thread ids this program's calls use: a call naming one is the engine's own (pass through). */
  const routed = new Set<string>();
  /** Calls on one thread run one after the other (the storage worker runs one run per thread at a time). */
  const queues = new Map<string, Promise<unknown>>();
  const open_ = new Set<() => Promise<void>>();

  const routerOf = (graph: Graph) => {
    let r = routers.get(graph);
    if (!r) {
      r = { router: new ThreadRouter(), original: graph.checkpointer, runs: 0 };
      routers.set(graph, r);
      graph.checkpointer = r.router;
    }
    return r;
  };
  /** The graph as it was compiled (its own checkpointer): LangGraph's behaviour and errors. */
  const asCompiled = (graph: Graph, checkpointer: unknown) => Object.create(graph, { checkpointer: { value: checkpointer, writable: true } }) as Graph;

  const handle = (graph: Graph, call: ProgramCall, original: Method, stack: string, args: unknown[]): unknown => {
    const config = args[METHODS[call]] as Config | undefined;
    const thread = config?.configurable?.thread_id;
    const inside = getConfig()?.configurable?.thread_id !== undefined;
    if (inside || (typeof thread === 'string' && routed.has(thread))) return original.apply(graph, args);
    const { router, original: compiledWith } = routerOf(graph);
    const programThread = typeof thread === 'string' || typeof thread === 'number' ? String(thread) : undefined;
    // As compiled: no checkpointer (state reads fail as in LangGraph.js), or one but no thread id (the engine's error).
    if ((!compiledWith && (call === 'getState' || call === 'updateState')) || (compiledWith && programThread === undefined)) {
      return original.apply(asCompiled(graph, compiledWith), args);
    }
    const name = names.of(graph, stack);
    const input = call === 'getState' || call === 'updateState' ? undefined : args[0];
    const resume = isCommand(input) && (input as { resume?: unknown }).resume !== undefined;
    // A graph without a checkpointer keeps nothing between calls: each call is a thread of its own.
    const key = compiledWith ? programThread! : `${programThread ?? 'run'} (call ${++routerOf(graph).runs})`;
    const getState = originalGraphMethod('getState') as Method;
    const start = async (): Promise<CallSession> => {
      const queue = `${name}\u0000${key}`;
      const before = queues.get(queue) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((r) => (done = r));
      queues.set(queue, before.then(() => mine));
      await before.catch(() => undefined);
      try {
        const { threadId, session } = await open(name, key, call, resume);
        const s = callSession(threadId, session, call);
        routed.add(threadId);
        router.bound.set(threadId, s.saver);
        const end = s.end.bind(s);
        const finish = async (error: unknown) => {
          open_.delete(finishOpen);
          try {
            await end(error, graph, getState);
          } finally {
            router.bound.delete(threadId);
            done();
          }
        };
        const finishOpen = () => finish(new Error('The program ended before graph call finished.'));
        open_.add(finishOpen);
        s.end = finish;
        return s;
      } catch (err) {
        done();
        throw err;
      }
    };
    const rest = (s: CallSession, withTrace: boolean) => {
      const a = [...args];
      a[METHODS[call]] = routedConfig(config, s.threadId, withTrace ? (e) => s.trace(e) : null);
      return a;
    };
    if (call === 'streamEvents') return streamEventsCall(start, (s) => original.apply(graph, rest(s, true)) as AsyncIterable<unknown>);
    return (async () => {
      const s = await start();
      let result: unknown;
      try {
        result = await original.apply(graph, rest(s, call !== 'getState' && call !== 'updateState'));
      } catch (err) {
        await s.end(err, graph, getState);
        throw err;
      }
      if (call === 'stream') return endWithStream(result as AsyncGenerator<unknown> & Record<string, unknown>, (error) => s.end(error, graph, getState));
      await s.end(null, graph, getState);
      return programView(result, s.threadId, programThread);
    })();
  };

  const stop = onGraphCalls(fileName, (call, graph, args, original, stack) => handle(graph, call, original as Method, stack, args));
  return async () => {
    stop();
    await Promise.allSettled([...open_].map((f) => f()));
  };
}

/** The stream the program iterates, ending the call's run when it ends (finished, left, or failed). */
function endWithStream(stream: AsyncGenerator<unknown> & Record<string, unknown>, end: (error: unknown) => Promise<void>): AsyncGenerator<unknown> {
  async function* relay() {
    let error: unknown = null;
    try {
      yield* stream;
    } catch (err) {
      error = err;
      throw err;
    } finally {
      await end(error);
    }
  }
  const out = relay() as AsyncGenerator<unknown> & Record<string, unknown>;
  if (stream.signal !== undefined) out.signal = stream.signal;
  if (typeof stream.cancel === 'function') out.cancel = stream.cancel;
  return out;
}

/** `streamEvents` returns its stream at once: the call's session opens when the program starts iterating it. */
function streamEventsCall(start: () => Promise<CallSession>, run: (s: CallSession) => AsyncIterable<unknown>): AsyncIterable<unknown> {
  return {
    async *[Symbol.asyncIterator]() {
      const s = await start();
      let error: unknown = null;
      try {
        yield* run(s);
      } catch (err) {
        error = err;
        throw err;
      } finally {
        await s.end(error, {} as Graph, null);
      }
    },
  };
}
