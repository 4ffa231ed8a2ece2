/**
 * Editing a thread's state (LangGraph.js `bulkUpdateState`; `updateState` is one superstep of one
 * update). Each superstep saves one checkpoint, a child of the addressed (or latest) one:
 * - updates `as` nodes: their writers run on `values` (edges and branches fire), several in one
 *   superstep as if those nodes ran together; the writes are also saved beside the parent;
 * - `asNode: INPUT`: `values` is graph input;
 * - `asNode: COPY`: a `fork` copy of the checkpoint (with a list `[[values, asNode], …]`, then
 *   those updates on the copy, attributed to the tasks the copy schedules: the list form);
 * - `values: null, asNode: END`: the pending tasks are marked done without running;
 * - `values: null` and no `asNode`: an empty `update` checkpoint.
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointTuple, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { COPY, END, ERROR, INPUT, INTERRUPT, NULL_TASK_ID, PUSH, SCHEDULED } from '../constants';
import { InvalidUpdateError } from '../errors';
import { applyWrites, prepareNextTasks, readChannels } from './algo';
import { readDeltaHistories } from './delta_history';
import { deltaChannelsWritten, planDeltaSave, writesOf } from './delta_plan';
import { withVersionsOf, channelsFromCheckpoint, checkpointForSave, emptyCheckpoint, flooredNextVersion, newVersions, patchCheckpointMap, threadMaxVersion } from './checkpoint';
import { decodePendingWrites, encodeWrites } from './encode';
import { uuid5 } from './ids';
import { mapInput } from './io';
import { userConfigurable } from './load';
import type { Pregel } from './pregel';
import { saverOf, target } from './state_target';
import type { Channels, PreparedTask } from './types';

/** One update of a superstep: `values` as if node `asNode` returned them. */
export interface StateUpdate {
  values: unknown;
  asNode?: string;
  /** The task the writes are attributed to (default: a task id derived from the checkpoint). */
  taskId?: string;
}

export interface SuperstepUpdate {
  updates: StateUpdate[];
}

/** Applies `supersteps` in order, each on the checkpoint the previous one saved. */
export async function bulkUpdateState(root: Pregel, startConfig: RunnableConfig, supersteps: SuperstepUpdate[]): Promise<RunnableConfig> {
  const saver = saverOf(root);
  if (supersteps.length === 0) throw new Error('No supersteps provided');
  if (supersteps.some((s) => s.updates.length === 0)) throw new Error('No updates provided');
  let config = startConfig;
  for (const [i, { updates }] of supersteps.entries()) config = await updateSuperstep(root, saver, config, updates, i === 0);
  return config;
}

/** What one superstep works on. */
interface Base {
  graph: Pregel;
  saver: BaseCheckpointSaver;
  saved: CheckpointTuple | undefined;
  checkpoint: Checkpoint;
  channels: Channels;
  step: number;
  /** Where the new checkpoint goes (its parent: the saved checkpoint). */
  putConfig: RunnableConfig;
  parents: Record<string, string>;
  next: (v: number | undefined) => number;
  /** The first superstep edits a checkpoint the thread has moved past: its writes are not saved beside it. */
  editsOlder: boolean;
}

