/**
 * Building checkpoints from channels and channels from checkpoints.
 */
import type { Channel, ChannelSpec } from '../channels/base';
import type { DeltaChannel } from '../channels/delta';
import { EMPTY, full } from '../channels/base';
import type { Checkpoint, ChannelVersions } from '../checkpoint/types';
import type { DeltaHistories } from './delta_history';
import { decodeChannelValue, encodeChannelValue } from './encode';
import { isoNow, uuid6 } from './ids';
import type { Channels } from './types';

/** The synthetic checkpoint a new thread starts from (step -2, nothing in it). */
export function emptyCheckpoint(): Checkpoint {
  return { v: 4, id: uuid6(-2), ts: isoNow(), channel_values: {}, channel_versions: {}, versions_seen: {} };
}

/**
 * Channels rebuilt from a saved checkpoint (empty where it holds no value). `histories` rebuilds
 * the DeltaChannels it does not store (./delta_history: read from the saver beforehand).
 */
export function channelsFromCheckpoint(specs: Record<string, ChannelSpec>, checkpoint: Checkpoint, histories?: DeltaHistories): Channels {
  const out: Channels = {};
  const values = checkpoint.channel_values;
  for (const k in specs) {
    const history = histories?.[k];
    if (history) {
      const channel = specs[k].restore(history.seed === undefined ? EMPTY : full(history.seed)) as Channel & Partial<Pick<DeltaChannel, 'replayWrites'>>;
      channel.replayWrites?.(history.writes);
      out[k] = channel;
      continue;
    }
    out[k] = Object.prototype.hasOwnProperty.call(values, k) ? specs[k].restore(full(decodeChannelValue(k, values[k]))) : specs[k].restore(EMPTY);
  }
  return out;
}

/** The current values of the channels, as a checkpoint would hold them (decoded, in memory). */
export function channelValues(channels: Channels, versions: ChannelVersions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in channels) {
    if (!(k in versions)) continue;
    const snap = channels[k].snapshot();
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
 * this engine's savers do.
 */
export function storesWholeCheckpoints(saver: object | undefined): boolean {
  const serde = (saver as { serde?: unknown } | undefined)?.serde;
  return typeof serde === 'object' && serde !== null;
}

/** What `checkpointForSave` is told about the saver and the step. */
export interface SaveShape {
  /** The checkpoint's id (default: a new UUIDv6 for `step`). */
  id?: string;
  /** The channels whose values changed (`newVersions`): only they carry a value, unless the saver stores whole checkpoints. */
  changed?: ChannelVersions;
  /** The saver it goes to (see storesWholeCheckpoints). */
  saver?: object;
  /**
   * The DeltaChannels it stores (./delta_plan; they must be in `changed`, see `withVersionsOf`);
   * the others are left out. Default: every DeltaChannel it would store otherwise.
   */
  deltas?: ReadonlySet<string>;
}

/**
 * The checkpoint to hand to the saver, shaped as LangGraph.js's (no `updated_channels`). A
 * LangGraph.js saver gets the value of every channel that has a version and holds one. This
 * engine's savers keep one value per (channel, version) and find unchanged ones by version, so
 * they get only the `changed` channels' values: a step that touches one key of a large state does
 * not copy (or send across a port) the rest of it.
 */
export function checkpointForSave(base: Checkpoint, channels: Channels, step: number, shape: SaveShape = {}): Checkpoint {
  const values: Record<string, unknown> = {};
  const versions = base.channel_versions;
  const only = shape.changed && !storesWholeCheckpoints(shape.saver) ? shape.changed : undefined;
  for (const k in only ?? channels) {
    if (!(k in versions) || !channels[k]) continue;
    if (shape.deltas && channels[k].kind === 'DeltaChannel' && !shape.deltas.has(k)) continue;
    const snap = channels[k].snapshot();
    if (!snap.empty) values[k] = encodeChannelValue(k, snap.value);
  }
  // The version maps are never mutated once built (applyWrites copies before writing) and savers
  // copy what they store, so they are shared, not copied.
  return {
    v: 4,
    id: shape.id ?? uuid6(step),
    ts: isoNow(),
    channel_values: values,
    channel_versions: versions,
    versions_seen: base.versions_seen,
  };
}

/**
 * `changed` with the current versions of `keys` added: a DeltaChannel stored at a checkpoint
 * where its version did not change still has to reach a saver that stores values by version.
 */
export function withVersionsOf(changed: ChannelVersions, keys: Iterable<string>, versions: ChannelVersions): ChannelVersions {
  let out = changed;
  for (const k of keys) if (!(k in out) && versions[k] !== undefined) out = { ...out, [k]: versions[k] };
  return out;
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

/**
 * A subgraph checkpoint's config with `checkpoint_map` (its ancestors' checkpoints and its own), as
 * LangGraph.js returns it: passed back to `invoke`, it addresses the root checkpoint it ran under.
 */
export function patchCheckpointMap(config: import('../checkpoint/types').RunnableConfig, metadata: { parents?: Record<string, string> } | undefined) {
  const parents = metadata?.parents ?? {};
  if (Object.keys(parents).length === 0) return config;
  const c = config.configurable ?? {};
  return { ...config, configurable: { ...c, checkpoint_map: { ...parents, [c.checkpoint_ns ?? '']: c.checkpoint_id as string } } };
}
