/**
 * The one place server payloads become our types. Pure functions: SDK `ThreadState`s and the
 * checkpoint payloads of `debug` stream events become `RemoteCheckpoint`s (with the engine's
 * `CheckpointTuple` inside), threads, assistants and runs become their Remote* records.
 *
 * Mapping decisions (README: "Mapping"):
 * - `channel_values` = the state keys the server sends; a non-object state is the `__root__` channel.
 * - `channel_versions` / `versions_seen` are empty: the API never sends them (MISSING_FIELDS).
 * - `pendingWrites` are projected from tasks: each key of an object `result` is a write to that
 *   channel (`{ $writes: [...] }` = several writes to one key); another result is a `__return__`
 *   write; `error` is an `__error__` write; interrupts are one `__interrupt__` write.
 */
import type { CheckpointMetadata, CheckpointSource, CheckpointTuple, PendingWrite, RunnableConfig } from '../engine/checkpoint/types';
import { BadResponseError } from './errors';
import type {
  MissingField, RemoteAssistant, RemoteCheckpoint, RemoteCheckpointRef, RemoteCheckpointView, RemoteInterrupt, RemoteRun,
  RemoteRunStatus, RemoteTask, RemoteTaskError, RemoteThread, RemoteThreadStatus,
} from './types';

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const obj = (x: unknown): Json => (isObject(x) ? x : {});

/**
 * A checkpoint from a `ThreadState` (history, state) or a debug event's checkpoint payload.
 * `threadId` fills in when the payload does not name its thread; `createdAt` stands in for the save
 * time when the payload has none (stream events: the event time, flagged `created_at`).
 */
export function toRemoteCheckpoint(raw: unknown, view: RemoteCheckpointView, fallback: { threadId?: string; createdAt?: string } = {}): RemoteCheckpoint {
  const state = obj(raw);
  const ref = toRef(state.checkpoint, state.config, fallback.threadId);
  if (!ref) throw new BadResponseError('a checkpoint without a thread id and checkpoint id');
  const parent = toRef(state.parent_checkpoint, state.parent_config, ref.threadId);
  const createdAt = str(state.created_at);
  const tasks = Array.isArray(state.tasks) ? state.tasks.map((t) => toRemoteTask(t, ref.threadId)) : [];
  const metadata = toMetadata(state.metadata);
  const missing: MissingField[] = ['channel_versions', 'versions_seen', 'internal_channels', 'pending_writes', 'format_version'];
  if (!createdAt) missing.push('created_at');
  if (view === 'live') missing.push('saved_values');
  const values = state.values;
  const tuple: CheckpointTuple = {
    config: refConfig(ref),
    checkpoint: {
      v: 4,
      id: ref.checkpointId,
      ts: createdAt ?? fallback.createdAt ?? '',
      channel_values: isObject(values) ? { ...values } : values === undefined || values === null ? {} : { __root__: values },
      channel_versions: {},
      versions_seen: {},
    },
    ...(metadata ? { metadata } : {}),
    ...(parent ? { parentConfig: refConfig(parent) } : {}),
    pendingWrites: projectPendingWrites(tasks),
  };
  return {
    ref,
    ...(parent ? { parent } : {}),
    view,
    ...(createdAt ? { createdAt } : {}),
    values,
    next: Array.isArray(state.next) ? state.next.filter((n): n is string => typeof n === 'string') : [],
    tasks,
    ...(metadata ? { metadata } : {}),
    tuple,
    missing,
  };
}

/** A task of a checkpoint. `state` (subgraphs) is a live view: the server reads the subgraph's head. */
export function toRemoteTask(raw: unknown, threadId?: string): RemoteTask {
  const t = obj(raw);
  const id = str(t.id);
  if (!id) throw new BadResponseError('a task without an id');
  const error = toTaskError(t.error);
  const task: RemoteTask = {
    id,
    name: str(t.name) ?? '',
    ...(Array.isArray(t.path) ? { path: t.path } : {}),
    interrupts: toInterrupts(t.interrupts),
    ...(error ? { error } : {}),
    ...(t.result !== undefined && t.result !== null ? { result: t.result } : {}),
  };
  if (isObject(t.state) && isObject(t.state.checkpoint)) {
    const state = toRemoteCheckpoint(t.state, 'live', { threadId });
    task.subgraph = { checkpointNs: state.ref.checkpointNs, checkpointId: state.ref.checkpointId, state };
  } else if (isObject(t.checkpoint) && typeof t.checkpoint.checkpoint_ns === 'string') {
    const id = str(t.checkpoint.checkpoint_id);
    task.subgraph = { checkpointNs: t.checkpoint.checkpoint_ns, ...(id ? { checkpointId: id } : {}) };
  }
  return task;
}

/** The pending writes a checkpoint's tasks let us rebuild (see the file comment for the rules). */
export function projectPendingWrites(tasks: readonly RemoteTask[]): PendingWrite[] {
  const writes: PendingWrite[] = [];
  for (const task of tasks) {
    if (isObject(task.result)) {
      for (const [channel, value] of Object.entries(task.result)) {
        const several = isObject(value) && Array.isArray(value.$writes) && Object.keys(value).length === 1;
        for (const v of several ? (value.$writes as unknown[]) : [value]) writes.push([task.id, channel, v]);
      }
    } else if (task.result !== undefined) {
      writes.push([task.id, '__return__', task.result]);
    }
    if (task.error) writes.push([task.id, '__error__', task.error]);
    if (task.interrupts.length) writes.push([task.id, '__interrupt__', task.interrupts]);
  }
  return writes;
}

