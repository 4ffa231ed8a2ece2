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
 * The checkpoint to hand to the saver. Only channels in `changed` carry a value
 * (`channel_values`): the saver finds the others by (channel, version), so unchanged state is never
 * copied.
 */
export function checkpointForSave(base: Checkpoint, channels: Channels, changed: ChannelVersions, step: number, updated: string[] | undefined, id?: string): Checkpoint {
  const values: Record<string, unknown> = {};
  for (const k in changed) {
    const ch = channels[k];
    if (!ch) continue;
    const snap = ch.checkpoint();
    if (!snap.empty) values[k] = encodeChannelValue(k, snap.value);
  }
  const seen: Record<string, ChannelVersions> = {};
  for (const k in base.versions_seen) seen[k] = { ...base.versions_seen[k] };
  return {
    v: 4,
    id: id ?? uuid6(step),
    ts: new Date().toISOString(),
    channel_values: values,
    channel_versions: { ...base.channel_versions },
    versions_seen: seen,
    ...(updated ? { updated_channels: [...updated].sort() } : {}),
  };
}
