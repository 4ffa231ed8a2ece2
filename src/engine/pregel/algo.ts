/**
 * The superstep as pure functions: `applyWrites`, `prepareNextTasks`, `shouldInterrupt`.
 * They never mutate their arguments: they return a new checkpoint and new channels.
 */
import type { Checkpoint, ChannelVersions, PendingWrite } from '../checkpoint/types';
import { IGNORED_WRITE_CHANNELS, INTERRUPT, NULL_TASK_ID, PULL, PUSH, RESERVED, TASKS, TAG_HIDDEN, isControlSignal } from '../constants';
import { InvalidUpdateError } from '../errors';
import { isSend, Send } from '../types';
import { cacheKeyOf, type CacheKey } from './cache';
import { taskId as makeTaskId } from './ids';
import { sortStrings, sortTasks } from './order';
import type { TriggerReason } from '../../shared/trace';
import type { Channels, PregelNode, PreparedTask, TaskPath, WritingTask } from './types';

export { sortTasks, taskPathStr } from './order';

/** A channel version increment (used when no saver supplies one). */
export const increment = (current: number | undefined): number => (current !== undefined ? current + 1 : 1);

function maxVersion(versions: ChannelVersions): number | undefined {
  let max: number | undefined;
  for (const k in versions) if (max === undefined || versions[k] > max) max = versions[k];
  return max;
}

function copyChannels(channels: Channels): Channels {
  const out: Channels = {};
  for (const k in channels) out[k] = channels[k].copy();
  return out;
}

/**
 * A checkpoint copy whose `channel_versions` may be changed, and whose `versions_seen` rows must be
 * replaced (not mutated) before changing them: rows are shared with the original (copy on write).
 */
export function copyCheckpoint(c: Checkpoint): Checkpoint {
  // Object.assign rather than `{ ...c, … }`: copies made by spread get maps V8 cannot share, so
  // every later access to a checkpoint went through slow, megamorphic lookups.
  const out: Checkpoint = Object.assign({}, c);
  out.channel_versions = Object.assign({}, c.channel_versions);
  out.versions_seen = Object.assign({}, c.versions_seen);
  return out;
}

/** `c` with another id and timestamp (a shallow copy; see copyCheckpoint for why not a spread). */
export function restamp(c: Checkpoint, id: string, ts: string): Checkpoint {
  const out: Checkpoint = Object.assign({}, c);
  out.id = id;
  out.ts = ts;
  return out;
}

export interface ApplyWritesResult {
  checkpoint: Checkpoint;
  channels: Channels;
  /** Channels whose value changed and are available, sorted. */
  updated: string[];
  /** The tasks in the order their writes were applied. */
  order: readonly WritingTask[];
}

/**
 * Applies the writes of one superstep (LangGraph's `apply_writes`, in its exact order): marks the
 * triggers as seen, consumes them, groups writes per channel in task-path order, updates each
 * written channel with one new version for the whole step, then (if the step ran triggered tasks)
 * gives every other channel an empty update (ephemeral channels clear) and, when nothing triggers
 * a node, finishes all channels.
 */