async function updateSuperstep(root: Pregel, saver: BaseCheckpointSaver, inputConfig: RunnableConfig, updates: StateUpdate[], first: boolean): Promise<RunnableConfig> {
  const { graph, config, ns } = target(root, inputConfig);
  const saved = await saver.getTuple(config);
  const checkpoint = saved ? saved.checkpoint : emptyCheckpoint();
  const base = userConfigurable(config);
  let next = (v: number | undefined) => saver.getNextVersion(v);
  let superseded = false;
  if (saved && config.configurable?.checkpoint_id) {
    const latest = await saver.getTuple({ configurable: { ...base, checkpoint_ns: ns } });
    superseded = latest !== undefined && latest.checkpoint.id !== saved.checkpoint.id;
  }
  if (saved && (superseded || saved.metadata?.source === 'fork')) next = flooredNextVersion(next, await threadMaxVersion(saver, base.thread_id, ns));
  const b: Base = {
    graph, saver, saved, checkpoint, next, editsOlder: first && superseded,
    channels: channelsFromCheckpoint(graph.channels, checkpoint, saved ? await readDeltaHistories(graph.channels, checkpoint, saver, saved.config) : undefined),
    step: saved?.metadata?.step ?? -1,
    putConfig: { configurable: { ...base, checkpoint_ns: ns, ...(saved ? { checkpoint_id: saved.checkpoint.id } : {}) } },
    parents: saved?.metadata?.parents ?? {},
  };
  const { values, asNode } = updates[0];
  if (values == null && asNode === undefined) {
    if (updates.length > 1) throw new InvalidUpdateError('Cannot create empty checkpoint with multiple updates');
    return put(b, b.checkpoint, b.channels, b.step + 1, 'update');
  }
  if (values === null && asNode === END) {
    if (updates.length > 1) throw new InvalidUpdateError('Cannot apply multiple updates when clearing state');
    if (saved) markPendingDone(b, true);
    return put(b, b.checkpoint, b.channels, b.step + 1, 'update');
  }
  if (asNode === COPY) {
    if (updates.length > 1) throw new InvalidUpdateError('Cannot copy checkpoint with multiple updates');
    return copyCheckpoint(b, values);
  }
  if (asNode === INPUT) {
    if (updates.length > 1) throw new InvalidUpdateError('Cannot apply multiple updates when updating as input');
    const writes = mapInput(graph.inputChannels, values);
    if (writes.length === 0) throw new InvalidUpdateError(`Received no input writes for ${JSON.stringify(graph.inputChannels, null, 2)}`);
    if (saved && !b.editsOlder) await saver.putWrites(b.putConfig, encodeWrites(writes), uuid5(INPUT, checkpoint.id));
    const r = applyWrites(b.checkpoint, b.channels, [{ name: INPUT, path: [], triggers: [], writes }], b.next, graph.triggerToNodes);
    return put(b, r.checkpoint, r.channels, saved ? b.step + 1 : -1, 'input');
  }
  if (!inputConfig.configurable?.checkpoint_id && saved && saved.pendingWrites?.length) markPendingDone(b, false);
  return applyUpdates(b, updates);
}

/**
 * Applies the saved checkpoint's NULL-task writes and its finished tasks' writes, as a run
 * resuming from it would. With `all`, every pending task counts as done (clearing them).
 */
function markPendingDone(b: Base, all: boolean): void {
  const pending = decodePendingWrites(b.saved?.pendingWrites);
  const tasks = prepareNextTasks(b.checkpoint, b.channels, b.graph.nodes, { step: b.step + 1, checkpointNs: (b.putConfig.configurable?.checkpoint_ns as string) ?? '' });
  const nulls = pending.filter((w) => w[0] === NULL_TASK_ID).map((w) => [w[1], w[2]] as PendingWriteValue);
  if (nulls.length > 0) ({ checkpoint: b.checkpoint, channels: b.channels } = applyWrites(b.checkpoint, b.channels, [{ name: INPUT, path: [], triggers: [], writes: nulls }], b.next, b.graph.triggerToNodes));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const [tid, k, v] of pending) if (k !== ERROR && k !== INTERRUPT && k !== SCHEDULED) byId.get(tid)?.writes.push([k, v]);
  const done = all ? tasks : tasks.filter((t) => t.writes.length > 0);
  if (done.length > 0) ({ checkpoint: b.checkpoint, channels: b.channels } = applyWrites(b.checkpoint, b.channels, done, b.next, b.graph.triggerToNodes));
}

/** A `fork` copy of the saved checkpoint; with a list of `[values, asNode]`, those updates on it. */
async function copyCheckpoint(b: Base, values: unknown): Promise<RunnableConfig> {
  const saved = b.saved;
  if (!saved) throw new InvalidUpdateError('Cannot copy a non-existent checkpoint');
  const copy = checkpointForSave(b.checkpoint, b.channels, b.step);
  const { checkpoint_id: _id, ...rest } = b.putConfig.configurable ?? {};
  const parentCfg = saved.parentConfig ? { configurable: { ...rest, ...saved.parentConfig.configurable } } : { configurable: rest };
  const forked = await b.saver.put(parentCfg, copy, { source: 'fork', step: b.step + 1, parents: b.parents }, { ...b.checkpoint.channel_versions });
  const pairs = Array.isArray(values) && values.length > 0 && values.every((v) => Array.isArray(v) && v.length === 2) ? (values as [unknown, string][]) : undefined;
  if (!pairs) return patchCheckpointMap(forked, saved.metadata);
  // The copy's next tasks take the updates, in order per node name.
  const tasks = prepareNextTasks({ ...b.checkpoint, id: copy.id }, b.channels, b.graph.nodes, { step: b.step + 2, checkpointNs: (b.putConfig.configurable?.checkpoint_ns as string) ?? '' });
  const seen = new Map<string, number>();
  const updates = pairs.map(([v, asNode]) => {
    const n = seen.get(asNode) ?? 0;
    seen.set(asNode, n + 1);
    return { values: v, asNode, taskId: tasks.filter((t) => t.name === asNode)[n]?.id };
  });
  return updateSuperstep(b.graph, b.saver, patchCheckpointMap(forked, saved.metadata), updates, false);
}

