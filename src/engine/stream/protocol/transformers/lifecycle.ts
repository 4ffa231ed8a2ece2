/**
 * The `lifecycle` channel: each graph of the run (the root and every subgraph namespace) is
 * `started` when its first event arrives, `completed` once its parent reports the node (or task)
 * that ran it, and at the end of the run takes the run's terminal status (`completed`,
 * `interrupted` when an input was requested, `failed`).
 */
import { StreamChannel } from '../channel';
import { hasPrefix, nsKey } from '../mux';
import type { AgentStatus, Namespace, NativeStreamTransformer, ProtocolEvent, StreamEmitter } from '../types';
import { agentNameOf, causeOf, errorText, guessGraphName, isRecord, ROOT_GRAPH_NAME, taskCompletionOf, toolCallIdOf, type LifecycleCause } from './lifecycle_names';

/** One lifecycle entry, as `run.lifecycle` yields it. */
export interface LifecycleEntry {
  namespace: Namespace;
  timestamp: number;
  event: AgentStatus;
  graph_name: string;
  cause?: LifecycleCause;
  error?: string;
}

/** Options of {@link createLifecycleTransformer}. */
export interface LifecycleTransformerOptions {
  rootGraphName?: string;
  initialStatus?: AgentStatus;
  /** Send the root's own entries as protocol events too. @default true */
  emitRootOnRegister?: boolean;
  getGraphName?: (ns: Namespace) => string;
  serializeError?: (err: unknown) => string;
  /** Decides the terminal status (undefined: the default rule). */
  getTerminalStatusOverride?: () => AgentStatus | undefined | PromiseLike<AgentStatus | undefined>;
}

/** What the lifecycle transformer projects. */
export interface LifecycleProjection {
  _lifecycleLog: StreamChannel<LifecycleEntry>;
  lifecycle: AsyncIterable<LifecycleEntry>;
}

/** The entries of namespace `path` and below, from position `startAt`. */
export function filterLifecycleEntries(log: StreamChannel<LifecycleEntry>, path: Namespace, startAt = 0): AsyncIterable<LifecycleEntry> {
  return {
    [Symbol.asyncIterator]() {
      const base = log.iterate(startAt);
      return {
        async next() {
          for (;;) {
            const r = await base.next();
            if (r.done || hasPrefix(r.value.namespace, path)) return r;
          }
        },
      };
    },
  };
}

interface Tracked {
  ns: Namespace;
  graphName: string;
  status: AgentStatus | undefined;
}

interface Completion {
  ns: Namespace;
  /** Set when a parent's `updates` scheduled it (a task result of that node supersedes it). */
  byNode?: { parent: string; node: string };
}