export function applyWrites(
  checkpointIn: Checkpoint,
  channelsIn: Channels,
  tasksIn: readonly WritingTask[],
  getNextVersion: ((v: number | undefined) => number) | undefined,
  triggerToNodes?: Record<string, string[]>,
): ApplyWritesResult {
  const checkpoint = copyCheckpoint(checkpointIn);
  const channels = copyChannels(channelsIn);
  // A lone task is its own order (no copy).
  const tasks = tasksIn.length < 2 ? tasksIn : sortTasks(tasksIn);
  let bumpStep = false;
  // In first-seen order, without repeats (a list: a step's triggers are few).
  const toConsume: string[] = [];
  const seenIn = checkpointIn.versions_seen;
  for (const task of tasks) {
    if (task.triggers.length > 0) bumpStep = true;
    // Copy on write: a row still shared with the input checkpoint is copied before it changes.
    let row = checkpoint.versions_seen[task.name];
    if (row === undefined || row === seenIn[task.name]) row = checkpoint.versions_seen[task.name] = Object.assign({}, row);
    for (const chan of task.triggers) {
      if (chan in checkpoint.channel_versions) row[chan] = checkpoint.channel_versions[chan];
      if (!RESERVED.has(chan) && !toConsume.includes(chan)) toConsume.push(chan);
    }
  }
  let max = maxVersion(checkpoint.channel_versions);
  let consumedVersion: number | undefined;
  for (const chan of toConsume) {
    if (chan in channels && channels[chan].consume() && getNextVersion) {
      consumedVersion ??= getNextVersion(max);
      checkpoint.channel_versions[chan] = consumedVersion;
    }
  }
  // Written channels in first-write order, and their values (lists, not a Map: a step writes few).
  const written: string[] = [];
  const valuesOf: unknown[][] = [];
  for (const task of tasks) {
    for (const [chan, val] of task.writes) {
      if (IGNORED_WRITE_CHANNELS.has(chan) || !(chan in channels)) continue;
      const at = written.indexOf(chan);
      if (at >= 0) valuesOf[at].push(val);
      else {
        written.push(chan);
        valuesOf.push([val]);
      }
    }
  }
  if (max !== undefined && consumedVersion !== undefined) max = consumedVersion;
  const nextVersion = getNextVersion?.(max);
  // Without repeats (a list: a step updates few channels; no closure to add to it: inner
  // functions cost an allocation per call).
  const updated: string[] = [];
  for (let i = 0; i < written.length; i++) {
    const chan = written[i];
    const channel = channels[chan];
    const changed = updateChannel(chan, channel, valuesOf[i]);
    if (changed && nextVersion !== undefined) {
      checkpoint.channel_versions[chan] = nextVersion;
      if (channel.isAvailable() && !updated.includes(chan)) updated.push(chan);
    }
  }
  if (bumpStep) {
    for (const chan in channels) {
      const channel = channels[chan];
      if (channel.isAvailable() && !updated.includes(chan) && channel.update([]) && nextVersion !== undefined) {
        checkpoint.channel_versions[chan] = nextVersion;
        if (channel.isAvailable()) updated.push(chan);
      }
    }
    let triggersNext = false;
    if (triggerToNodes !== undefined) for (const c of updated) if (triggerToNodes[c]?.length) triggersNext = true;
    if (!triggersNext) {
      for (const chan in channels) {
        if (channels[chan].finish() && nextVersion !== undefined) {
          checkpoint.channel_versions[chan] = nextVersion;
          if (channels[chan].isAvailable() && !updated.includes(chan)) updated.push(chan);
        }
      }
    }
  }
  return { checkpoint, channels, updated: sortStrings(updated), order: tasks };
}

/** `channel.update(values)`, naming the channel in an InvalidUpdateError (as LangGraph.js does). */
export function updateChannel(name: string, channel: Channels[string], values: unknown[]): boolean {
  try {
    return channel.update(values);
  } catch (e) {
    if (e instanceof Error && e.name === 'InvalidUpdateError') {
      const wrapped = new InvalidUpdateError(`Invalid update for channel "${name}" with values ${JSON.stringify(values)}: ${e.message}`);
      wrapped.lc_error_code = (e as InvalidUpdateError).lc_error_code;
      throw wrapped;
    }
    throw e;
  }
}

/** Reads the channels `select` (one channel, or an object of the non-empty ones). */
export function readChannels(channels: Channels, select: string[] | string): unknown {
  if (typeof select === 'string') return channels[select]?.isAvailable() ? channels[select].get() : null;
  const out: Record<string, unknown> = {};
  for (const k of select) if (channels[k]?.isAvailable()) out[k] = channels[k].get();
  return out;
}

/** What `readInput` returns when the node cannot run (a trigger it reads is empty). */
const NO_INPUT: unique symbol = Symbol('no input');