/** Resolves the node of a single update without `asNode` (the last node to run), as LangGraph.js. */
function resolveAsNode(graph: Pregel, versionsSeen: Record<string, Record<string, number>>): string | undefined {
  if (Object.keys(graph.nodes).length === 1) return Object.keys(graph.nodes)[0];
  const seen: [number, string][] = [];
  for (const [n, row] of Object.entries(versionsSeen)) {
    if (n === INTERRUPT) continue;
    for (const v of Object.values(row)) seen.push([v, n]);
  }
  if (!seen.some(([v]) => !!v)) return typeof graph.inputChannels === 'string' && graph.nodes[graph.inputChannels] ? graph.inputChannels : undefined;
  seen.sort((a, b) => a[0] - b[0]);
  if (seen.length === 1) return seen[0][1];
  if (seen[seen.length - 1][0] !== seen[seen.length - 2][0]) return seen[seen.length - 1][1];
  return undefined;
}

/** Runs each update's node writers on its values, saves the writes and an `update` checkpoint. */
async function applyUpdates(b: Base, updates: StateUpdate[]): Promise<RunnableConfig> {
  const graph = b.graph;
  let list = updates;
  if (updates.length === 1) {
    const asNode = updates[0].asNode ?? resolveAsNode(graph, b.checkpoint.versions_seen);
    if (asNode === undefined) throw new InvalidUpdateError('Ambiguous update, specify "asNode"');
    list = [{ ...updates[0], asNode }];
  } else if (updates.some((u) => u.asNode == null)) throw new InvalidUpdateError('"asNode" is required when applying multiple updates');
  const tasks: Pick<PreparedTask, 'id' | 'name' | 'path' | 'triggers' | 'writes'>[] = [];
  for (const [i, u] of list.entries()) {
    const asNode = u.asNode!;
    const node = graph.nodes[asNode];
    if (!node) throw new InvalidUpdateError(`Node "${asNode}" does not exist`);
    const task = {
      id: u.taskId ?? uuid5(i === 0 ? INTERRUPT : `${INTERRUPT}:${i}`, b.checkpoint.id),
      name: asNode, path: [INTERRUPT, i], triggers: [INTERRUPT], writes: [] as PendingWriteValue[],
    };
    const { checkpoint, channels } = b;
    const read = (select: string[] | string, own?: readonly PendingWriteValue[]) =>
      readChannels(own?.length ? applyWrites(checkpoint, channels, [{ ...task, writes: own }], undefined).channels : channels, select);
    task.writes.push(...(await node.writers(u.values, read)));
    tasks.push(task);
  }
  if (b.saved && !b.editsOlder) {
    for (const t of tasks) {
      const channelWrites = t.writes.filter((w) => w[0] !== PUSH);
      if (channelWrites.length > 0) await b.saver.putWrites(b.putConfig, encodeWrites(channelWrites), t.id);
    }
  }
  const r = applyWrites(b.checkpoint, b.channels, tasks, b.next, graph.triggerToNodes);
  const out = await put(b, r.checkpoint, r.channels, b.step + 1, 'update');
  for (const t of tasks) {
    const pushWrites = t.writes.filter((w) => w[0] === PUSH);
    if (pushWrites.length > 0) await b.saver.putWrites(out, encodeWrites(pushWrites), t.id);
  }
  return out;
}

/** Saves `checkpoint` (the channels' state) as a child of the saved checkpoint. */
async function put(b: Base, checkpoint: Checkpoint, channels: Channels, step: number, source: 'update' | 'input'): Promise<RunnableConfig> {
  let changed = newVersions(b.saved ? b.saved.checkpoint.channel_versions : {}, checkpoint.channel_versions);
  // Its writes are saved nowhere a reader walks: it stores every DeltaChannel it changes, and those
  // the saved checkpoint's writes touch (they belong to that checkpoint's other children).
  const pendingDeltas = deltaChannelsWritten(channels, writesOf(b.saved?.pendingWrites ?? []));
  const updated = Object.keys(changed);
  const deltas = planDeltaSave(channels, b.saved?.metadata, { updated, forced: new Set([...updated, ...pendingDeltas]), advance: true, store: true });
  changed = withVersionsOf(changed, deltas.snapshot, checkpoint.channel_versions);
  const saved = checkpointForSave(checkpoint, channels, step, { changed, saver: b.saver, deltas: deltas.snapshot });
  const cfg = await b.saver.put(b.putConfig, saved, { source, step, parents: b.parents, ...deltas.metadata }, changed);
  return patchCheckpointMap(cfg, b.saved?.metadata);
}
