/**
 * LangGraph.js's low-level checkpoint helpers for channel maps, as its `channels` entry point
 * exports them (`createCheckpoint`, `channelsFromCheckpoint`, the DeltaChannel snapshot rule and
 * the task ids of exit-mode delta writes), for code that builds checkpoints by hand.
 */
import { specOf, type Channel } from '../channels/base';
import { deltaSnapshot, isDeltaChannel } from '../channels/delta';
import type { BaseCheckpointSaver, Checkpoint, PendingWrite, RunnableConfig } from '../checkpoint/types';
import { channelsFromCheckpoint as restoreChannels } from './checkpoint';
import { readDeltaHistories } from './delta_history';
import { isoNow, uuid6 } from './ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NULL_TASK_ID = '00000000-0000-0000-0000-000000000000';

/** Supersteps after which a DeltaChannel snapshots even without updates (`LANGGRAPH_DELTA_MAX_SUPERSTEPS_SINCE_SNAPSHOT`, default 5000). */
export function deltaMaxSuperstepsSinceSnapshot(): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const n = Number.parseInt(env?.LANGGRAPH_DELTA_MAX_SUPERSTEPS_SINCE_SNAPSHOT ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : 5000;
}

/**
 * The DeltaChannels that snapshot now: available ones (with a version, when `versions` is given)
 * whose counters `[updates, supersteps]` since their last snapshot reached `snapshotFrequency`
 * updates or the superstep bound.
 */
export function deltaChannelsToSnapshot(
  channels: Record<string, unknown>, counters: Record<string, [number, number] | undefined>, versions?: Record<string, unknown>,
): Set<string> {
  const out = new Set<string>();
  for (const [name, ch] of Object.entries(channels)) {
    if (!isDeltaChannel(ch) || !ch.isAvailable() || (versions !== undefined && versions[name] === undefined)) continue;
    const [updates, supersteps] = counters[name] ?? [0, 0];
    if (updates >= ch.snapshotFrequency || supersteps >= deltaMaxSuperstepsSinceSnapshot()) out.add(name);
  }
  return out;
}

/** The DeltaChannels that `pendingWrites` write to. */
export function deltaChannelsWithPendingWrites(channels: Record<string, unknown>, pendingWrites?: readonly PendingWrite[]): Set<string> {
  const out = new Set<string>();
  for (const [, ch] of pendingWrites ?? []) if (isDeltaChannel(channels[ch])) out.add(ch);
  return out;
}

/**
 * A checkpoint of `channels` after `checkpoint`: every channel's checkpoint form, except
 * DeltaChannels, stored (as a `DeltaSnapshot`) only when named in `channelsToSnapshot`. Without
 * `channels`, the checkpoint's own values.
 */
export function createCheckpoint(
  checkpoint: Checkpoint, channels: Record<string, Channel> | undefined, step: number, options?: { id?: string; channelsToSnapshot?: Set<string> },
): Checkpoint {
  let values = checkpoint.channel_values;
  if (channels) {
    values = {};
    for (const [k, ch] of Object.entries(channels)) {
      if (options?.channelsToSnapshot?.has(k)) values[k] = deltaSnapshot(ch.get());
      else if (!isDeltaChannel(ch)) {
        const s = ch.snapshot();
        if (!s.empty) values[k] = s.value;
      }
    }
  }
  return {
    v: 4, id: options?.id ?? uuid6(step), ts: isoNow(), channel_values: values,
    channel_versions: { ...checkpoint.channel_versions }, versions_seen: checkpoint.versions_seen,
  };
}

/**
 * Channels like `specs` restored from `checkpoint`; DeltaChannels it does not store are rebuilt
 * from the ancestors' writes, read from `saver` at `config` (the checkpoint's saver config).
 */
export async function channelsFromCheckpoint<C extends Record<string, Channel>>(
  specs: C, checkpoint: Checkpoint, options?: { saver?: BaseCheckpointSaver; config?: RunnableConfig },
): Promise<C> {
  const channelSpecs = Object.fromEntries(Object.entries(specs).map(([k, ch]) => [k, specOf(ch)]));
  const histories = options?.saver && options.config ? await readDeltaHistories(channelSpecs, checkpoint, options.saver, options.config) : undefined;
  return restoreChannels(channelSpecs, checkpoint, histories) as C;
}

/** A task id for a superstep's exit-mode delta writes: the step in the first group of `taskId`. */
export function exitDeltaTaskId(step: number, taskId: string): string {
  const parts = uuidParts(taskId);
  const id = [String(step).padStart(8, '0'), ...parts.slice(1)].join('-');
  return id === NULL_TASK_ID ? '00000000-0000-0000-0000-000000000001' : id;
}

/** A task id for exit-mode delta writes of a later superstep: sorts after every real task id, in step order. */
export function exitDeltaLateTaskId(step: number, taskId: string): string {
  const parts = uuidParts(taskId);
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return ['ffffffff', hex(step >> 16), hex(step & 0xffff), parts[3], parts[4]].join('-');
}

function uuidParts(taskId: string): string[] {
  if (!UUID.test(taskId)) throw new TypeError(`Invalid task id for exit delta: ${taskId}`);
  return taskId.toLowerCase().split('-');
}