function readInput(node: PregelNode, channels: Channels): unknown {
  if (typeof node.channels === 'string') {
    const ch = channels[node.channels];
    return ch?.isAvailable() ? ch.get() : NO_INPUT;
  }
  const val: Record<string, unknown> = {};
  for (const k of node.channels) {
    const ch = channels[k];
    if (ch?.isAvailable()) val[k] = ch.get();
    else if (node.triggers.includes(k)) return NO_INPUT;
  }
  return val;
}

export interface PrepareOptions {
  step: number;
  /** Namespace of the graph running the tasks (`""` at the root). */
  checkpointNs: string;
  /** Channels updated by the previous step: only nodes they trigger are candidates. */
  updatedChannels?: readonly string[];
  triggerToNodes?: Record<string, string[]>;
  /** `false`: leave `reasons` empty (only the trace reports them; a step without one need not list them). */
  reasons?: boolean;
  /** How task ids are made (default `taskId`; reads of saved state pass `rememberedTaskId`). */ taskId?: (parts: readonly unknown[], checkpointId: string) => string;
}

const NOTHING_SEEN: Readonly<Record<string, number>> = Object.freeze({});
/** The `reasons` of a task prepared without them (shared: never pushed to). */
const NO_REASONS: TriggerReason[] = [];

/** Sets the task's cache key when its node has a cache policy (no extra object otherwise). */
function withCacheKey(task: PreparedTask): PreparedTask {
  if (task.node.cachePolicy) {
    const cacheKey: CacheKey | undefined = cacheKeyOf(task.node.name, task.node.cachePolicy, task.input);
    if (cacheKey) task.cacheKey = cacheKey;
  }
  return task;
}

function nsOf(parentNs: string, name: string): string {
  return parentNs === '' ? name : `${parentNs}|${name}`;
}

function preparePush(idx: number, packet: unknown, checkpoint: Checkpoint, nodes: Record<string, PregelNode>, opts: PrepareOptions): PreparedTask | undefined {
  if (!isSend(packet)) return undefined;
  const node = nodes[packet.node];
  if (!node) return undefined;
  const ns = nsOf(opts.checkpointNs, packet.node);
  const id = (opts.taskId ?? makeTaskId)([ns, String(opts.step), packet.node, PUSH, String(idx)], checkpoint.id);
  const input = (packet as Send).args;
  const timeout = (packet as Send).timeout ?? node.timeout;
  const task: PreparedTask = { id, name: packet.node, path: [PUSH, idx, false], triggers: [PUSH], reasons: [], input, node, taskNs: `${ns}:${id}`, writes: [] };
  // Set, not spread into the literal: spreading gives every task a map of its own (slow reads).
  if (timeout) task.timeout = timeout;
  return withCacheKey(task);
}

function preparePull(name: string, checkpoint: Checkpoint, channels: Channels, nodes: Record<string, PregelNode>, opts: PrepareOptions): PreparedTask | undefined {
  const node = nodes[name];
  if (!node) return undefined;
  const seen = checkpoint.versions_seen[name] ?? NOTHING_SEEN;
  // The first trigger with news names the task; the full list is only made for the trace.
  let trigger: string | undefined;
  let reasons = NO_REASONS;
  for (const chan of node.triggers) {
    if (!channels[chan]?.isAvailable()) continue;
    const v = checkpoint.channel_versions[chan] ?? 0;
    const s = seen[chan] ?? 0;
    if (!(v > s)) continue;
    trigger ??= chan;
    if (opts.reasons === false) break;
    if (reasons === NO_REASONS) reasons = [];
    reasons.push({ channel: chan, version: v, seen: seen[chan] ?? null });
  }
  if (trigger === undefined) return undefined;
  const input = readInput(node, channels);
  if (input === NO_INPUT) return undefined;
  const ns = nsOf(opts.checkpointNs, name);
  const id = (opts.taskId ?? makeTaskId)([ns, String(opts.step), name, PULL, [trigger]], checkpoint.id);
  const value = node.mapper ? node.mapper(input) : input;
  const task: PreparedTask = { id, name, path: [PULL, name], triggers: [trigger], reasons, input: value, node, taskNs: `${ns}:${id}`, writes: [] };
  if (node.timeout) task.timeout = node.timeout;
  return withCacheKey(task);
}

