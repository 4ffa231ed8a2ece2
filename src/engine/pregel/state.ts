/**
 * Reading and editing a thread's state: `getState`, `getStateHistory`, `updateState`.
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointListOptions, CheckpointMetadata, CheckpointTuple, PendingWrite, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { COPY, END, ERROR, INPUT, INTERRUPT, NULL_TASK_ID, PUSH, SCHEDULED } from '../constants';
import { GraphValueError, InvalidUpdateError } from '../errors';
import { applyWrites, nullWrites, prepareNextTasks, readChannels } from './algo';
import { channelsFromCheckpoint, checkpointForSave, emptyCheckpoint, flooredNextVersion, newVersions, recastNamespace, threadMaxVersion } from './checkpoint';
import { decodePendingWrites, encodeWrites } from './encode';
import { uuid5 } from './ids';
import { mapInput, subgraphRefs, tasksWithWrites } from './io';
import type { Pregel } from './pregel';
import type { Channels, PreparedTask } from './types';

/** A thread's state at one checkpoint (LangGraph.js `StateSnapshot`). */
export interface StateSnapshot {
  values: Record<string, any>;
  /** Nodes that run next (tasks without saved writes). */
  next: string[];
  tasks: ReturnType<typeof tasksWithWrites>;
  metadata?: CheckpointMetadata;
  config: RunnableConfig;
  createdAt?: string;
  parentConfig?: RunnableConfig;
}

function saverOf(graph: Pregel): BaseCheckpointSaver {
  if (!graph.checkpointer) throw new GraphValueError('No checkpointer set', { lc_error_code: 'MISSING_CHECKPOINTER' });
  return graph.checkpointer;
}

/**
 * The graph a config addresses: the root for `checkpoint_ns: ""`, else the subgraph found by
 * walking the namespace's node names (`"sub:<id>|inner:<id>"` → node `sub`, then `inner`), with the
 * namespace its checkpoints are stored under. As in LangGraph.js, when no node matches, the graph
 * itself reads that namespace (so a caller holding the subgraph can pass its namespace).
 */
function target(graph: Pregel, config: RunnableConfig): { graph: Pregel; config: RunnableConfig; ns: string } {
  const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? '';
  let g = graph;
  if (ns !== '') {
    for (const name of recastNamespace(ns).split('|')) {
      const sub = g.nodes[name]?.subgraph as Pregel | undefined;
      if (!sub) {
        g = graph;
        break;
      }
      g = sub;
    }
  }
  const own = g.checkpointMode === true ? recastNamespace(ns) : ns;
  return { graph: g, ns: own, config: { configurable: { ...config.configurable, checkpoint_ns: own } } };
}

/** Builds a snapshot from a saved tuple; `applyPending` also applies finished tasks' writes. */
export async function snapshotOf(graph: Pregel, saved: CheckpointTuple, applyPending: boolean, recurse?: BaseCheckpointSaver): Promise<StateSnapshot> {
  if (!recurse) return snapshotNow(graph, saved, applyPending);
  const threadId = saved.config.configurable?.thread_id;
  const subStates = async (tasks: readonly PreparedTask[], states: Map<string, unknown>) => {
    for (const t of tasks) {
      const sub = t.node.subgraph as Pregel | undefined;
      if (sub && states.has(t.id)) states.set(t.id, await stateAt(sub, recurse, threadId, t.taskNs));
    }
  };
  const parts = snapshotParts(graph, saved);
  await subStates(parts.tasks, parts.states);
  return finishSnapshot(graph, saved, parts, applyPending);
}

/**
 * `snapshotOf` without nested subgraph states: synchronous, so reading a history costs no extra
 * promise per checkpoint.
 */
