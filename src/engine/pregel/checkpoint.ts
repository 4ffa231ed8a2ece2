/**
 * Building checkpoints from channels and channels from checkpoints.
 */
import type { ChannelSpec } from '../channels/base';
import { EMPTY, full } from '../channels/base';
import type { Checkpoint, ChannelVersions } from '../checkpoint/types';
import { decodeChannelValue, encodeChannelValue } from './encode';
import { uuid6 } from './ids';
import type { Channels } from './types';

/** The synthetic checkpoint a new thread starts from (step -2, nothing in it). */
export function emptyCheckpoint(): Checkpoint {
  return { v: 4, id: uuid6(-2), ts: new Date().toISOString(), channel_values: {}, channel_versions: {}, versions_seen: {} };
}

/** Channels rebuilt from a saved checkpoint (empty where it holds no value). */
export function channelsFromCheckpoint(specs: Record<string, ChannelSpec>, checkpoint: Checkpoint): Channels {
  const out: Channels = {};
  const values = checkpoint.channel_values;
  for (const k in specs) {
    out[k] = Object.prototype.hasOwnProperty.call(values, k) ? specs[k].restore(full(decodeChannelValue(k, values[k]))) : specs[k].restore(EMPTY);
  }
  return out;
}

/** The current values of the channels, as a checkpoint would hold them (decoded, in memory). */
export function channelValues(channels: Channels, versions: ChannelVersions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in channels) {
    if (!(k in versions)) continue;
    const snap = channels[k].checkpoint();
    if (!snap.empty) out[k] = snap.value;
  }
  return out;
}

/** Channels whose version differs from `previous`. */
export function newVersions(previous: ChannelVersions, current: ChannelVersions): ChannelVersions {
  const out: ChannelVersions = {};
  for (const k in current) if (current[k] !== previous[k]) out[k] = current[k];
  return out;
}

/**
 * Whether `saver` stores each checkpoint whole, as LangGraph.js's own savers do (they extend its
 * BaseCheckpointSaver, which always has a `serde`), rather than values by (channel, version) as
 * this engine's port does. Such a saver gets every channel value in every checkpoint, and no
 * `updated_channels` (LangGraph.js 1.7.3 writes none and would not give it back).
 */
export function storesWholeCheckpoints(saver: object | undefined): boolean {
  const serde = (saver as { serde?: unknown } | undefined)?.serde;
  return typeof serde === 'object' && serde !== null;
}

/**
 * The checkpoint to hand to `saver`. Only channels in `changed` carry a value
 * (`channel_values`): the saver finds the others by (channel, version), so unchanged state is never
 * copied — unless the saver stores checkpoints whole (see storesWholeCheckpoints).
 */
export function checkpointForSave(base: Checkpoint, channels: Channels, changed: ChannelVersions, step: number, updated: string[] | undefined, id?: string, saver?: object): Checkpoint {
  const values: Record<string, unknown> = {};
  const whole = storesWholeCheckpoints(saver);
  for (const k in whole ? base.channel_versions : changed) {
    const ch = channels[k];
    if (!ch) continue;
    const snap = ch.checkpoint();
    if (!snap.empty) values[k] = encodeChannelValue(k, snap.value);
  }
  // The version maps are never mutated once built (applyWrites copies before writing) and savers
  // copy what they store, so they are shared, not copied.
  return {
    v: 4,
    id: id ?? uuid6(step),
    ts: new Date().toISOString(),
    channel_values: values,
    channel_versions: base.channel_versions,
    versions_seen: base.versions_seen,
    ...(updated && !whole ? { updated_channels: [...updated].sort() } : {}),
  };
}

/**
 * The highest channel version used by any checkpoint of the thread (all branches).
 *
 * Why: savers store a channel's value once per (channel, version). Versions are integers counted
 * from the checkpoint a run starts from, so a branch started from an older checkpoint (replay,
 * fork, updateState) would reuse version numbers already taken by the newer branch, and the two
 * branches would overwrite each other's values. A run that starts a branch therefore numbers its
 * new versions above this floor. O(history), paid once per branch, never per step.
 */
export async function threadMaxVersion(saver: import('../checkpoint/types').BaseCheckpointSaver, threadId: unknown, ns: string): Promise<number> {
  let max = 0;
  for await (const t of saver.list({ configurable: { thread_id: threadId as string, checkpoint_ns: ns } })) {
    for (const v of Object.values(t.checkpoint.channel_versions)) if (v > max) max = v;
  }
  return max;
}

/** `getNextVersion` that never returns a version at or below `floor`. */
export function flooredNextVersion(next: (v: number | undefined) => number, floor: number): (v: number | undefined) => number {
  if (floor <= 0) return next;
  return (v) => next(v === undefined ? floor : Math.max(v, floor));
}

/** `"sub:1f…|inner:2a…"` → `"sub|inner"`: where a `checkpointer: true` subgraph keeps its history. */
export function recastNamespace(ns: string): string {
  return ns.split('|').filter((p) => !/^\d+$/.test(p)).map((p) => p.split(':')[0]).join('|');
}
