/**
 * The single mapping point from engine values (checkpoint tuples, state snapshots, stream chunks)
 * to the plain-data DTOs of src/protocol. Pure functions, tested with fixtures shaped like
 * LangGraph checkpoint tuples.
 */
import type {
  CheckpointDetail, CheckpointSource, CheckpointSummary, InterruptDTO, Json, PendingWriteDTO, TaskDTO, WireError,
} from '../protocol/dto';
import type { TraceEvent } from '../shared/trace';
import { taskFacts, writeDisposition } from './dispositions';
import type { CheckpointTuple, RunnableConfig, Snapshot, SnapshotTask } from './engine-port';
import { recordToJsonSafe, toJsonSafe } from './json-safe';

const SOURCES: ReadonlySet<string> = new Set<CheckpointSource>(['input', 'loop', 'update', 'fork']);

const idOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_id ?? null;
const nsOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_ns ?? '';

/** One timeline row from a stored tuple, with `next` from the matching snapshot when known. */
export function summaryFromTuple(tuple: CheckpointTuple, next: readonly string[] = []): CheckpointSummary {
  const meta = tuple.metadata;
  const writes = tuple.pendingWrites ?? [];
  return {
    checkpointId: tuple.checkpoint.id,
    parentId: idOf(tuple.parentConfig),
    ns: nsOf(tuple.config),
    step: typeof meta?.step === 'number' ? meta.step : -1,
    source: meta && SOURCES.has(meta.source) ? meta.source : 'loop',
    ts: tuple.checkpoint.ts,
    next: [...next],
    pendingWrites: writes.length,
    hasInterrupts: writes.some((w) => w[1] === '__interrupt__'),
    hasError: writes.some((w) => w[1] === '__error__'),
  };
}

/**
 * A timeline row from a `checkpoints` stream chunk (LangGraph.js shape:
 * `{ config, metadata, values, next, parentConfig, tasks }`), or null when the chunk is not one.
 */
export function summaryFromChunk(chunk: unknown): CheckpointSummary | null {
  if (typeof chunk !== 'object' || chunk === null) return null;
  const c = chunk as Partial<Snapshot> & { metadata?: Record<string, unknown> };
  const id = idOf(c.config);
  if (!id) return null;
  const meta = c.metadata ?? {};
  const tasks = c.tasks ?? [];
  return {
    checkpointId: id,
    parentId: idOf(c.parentConfig),
    ns: nsOf(c.config),
    step: typeof meta.step === 'number' ? meta.step : -1,
    source: typeof meta.source === 'string' && SOURCES.has(meta.source) ? (meta.source as CheckpointSource) : 'loop',
    ts: typeof c.createdAt === 'string' ? c.createdAt : new Date().toISOString(),
    next: [...(c.next ?? [])],
    pendingWrites: 0,
    hasInterrupts: tasks.some((t) => (t.interrupts?.length ?? 0) > 0),
    hasError: tasks.some((t) => t.error != null),
  };
}

/** An error of any shape (Error, `{name,message}`, text) as wire data. */
export function errorToWire(err: unknown, code: WireError['code'] = 'RUN_FAILED'): WireError {
  if (err instanceof Error) return { code, name: err.name, message: err.message, stack: err.stack };
  if (typeof err === 'object' && err !== null && 'message' in err) {
    const e = err as { name?: unknown; message?: unknown };
    return { code, name: typeof e.name === 'string' ? e.name : 'Error', message: String(e.message) };
  }
  return { code, name: 'Error', message: typeof err === 'string' ? err : JSON.stringify(toJsonSafe(err)) };
}

const interruptsOf = (t: SnapshotTask): InterruptDTO[] =>
  (t.interrupts ?? []).map((raw, n) => {
    const i = (typeof raw === 'object' && raw !== null ? raw : { value: raw }) as { id?: unknown; value?: unknown };
    return { id: typeof i.id === 'string' ? i.id : `${t.id}:${n}`, value: toJsonSafe(i.value) };
  });

