/**
 * Small channel values kept inside the checkpoint record (`CheckpointRecord.inline`) rather than
 * as blobs of their own. A blob costs one more IndexedDB request per new version, which for a
 * counter or a branch trigger costs more than the value itself: a trivial superstep would put
 * three records instead of one. Large values keep being stored once per version in `blobs`.
 *
 * The rule every writer keeps: a record's `inline` holds, for each of its channel versions that is
 * not a blob, the value of that version, whether the put made it (a new version with a small
 * value) or inherited it (a version unchanged since its parent, whose record held it inline). The
 * inherited entries are the parent's, never the value the put was handed: a saver stores only the
 * values of `newVersions`, and an unchanged version reads as what was stored when it was new.
 * A version found neither inline nor as a blob is an empty channel, as before records had `inline`
 * (those are read from blobs alone).
 */
import type { ChannelVersion, ChannelVersions, Checkpoint } from '../../engine/checkpoint/types';

/** Per channel, its version and that version's value. */
export type InlineValues = Record<string, [version: ChannelVersion, value: unknown]>;

/** The longest string kept inline (longer ones are blobs). */
export const INLINE_STRING_MAX = 256;

/** A value small enough, and plain enough, to be kept inline: null, a boolean, a number, a bigint or a short string. */
export function isInlineable(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
    case 'boolean':
    case 'bigint':
      return true;
    case 'string':
      return value.length <= INLINE_STRING_MAX;
    default:
      return value === null;
  }
}

/** How a put stores its checkpoint's values: the record's `inline` entries and the blobs to put. */
export interface StoredValues {
  inline: InlineValues | undefined;
  blobs: [channel: string, version: ChannelVersion, value: unknown][];
}

/**
 * Splits the values a put stores: each new version with a value is inline when small, a blob
 * otherwise; each version unchanged since the parent is inherited when the parent held it inline.
 * `parent` is the parent record's `inline` (undefined: none, or a record stored without it).
 */
export function storedValues(checkpoint: Checkpoint, newVersions: ChannelVersions, parent: InlineValues | undefined): StoredValues {
  let inline: InlineValues | undefined;
  const blobs: StoredValues['blobs'] = [];
  const values = checkpoint.channel_values;
  for (const channel in newVersions) {
    if (!Object.hasOwn(newVersions, channel) || !Object.hasOwn(values, channel)) continue; // empty channel: nothing stored
    const version = newVersions[channel]!;
    const value = values[channel];
    if (isInlineable(value)) (inline ??= {})[channel] = [version, value];
    else blobs.push([channel, version, value]);
  }
  if (parent !== undefined) {
    const versions = checkpoint.channel_versions;
    for (const channel in parent) {
      if (!Object.hasOwn(parent, channel) || Object.hasOwn(newVersions, channel)) continue;
      const entry = parent[channel]!;
      if (Object.hasOwn(versions, channel) && versions[channel] === entry[0]) (inline ??= {})[channel] = entry;
    }
  }
  return { inline, blobs };
}

/** The inline entry of `channel` at `version` in a record's `inline`, if it holds one (a blob otherwise, or nothing). */
export function inlineEntry(inline: InlineValues | undefined, channel: string, version: ChannelVersion): [ChannelVersion, unknown] | undefined {
  if (inline === undefined || !Object.hasOwn(inline, channel)) return undefined;
  const entry = inline[channel]!;
  return entry[0] === version ? entry : undefined;
}
