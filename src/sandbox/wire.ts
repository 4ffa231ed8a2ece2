/**
 * Engine values (state snapshots, stream chunks) as the plain data the sandbox sends to the
 * storage worker. Everything a graph produced goes through `toJsonSafe` here, with bounds, so a
 * benign sandbox never sends what the storage worker's guards refuse.
 */
import type { CheckpointSummary, InterruptDTO } from '../protocol/dto';
import { sourceShown } from '../shared/checkpoint-source';
import { toJsonSafe } from '../protocol/json-safe';
import type { WireSnapshot, WireTask } from '../protocol/sandbox';
import { boundedError, errorToWire } from '../protocol/wire-error';
import type { RunnableConfig, Snapshot, SnapshotTask } from './engine-port';


const idOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_id ?? null;
const nsOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_ns ?? '';

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
    source: sourceShown(meta.source),
    ts: typeof c.createdAt === 'string' ? c.createdAt : new Date().toISOString(),
    next: [...(c.next ?? [])],
    pendingWrites: 0,
    hasInterrupts: tasks.some((t) => (t.interrupts?.length ?? 0) > 0),
    hasError: tasks.some((t) => t.error != null),
  };
}

const interruptsOf = (t: SnapshotTask): InterruptDTO[] =>
  (t.interrupts ?? []).map((raw, n) => {
    const i = (typeof raw === 'object' && raw !== null ? raw : { value: raw }) as { id?: unknown; value?: unknown };
    return { id: typeof i.id === 'string' && i.id !== '' ? i.id : `${t.id}:${n}`, value: toJsonSafe(i.value, { maxDepth: 64, maxNodes: 100_000 }) };
  });

/** Text form of a task path, e.g. `__pregel_pull, b`. */
const pathText = (path: readonly unknown[] | undefined, name: string) =>
  path && path.length > 0 ? path.map((p) => (typeof p === 'object' ? JSON.stringify(toJsonSafe(p)) : String(p))).join(', ') : `__pregel_pull, ${name}`;

/** A snapshot task as data. */
export function taskToWire(t: SnapshotTask): WireTask {
  const state = t.state as { configurable?: { checkpoint_ns?: string } } | undefined;
  const task: WireTask = {
    id: t.id,
    name: t.name,
    path: pathText(t.path, t.name),
    kind: t.path?.[0] === '__pregel_push' ? 'push' : 'pull',
    interrupts: interruptsOf(t),
    error: t.error == null ? null : boundedError(errorToWire(t.error)),
  };
  if (state?.configurable?.checkpoint_ns) task.subgraphNs = state.configurable.checkpoint_ns;
  return task;
}

/** A state snapshot as data: values made JSON-safe, `next` and the tasks. */
export function snapshotToWire(s: Snapshot): WireSnapshot {
  const values = typeof s.values === 'object' && s.values !== null && !Array.isArray(s.values)
    ? Object.fromEntries(Object.entries(s.values as Record<string, unknown>).map(([k, v]) => [k, toJsonSafe(v)]))
    : null;
  return { values, next: [...s.next], tasks: s.tasks.map(taskToWire) };
}
