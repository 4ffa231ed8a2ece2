/**
 * Reading a thread's state: `getState`, `getStateHistory` (editing it: ./bulk_update).
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointListOptions, CheckpointMetadata, CheckpointTuple, PendingWrite, RunnableConfig } from '../checkpoint/types';
import { ERROR, INPUT, INTERRUPT, SCHEDULED } from '../constants';
import { applyWrites, nullWrites, prepareNextTasks, readChannels } from './algo';
import { channelsFromCheckpoint, patchCheckpointMap, recastNamespace } from './checkpoint';
import { deltaKeysToReplay, readDeltaHistories, type DeltaHistories } from './delta_history';
import { decodePendingWrites } from './encode';
import { rememberedTaskId } from './ids';
import { subgraphRefs, tasksWithWrites } from './io';
import type { Pregel } from './pregel';
import { saverOf, target } from './state_target';
import type { Channels, PreparedTask } from './types';

/** A thread's state at one checkpoint (LangGraph.js `StateSnapshot`). */
export interface StateSnapshot {
  /** The state's values (`any`, as LangGraph.js's: callers read their own keys without narrowing). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
  values: Record<string, any>;
  /** Nodes that run next (tasks without saved writes). */
  next: string[];
  tasks: ReturnType<typeof tasksWithWrites>;
  metadata?: CheckpointMetadata;
  config: RunnableConfig;
  createdAt?: string;
  parentConfig?: RunnableConfig;
}

/** Builds a snapshot from a saved tuple; `applyPending` also applies finished tasks' writes. */
export async function snapshotOf(graph: Pregel, saved: CheckpointTuple, applyPending: boolean, recurse?: BaseCheckpointSaver, saver?: BaseCheckpointSaver): Promise<StateSnapshot> {
  const histories = await readDeltaHistories(graph.channels, saved.checkpoint, saver ?? recurse, saved.config);
  if (!recurse) return snapshotNow(graph, saved, applyPending, histories);
  const threadId = saved.config.configurable?.thread_id;
  const subStates = async (tasks: readonly PreparedTask[], states: Map<string, unknown>) => {
    for (const t of tasks) {
      const sub = t.node.subgraph as Pregel | undefined;
      if (sub && states.has(t.id)) states.set(t.id, await stateAt(sub, recurse, threadId, t.taskNs));
    }
  };
  const parts = snapshotParts(graph, saved, histories);
  await subStates(parts.tasks, parts.states);
  return finishSnapshot(graph, saved, parts, applyPending);
}

/**
 * `snapshotOf` without nested subgraph states: synchronous, so reading a history costs no extra
 * promise per checkpoint.
 */
export function snapshotNow(graph: Pregel, saved: CheckpointTuple, applyPending: boolean, histories?: DeltaHistories): StateSnapshot {
  return finishSnapshot(graph, saved, snapshotParts(graph, saved, histories), applyPending);
}

interface SnapshotParts {
  checkpoint: Checkpoint;
  channels: Channels;
  pending: PendingWrite[];
  tasks: PreparedTask[];
  /** task id → subgraph state (a config until filled in by `snapshotOf` with `recurse`). */
  states: Map<string, unknown>;
}

/** The checkpoint's channels (with its null-task writes applied) and the tasks it schedules. */
function snapshotParts(graph: Pregel, saved: CheckpointTuple, histories: DeltaHistories | undefined): SnapshotParts {
  const ns = (saved.config.configurable?.checkpoint_ns as string | undefined) ?? '';
  let checkpoint = saved.checkpoint;
  let channels: Channels = channelsFromCheckpoint(graph.channels, checkpoint, histories);
  const pending = decodePendingWrites(saved.pendingWrites);
  const nulls = nullWrites(pending);
  if (nulls.length > 0) {
    const r = applyWrites(checkpoint, channels, [{ name: INPUT, path: [], triggers: [], writes: nulls }], undefined, graph.triggerToNodes);
    channels = r.channels;
    checkpoint = r.checkpoint;
  }
  const step = (saved.metadata?.step ?? -1) + 1;
  const tasks = prepareNextTasks(checkpoint, channels, graph.nodes, { step, checkpointNs: ns, taskId: rememberedTaskId, reasons: false });
  const states = subgraphRefs(tasks, saved.config.configurable?.thread_id, true);
  return { checkpoint, channels, pending, tasks, states };
}