/** `Object.keys(o).length > 0` without the array. */
function hasKeys(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/**
 * The tasks of the next superstep: one PUSH task per Send packet in `__pregel_tasks`, then one
 * PULL task per node with a trigger channel whose version is newer than the one it last saw.
 * Candidates are the nodes triggered by the previous step's updated channels when known, sorted by
 * name; else every node in registration order.
 */
export function prepareNextTasks(checkpoint: Checkpoint, channels: Channels, nodes: Record<string, PregelNode>, opts: PrepareOptions): PreparedTask[] {
  const tasks: PreparedTask[] = [];
  const topic = channels[TASKS];
  if (topic?.isAvailable()) {
    const packets = topic.get() as unknown[];
    packets.forEach((p, i) => {
      const t = preparePush(i, p, checkpoint, nodes, opts);
      if (t) tasks.push(t);
    });
  }
  if (!hasKeys(checkpoint.channel_versions)) return tasks;
  let candidates: string[];
  if (opts.updatedChannels && opts.triggerToNodes) {
    // Sorted, without repeats (no Set: a step usually triggers one node or a few).
    candidates = [];
    for (const c of opts.updatedChannels) for (const n of opts.triggerToNodes[c] ?? []) candidates.push(n);
    if (candidates.length > 1) candidates = candidates.sort().filter((n, i, all) => i === 0 || n !== all[i - 1]);
  } else candidates = Object.keys(nodes);
  for (const name of candidates) {
    const t = preparePull(name, checkpoint, channels, nodes, opts);
    if (t) tasks.push(t);
  }
  return tasks;
}

/**
 * Static interrupt check: some channel changed since the last resume (`versions_seen.__interrupt__`)
 * and one of `tasks` is listed in `nodes` (`'*'` = any non-hidden task).
 */
export function shouldInterrupt(checkpoint: Checkpoint, nodes: readonly string[] | '*' | undefined, tasks: readonly Pick<PreparedTask, 'name' | 'node'>[]): boolean {
  if (!nodes || (nodes !== '*' && nodes.length === 0)) return false;
  const seen = checkpoint.versions_seen[INTERRUPT] ?? {};
  let anyUpdated = false;
  for (const chan in checkpoint.channel_versions) {
    if (checkpoint.channel_versions[chan] > (seen[chan] ?? 0)) {
      anyUpdated = true;
      break;
    }
  }
  if (!anyUpdated) return false;
  return tasks.some((t) => (nodes === '*' ? !t.node.tags?.includes(TAG_HIDDEN) : nodes.includes(t.name)));
}

/**
 * Re-applies saved writes to the tasks that succeeded (LangGraph `_reapply_writes_to_succeeded_nodes`):
 * every saved write of a prepared task except control signals. Returns new task objects (those
 * with writes will not run) and what was re-applied / skipped, for the trace.
 */
export function reapplyPendingWrites(tasks: readonly PreparedTask[], pending: readonly PendingWrite[]) {
  const byId = new Map(tasks.map((t) => [t.id, { ...t, writes: [...t.writes] }]));
  const reapplied: { taskId: string; name: string; channel: string }[] = [];
  const skipped: { taskId: string; channel: string }[] = [];
  for (const [tid, chan, val] of pending) {
    const task = byId.get(tid);
    if (!task) continue;
    if (isControlSignal(chan)) {
      skipped.push({ taskId: tid, channel: chan });
      continue;
    }
    task.writes.push([chan, val]);
    reapplied.push({ taskId: tid, name: task.name, channel: chan });
  }
  return { tasks: tasks.map((t) => byId.get(t.id)!), reapplied, skipped };
}

/** Writes of the NULL task (input / Command), in order. */
export function nullWrites(pending: readonly PendingWrite[]): [string, unknown][] {
  return pending.filter((w) => w[0] === NULL_TASK_ID).map((w) => [w[1], w[2]]);
}

export type { TaskPath };