/**
 * A task error: state reads send it as a JSON string (`'{"message":…,"name":…}'`), stream events
 * as an object, the run's `error` event as `{ error, message }`.
 */
export function toTaskError(raw: unknown): RemoteTaskError | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { name: 'Error', message: raw };
    }
  }
  if (isObject(value)) {
    const message = str(value.message) ?? JSON.stringify(value);
    return { name: str(value.name) ?? str(value.error) ?? 'Error', message };
  }
  return { name: 'Error', message: String(value) };
}

export function toInterrupts(raw: unknown): RemoteInterrupt[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((i) => ({
    ...(typeof i.id === 'string' ? { id: i.id } : {}),
    value: i.value,
    ...(typeof i.when === 'string' ? { when: i.when } : {}),
    ...(typeof i.resumable === 'boolean' ? { resumable: i.resumable } : {}),
    ...(Array.isArray(i.ns) ? { ns: i.ns.map(String) } : {}),
  }));
}

const THREAD_STATUSES: readonly RemoteThreadStatus[] = ['idle', 'busy', 'interrupted', 'error'];

export function toRemoteThread(raw: unknown): RemoteThread {
  const t = obj(raw);
  const threadId = str(t.thread_id);
  if (!threadId) throw new BadResponseError('a thread without a thread_id');
  const metadata = obj(t.metadata);
  const status = THREAD_STATUSES.find((s) => s === t.status) ?? 'idle';
  const interrupts = Object.fromEntries(
    Object.entries(obj(t.interrupts)).map(([taskId, list]) => [taskId, toInterrupts(list)] as const).filter(([, list]) => list.length > 0),
  );
  return {
    threadId,
    createdAt: str(t.created_at) ?? '',
    updatedAt: str(t.updated_at) ?? '',
    status,
    metadata,
    ...(typeof metadata.graph_id === 'string' ? { graphId: metadata.graph_id } : {}),
    ...(typeof metadata.assistant_id === 'string' ? { assistantId: metadata.assistant_id } : {}),
    ...('values' in t && t.values !== undefined ? { values: t.values } : {}),
    interrupts,
  };
}

export function toRemoteAssistant(raw: unknown): RemoteAssistant {
  const a = obj(raw);
  const assistantId = str(a.assistant_id);
  if (!assistantId) throw new BadResponseError('an assistant without an assistant_id');
  const description = str(a.description);
  return {
    assistantId,
    graphId: str(a.graph_id) ?? '',
    name: str(a.name) ?? str(a.graph_id) ?? assistantId,
    ...(description ? { description } : {}),
    version: typeof a.version === 'number' ? a.version : 1,
    createdAt: str(a.created_at) ?? '',
    updatedAt: str(a.updated_at) ?? str(a.created_at) ?? '',
    metadata: obj(a.metadata),
    config: obj(a.config),
  };
}

const RUN_STATUSES: readonly RemoteRunStatus[] = ['pending', 'running', 'error', 'success', 'timeout', 'interrupted'];

export function toRemoteRun(raw: unknown): RemoteRun {
  const r = obj(raw);
  const runId = str(r.run_id);
  const threadId = str(r.thread_id);
  if (!runId || !threadId) throw new BadResponseError('a run without a run_id or thread_id');
  const status = RUN_STATUSES.find((s) => s === r.status);
  if (!status) throw new BadResponseError(`a run with the unknown status ${JSON.stringify(r.status)}`);
  const strategy = str(r.multitask_strategy);
  return {
    runId,
    threadId,
    assistantId: str(r.assistant_id) ?? '',
    status,
    createdAt: str(r.created_at) ?? '',
    updatedAt: str(r.updated_at) ?? '',
    metadata: obj(r.metadata),
    ...(strategy ? { multitaskStrategy: strategy } : {}),
  };
}

/** Subgraph namespaces the tasks of these checkpoints point at (sorted, unique). */
export function collectNamespaces(checkpoints: readonly RemoteCheckpoint[]): string[] {
  const found = new Set<string>();
  const visit = (tasks: readonly RemoteTask[]) => {
    for (const task of tasks) {
      if (!task.subgraph) continue;
      found.add(task.subgraph.checkpointNs);
      if (task.subgraph.state) visit(task.subgraph.state.tasks);
    }
  };
  for (const c of checkpoints) visit(c.tasks);
  return [...found].sort();
}

/** `{ thread_id, checkpoint_ns, checkpoint_id }` from a checkpoint object, else from a config's configurable. */
function toRef(checkpoint: unknown, config: unknown, threadId?: string): RemoteCheckpointRef | undefined {
  const c = isObject(checkpoint) ? checkpoint : obj(obj(config).configurable);
  const id = str(c.checkpoint_id);
  const thread = str(c.thread_id) ?? threadId;
  if (!id || !thread) return undefined;
  return { threadId: thread, checkpointNs: str(c.checkpoint_ns) ?? '', checkpointId: id };
}

function refConfig(ref: RemoteCheckpointRef): RunnableConfig {
  return { configurable: { thread_id: ref.threadId, checkpoint_ns: ref.checkpointNs, checkpoint_id: ref.checkpointId } };
}

function toMetadata(raw: unknown): CheckpointMetadata | undefined {
  if (!isObject(raw) || typeof raw.step !== 'number' || typeof raw.source !== 'string') return undefined;
  // A newer server may send another source; it is passed through as sent.
  return { ...raw, source: raw.source as CheckpointSource, step: raw.step, parents: isObject(raw.parents) ? (raw.parents as Record<string, string>) : {} };
}