function finishSnapshot(graph: Pregel, saved: CheckpointTuple, parts: SnapshotParts, applyPending: boolean): StateSnapshot {
  const { checkpoint, pending, tasks, states } = parts;
  let channels = parts.channels;
  if (applyPending && pending.length > 0) {
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const [tid, c, v] of pending) {
      if (c === ERROR || c === INTERRUPT || c === SCHEDULED) continue;
      byId.get(tid)?.writes.push([c, v]);
    }
    const withWrites = tasks.filter((t) => t.writes.length > 0);
    if (withWrites.length > 0) channels = applyWrites(checkpoint, channels, withWrites, undefined, graph.triggerToNodes).channels;
  }
  const threadId = saved.config.configurable?.thread_id;
  // Object.assign: adding a key to a spread copy is slow in V8 (once per checkpoint of a history).
  const metadata = saved.metadata && threadId ? Object.assign({}, saved.metadata, { thread_id: threadId }) : saved.metadata;
  return {
    values: readChannels(channels, graph.streamChannels) as Record<string, unknown>,
    next: tasks.filter((t) => t.writes.length === 0).map((t) => t.name),
    tasks: tasksWithWrites(tasks, pending, graph.streamChannels, states),
    metadata,
    config: patchCheckpointMap(saved.config, saved.metadata),
    createdAt: saved.checkpoint.ts,
    parentConfig: saved.parentConfig,
  };
}

/** The latest state of a subgraph run by a task (namespace `taskNs`), with its own subgraphs. */
async function stateAt(sub: Pregel, saver: BaseCheckpointSaver, threadId: unknown, taskNs: string): Promise<StateSnapshot> {
  const ns = sub.checkpointMode === true ? recastNamespace(taskNs) : taskNs;
  const config = { configurable: { thread_id: threadId as string, checkpoint_ns: ns } };
  const saved = await saver.getTuple(config);
  if (!saved) return { values: {}, next: [], config, tasks: [] };
  return snapshotOf(sub, saved, true, saver);
}

/** The state at `config.configurable.checkpoint_id`, or the thread's latest. */
export async function getState(graph: Pregel, config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot> {
  const saver = saverOf(graph);
  const t = target(graph, config);
  const saved = await saver.getTuple(t.config);
  if (!saved) return { values: {}, next: [], config, tasks: [] };
  return snapshotOf(t.graph, saved, !config.configurable?.checkpoint_id, options?.subgraphs ? saver : undefined, saver);
}

/** Every checkpoint of the thread (all branches), newest first. */
export async function* getStateHistory(graph: Pregel, config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<StateSnapshot> {
  const saver = saverOf(graph);
  const t = target(graph, config);
  const now = synchronousList(saver);
  if (now) {
    for (const tuple of now(t.config, options)) yield snapshotAt(t.graph, tuple, saver);
    return;
  }
  for await (const tuple of saver.list(t.config, options)) yield snapshotAt(t.graph, tuple, saver);
}

/** A history row: synchronous unless the checkpoint leaves DeltaChannels to read from its ancestors. */
function snapshotAt(graph: Pregel, tuple: CheckpointTuple, saver: BaseCheckpointSaver): StateSnapshot | Promise<StateSnapshot> {
  return deltaKeysToReplay(graph.channels, tuple.checkpoint).length > 0 ? snapshotOf(graph, tuple, false, undefined, saver) : snapshotNow(graph, tuple, false);
}

/** The saver's synchronous `list`, when it declares one. */
function synchronousList(saver: BaseCheckpointSaver): ((config: RunnableConfig, options?: CheckpointListOptions) => Iterable<CheckpointTuple>) | undefined {
  const list = saver.synchronousReads?.().list;
  // A snapshot reads the checkpoint's version maps and never changes them (applyWrites copies).
  return list && ((config, options) => list(config, options, true));
}