/** Tracks every graph's status and sends `lifecycle` events. */
export function createLifecycleTransformer(options: LifecycleTransformerOptions = {}): NativeStreamTransformer<LifecycleProjection> {
  const rootName = options.rootGraphName ?? ROOT_GRAPH_NAME;
  const emitRoot = options.emitRootOnRegister ?? true;
  const nameOf = options.getGraphName ?? guessGraphName;
  const serialize = options.serializeError ?? errorText;
  const log = StreamChannel.local<LifecycleEntry>();
  const tracked = new Map<string, Tracked>();
  const causes = new Map<string, LifecycleCause>();
  const agentNames = new Map<string, string | undefined>();
  const toolCallOfTask = new Map<string, string>();
  const requestedInputs = new Set<string>();
  let completions: Completion[] = [];
  let emitter: StreamEmitter | undefined;
  let selfEmitting = 0;
  let finished = false;

  const graphName = (ns: Namespace) => (ns.length === 0 ? rootName : agentNames.get(nsKey(ns)) || nameOf(ns));
  const track = (ns: Namespace): Tracked => {
    const key = nsKey(ns);
    let t = tracked.get(key);
    if (!t) tracked.set(key, (t = { ns, graphName: graphName(ns), status: undefined }));
    return t;
  };
  // A subgraph run by a ToolNode task of a named agent was started by that tool call.
  const toolCallCause = (ns: Namespace): LifecycleCause | undefined => {
    if (!agentNames.get(nsKey(ns))) return undefined;
    const seg = ns[ns.length - 1] ?? '';
    const at = seg.indexOf(':');
    const callId = at === -1 ? undefined : toolCallOfTask.get(seg.slice(at + 1));
    return callId ? { type: 'toolCall', tool_call_id: callId } : undefined;
  };
  const emit = (ns: Namespace, status: AgentStatus, extras: { cause?: LifecycleCause; error?: string } = {}) => {
    const t = track(ns);
    if (t.status === status && extras.error == null) return;
    t.status = status;
    const data = { event: status, graph_name: t.graphName, ...(extras.cause ? { cause: extras.cause } : {}), ...(extras.error != null ? { error: extras.error } : {}) };
    const timestamp = Date.now();
    log.push({ namespace: ns, timestamp, ...data });
    if ((ns.length === 0 && !emitRoot) || !emitter) return;
    selfEmitting += 1;
    try {
      emitter.push(ns, { type: 'event', seq: 0, method: 'lifecycle', params: { namespace: ns, timestamp, data } });
    } finally {
      selfEmitting -= 1;
    }
  };
  const ensureStarted = (ns: Namespace) => {
    for (let n = 1; n <= ns.length; n += 1) {
      const prefix = ns.slice(0, n);
      if (tracked.has(nsKey(prefix))) continue;
      track(prefix);
      const cause = causes.get(nsKey(prefix)) ?? toolCallCause(prefix);
      emit(prefix, 'started', cause ? { cause } : {});
    }
  };
  const isStarted = (ns: Namespace) => tracked.get(nsKey(ns))?.status === 'started';
  const enqueue = (c: Completion) => {
    if (isStarted(c.ns) && !completions.some((p) => nsKey(p.ns) === nsKey(c.ns))) completions.push(c);
  };
  const flush = () => {
    const due = completions;
    completions = [];
    for (const c of due) if (isStarted(c.ns)) emit(c.ns, 'completed');
  };
  const startedChildOfNode = (parent: Namespace, node: string): Namespace | undefined => {
    for (const t of tracked.values()) {
      if (t.ns.length !== parent.length + 1 || t.status !== 'started' || !hasPrefix(t.ns, parent)) continue;
      const last = t.ns[t.ns.length - 1] as string;
      if (last === node || last.startsWith(`${node}:`)) return t.ns;
    }
    return undefined;
  };
  const terminal = async (): Promise<AgentStatus> => {
    const fallback: AgentStatus = requestedInputs.size > 0 ? 'interrupted' : 'completed';
    try {
      return (await options.getTerminalStatusOverride?.()) ?? fallback;
    } catch {
      return fallback;
    }
  };
  const cascade = (status: AgentStatus) => {
    for (const t of tracked.values()) if (t.ns.length > 0 && t.status === 'started') emit(t.ns, status);
    emit([], status);
    log.close();
  };

  const process = (event: ProtocolEvent): boolean => {
    const ns = event.params.namespace;
    if (selfEmitting > 0) return true;
    const data = event.params.data;
    const done = event.method === 'tasks' ? taskCompletionOf(data) : undefined;
    if (done) {
      // The task result supersedes the completion its node's `updates` scheduled.
      completions = completions.filter((c) => !(c.byNode && c.byNode.node === done.name && c.byNode.parent === nsKey(ns)));
    } else if (event.method === 'tasks') {
      const key = nsKey(ns);
      if (!agentNames.has(key)) agentNames.set(key, agentNameOf(data));
      const callId = isRecord(data) && typeof data.id === 'string' ? toolCallIdOf(data.input) : undefined;
      if (callId && isRecord(data)) toolCallOfTask.set(data.id as string, callId);
    }
    flush();
    if (event.method === 'lifecycle') {
      const cause = causeOf(data);
      if (cause) causes.set(nsKey(ns), cause);
      ensureStarted(ns);
      return false;
    }
    ensureStarted(ns);
    if (event.method === 'input' && isRecord(data) && data.event === 'requested' && typeof data.id === 'string') requestedInputs.add(data.id);
    if (done) {
      const child = [...ns, `${done.name}:${done.id}`];
      if (isStarted(child)) enqueue({ ns: child });
    }
    const node = event.method === 'updates' ? event.params.node : undefined;
    if (typeof node === 'string' && !node.startsWith('__')) {
      const child = startedChildOfNode(ns, node);
      if (child) enqueue({ ns: child, byNode: { parent: nsKey(ns), node } });
    }
    return true;
  };

  return {
    __native: true,
    init: () => ({ _lifecycleLog: log, lifecycle: filterLifecycleEntries(log, [], 0) }),
    onRegister(handle) {
      emitter = handle;
      track([]);
      if (emitRoot) emit([], options.initialStatus ?? 'running');
    },
    process,
    finalize() {
      if (finished) return;
      finished = true;
      flush();
      if (!options.getTerminalStatusOverride) return cascade(requestedInputs.size > 0 ? 'interrupted' : 'completed');
      return terminal().then(cascade, (e) => log.fail(e));
    },
    fail(err) {
      if (finished) return;
      finished = true;
      for (const t of tracked.values()) if (t.ns.length > 0 && t.status === 'started') emit(t.ns, 'failed');
      emit([], 'failed', { error: serialize(err) });
      log.fail(err);
    },
  };
}