export function snapshotNow(graph: Pregel, saved: CheckpointTuple, applyPending: boolean): StateSnapshot {
  return finishSnapshot(graph, saved, snapshotParts(graph, saved), applyPending);
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
function snapshotParts(graph: Pregel, saved: CheckpointTuple): SnapshotParts {
  const ns = (saved.config.configurable?.checkpoint_ns as string | undefined) ?? '';
  let checkpoint = saved.checkpoint;
  let channels: Channels = channelsFromCheckpoint(graph.channels, checkpoint);
  const pending = decodePendingWrites(saved.pendingWrites);
  const nulls = nullWrites(pending);
  if (nulls.length > 0) {
    const r = applyWrites(checkpoint, channels, [{ name: INPUT, path: [], triggers: [], writes: nulls }], undefined, graph.triggerToNodes);
    channels = r.channels;
    checkpoint = r.checkpoint;
  }
  const step = (saved.metadata?.step ?? -1) + 1;
  const tasks = prepareNextTasks(checkpoint, channels, graph.nodes, { step, checkpointNs: ns });
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
  const metadata = saved.metadata && threadId ? { ...saved.metadata, thread_id: threadId } : saved.metadata;
  return {
    values: readChannels(channels, graph.streamChannels) as any,
    next: tasks.filter((t) => t.writes.length === 0).map((t) => t.name),
    tasks: tasksWithWrites(tasks, pending, graph.streamChannels, states),
    metadata,
    config: saved.config,
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
  return snapshotOf(t.graph, saved, !config.configurable?.checkpoint_id, options?.subgraphs ? saver : undefined);
}

/** Every checkpoint of the thread (all branches), newest first. */
export async function* getStateHistory(graph: Pregel, config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<StateSnapshot> {
  const saver = saverOf(graph);
  const t = target(graph, config);
  for await (const tuple of saver.list(t.config, options)) yield snapshotNow(t.graph, tuple, false);
}

function resolveAsNode(graph: Pregel, versionsSeen: Record<string, Record<string, number>>): string {
  if (Object.keys(graph.nodes).length === 1) return Object.keys(graph.nodes)[0];
  const seen: [number, string][] = [];
  for (const [n, row] of Object.entries(versionsSeen)) {
    if (n === INTERRUPT) continue;
    for (const v of Object.values(row)) seen.push([v, n]);
  }
  const anyVersion = seen.some(([v]) => !!v);
  if (anyVersion) {
    seen.sort((a, b) => a[0] - b[0]);
    if (seen.length === 1) return seen[0][1];
    if (seen[seen.length - 1][0] !== seen[seen.length - 2][0]) return seen[seen.length - 1][1];
  } else if (typeof graph.inputChannels === 'string' && graph.nodes[graph.inputChannels]) return graph.inputChannels;
  throw new InvalidUpdateError('Ambiguous update, specify "asNode"');
}

/**
 * Applies `values` as if node `asNode` had returned them (its edges and branches fire), and saves
 * an `update` checkpoint whose parent is the addressed (or latest) checkpoint. `asNode` COPY forks
 * by copy; INPUT treats `values` as graph input. Returns the new checkpoint's config.
 */
export async function updateState(root: Pregel, config: RunnableConfig, values: unknown, asNodeIn?: string): Promise<RunnableConfig> {
  const saver = saverOf(root);
  const { graph, config: cfg, ns } = target(root, config);
  const saved = await saver.getTuple(cfg);
  let checkpoint = saved ? saved.checkpoint : emptyCheckpoint();
  const prevVersions = { ...checkpoint.channel_versions };
  const step = saved?.metadata?.step ?? -1;
  const threadId = cfg.configurable?.thread_id;
  const putConfig: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: ns, ...(saved ? { checkpoint_id: saved.checkpoint.id } : {}) } };
  const parents = saved?.metadata?.parents ?? {};
  let channels = channelsFromCheckpoint(graph.channels, checkpoint);
  let next = (v: number | undefined) => saver.getNextVersion(v);
  let superseded = false;
  if (saved && cfg.configurable?.checkpoint_id) {
    const latest = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns } });
    superseded = latest !== undefined && latest.checkpoint.id !== saved.checkpoint.id;
  }
  if (saved && (superseded || saved.metadata?.source === 'fork')) {
    next = flooredNextVersion(next, await threadMaxVersion(saver, threadId, ns));
  }
  if (asNodeIn === COPY) {
    if (!saved) throw new InvalidUpdateError('Cannot copy a non-existent checkpoint');
    const copy = checkpointForSave(checkpoint, channels, checkpoint.channel_versions, step + 1, undefined, undefined, saver);
    const parentCfg = saved.parentConfig ?? { configurable: { thread_id: threadId, checkpoint_ns: ns } };
    return saver.put(parentCfg, copy, { source: 'fork', step: step + 1, parents }, { ...checkpoint.channel_versions });
  }
  if (asNodeIn === INPUT) {
    const inputWrites = mapInput(graph.inputChannels, values);
    if (inputWrites.length === 0) throw new InvalidUpdateError(`Received no input writes for ${JSON.stringify(graph.inputChannels, null, 2)}`);
    const r = applyWrites(checkpoint, channels, [{ name: INPUT, path: [], triggers: [], writes: inputWrites }], next, graph.triggerToNodes);
    const nextStep = saved ? step + 1 : -1;
    const changed = newVersions(prevVersions, r.checkpoint.channel_versions);
    return saver.put(putConfig, checkpointForSave(r.checkpoint, r.channels, changed, nextStep, r.updated, undefined, saver), { source: 'input', step: nextStep, parents }, changed);
  }
  const pending = decodePendingWrites(saved?.pendingWrites);
  if (!config.configurable?.checkpoint_id && saved && pending.length > 0) {
    const tasks = prepareNextTasks(checkpoint, channels, graph.nodes, { step: step + 1, checkpointNs: ns });
    const nulls = pending.filter((w) => w[0] === NULL_TASK_ID).map((w) => [w[1], w[2]] as PendingWriteValue);
    if (nulls.length > 0) ({ checkpoint, channels } = applyWrites(checkpoint, channels, [{ name: INPUT, path: [], triggers: [], writes: nulls }], next, graph.triggerToNodes));
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const [tid, k, v] of pending) if (k !== ERROR && k !== INTERRUPT && k !== SCHEDULED) byId.get(tid)?.writes.push([k, v]);
    const done = tasks.filter((t) => t.writes.length > 0);
    if (done.length > 0) ({ checkpoint, channels } = applyWrites(checkpoint, channels, done, next, graph.triggerToNodes));
  }
  const asNode = asNodeIn ?? resolveAsNode(graph, checkpoint.versions_seen);
  if (asNode === END && values == null) throw new InvalidUpdateError('Clearing state with asNode END is not supported');
  const node = graph.nodes[asNode];
  if (!node) throw new InvalidUpdateError(`Node "${asNode}" does not exist`);
  const path = [INTERRUPT, 0];
  const taskWrites: PendingWriteValue[] = [];
  const ckptNow = checkpoint;
  const chNow = channels;
  const read = (select: string[] | string, own?: readonly PendingWriteValue[]) =>
    readChannels(own?.length ? applyWrites(ckptNow, chNow, [{ name: asNode, path, triggers: [INTERRUPT], writes: own }], undefined).channels : chNow, select);
  taskWrites.push(...(await node.writers(values, read)));
  const taskId = uuid5(INTERRUPT, checkpoint.id);
  const channelWrites = taskWrites.filter((w) => w[0] !== PUSH);
  if (saved && !superseded && channelWrites.length > 0) await saver.putWrites(putConfig, encodeWrites(channelWrites), taskId);
  const r = applyWrites(checkpoint, channels, [{ name: asNode, path, triggers: [INTERRUPT], writes: taskWrites }], next, graph.triggerToNodes);
  const changed = newVersions(prevVersions, r.checkpoint.channel_versions);
  return saver.put(putConfig, checkpointForSave(r.checkpoint, r.channels, changed, step + 1, r.updated, undefined, saver), { source: 'update', step: step + 1, parents }, changed);
}