/** Text form of a task path, e.g. `__pregel_pull, b`. */
const pathText = (path: readonly unknown[] | undefined, name: string) =>
  path && path.length > 0 ? path.map((p) => (typeof p === 'object' ? JSON.stringify(toJsonSafe(p)) : String(p))).join(', ') : `__pregel_pull, ${name}`;

/** Maps snapshot tasks, adding trigger reasons and outcomes read from the trace. */
export function tasksToDto(tasks: readonly SnapshotTask[], events: readonly TraceEvent[], ns: string, checkpointId: string): TaskDTO[] {
  const facts = taskFacts(events, ns, checkpointId);
  return tasks.map((t) => {
    const fact = facts.get(t.id);
    const state = t.state as { configurable?: { checkpoint_ns?: string } } | undefined;
    const dto: TaskDTO = {
      id: t.id,
      name: t.name,
      path: pathText(t.path, t.name),
      kind: t.path?.[0] === '__pregel_push' ? 'push' : 'pull',
      triggers: fact?.triggers ?? [],
      interrupts: interruptsOf(t),
      error: t.error == null ? null : errorToWire(t.error),
    };
    if (fact) dto.outcome = fact.outcome;
    if (state?.configurable?.checkpoint_ns) dto.subgraphNs = state.configurable.checkpoint_ns;
    return dto;
  });
}

/** Pending writes of a tuple with their dispositions. */
export function writesToDto(tuple: CheckpointTuple, tasks: readonly SnapshotTask[], events: readonly TraceEvent[]): PendingWriteDTO[] {
  const ns = nsOf(tuple.config);
  const names = new Map(tasks.map((t) => [t.id, t.name]));
  for (const e of events) if (e.type === '@engine.task.prepared' && !names.has(e.taskId)) names.set(e.taskId, e.name);
  return (tuple.pendingWrites ?? []).map(([taskId, channel, value]) => ({
    taskId,
    taskName: names.get(taskId) ?? null,
    channel,
    value: toJsonSafe(value),
    disposition: writeDisposition(events, ns, tuple.checkpoint.id, taskId, channel),
  }));
}

/** User channels only: drops LangGraph's reserved channels from raw channel values. */
export function userValues(channelValues: Record<string, unknown>): Record<string, Json> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(channelValues)) {
    if (k.startsWith('__') || k.startsWith('branch:') || k.startsWith('join:')) continue;
    out[k] = v;
  }
  return recordToJsonSafe(out);
}

const valuesOf = (snapshot: Snapshot | null | undefined, tuple: CheckpointTuple | undefined): Record<string, Json> | null => {
  if (snapshot && typeof snapshot.values === 'object' && snapshot.values !== null) return recordToJsonSafe(snapshot.values as Record<string, unknown>);
  return tuple ? userValues(tuple.checkpoint.channel_values) : null;
};

/** Everything the inspector shows for one checkpoint. */
export function checkpointDetail(input: {
  tuple: CheckpointTuple;
  snapshot: Snapshot | null;
  parentSnapshot: Snapshot | null;
  parentTuple?: CheckpointTuple;
  events: readonly TraceEvent[];
}): CheckpointDetail {
  const { tuple, snapshot, events } = input;
  const ns = nsOf(tuple.config);
  const tasks = snapshot?.tasks ?? [];
  return {
    summary: summaryFromTuple(tuple, snapshot?.next),
    values: valuesOf(snapshot, tuple) ?? {},
    parentValues: tuple.parentConfig ? valuesOf(input.parentSnapshot, input.parentTuple) : null,
    metadata: recordToJsonSafe(tuple.metadata),
    tasks: tasksToDto(tasks, events, ns, tuple.checkpoint.id),
    pendingWrites: writesToDto(tuple, tasks, events),
    raw: toJsonSafe(tuple),
  };
}
