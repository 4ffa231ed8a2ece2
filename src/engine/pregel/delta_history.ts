/**
 * Reading `DeltaChannel`s that a checkpoint does not store (LangGraph.js leaves them out of
 * `channel_values` between snapshots): the saver's `getDeltaChannelHistory` walks the checkpoint's
 * ancestors back to the nearest stored value (the seed) and returns the writes made since, which
 * the channel folds (`replayWrites`). One saver call per checkpoint read, for all such channels.
 */
import type { ChannelSpec } from '../channels/base';
import type { BaseCheckpointSaver, Checkpoint, PendingWrite, RunnableConfig } from '../checkpoint/types';
import { decodeChannelValue, decodePendingWrites } from './encode';

/** One channel's history: the nearest stored value, if any, and the writes after it, oldest first. */
export interface DeltaHistory {
  seed?: unknown;
  writes: PendingWrite[];
}

/** Per channel name, its history (decoded: messages are message instances). */
export type DeltaHistories = Record<string, DeltaHistory>;

/** The saver's ancestor walk, when it has one (LangGraph's `BaseCheckpointSaver` and ours do). */
type HistoryReader = { getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<Record<string, DeltaHistory | undefined>> };

/** DeltaChannels written on the checkpoint's branch (they have a version) whose value it does not store. */
export function deltaKeysToReplay(specs: Record<string, ChannelSpec>, checkpoint: Checkpoint): string[] {
  const keys: string[] = [];
  for (const k in specs) {
    if (specs[k].kind !== 'DeltaChannel' || Object.prototype.hasOwnProperty.call(checkpoint.channel_values, k)) continue;
    if (checkpoint.channel_versions[k] !== undefined) keys.push(k);
  }
  return keys;
}

/**
 * The histories of the checkpoint's absent DeltaChannels, read from `saver`; `undefined` (no
 * promise) when there is none to read, or the saver cannot walk ancestors (the channels then
 * start from their initial value).
 * @param config the saver config of the checkpoint (thread, namespace and its id)
 */
export function readDeltaHistories(
  specs: Record<string, ChannelSpec>, checkpoint: Checkpoint, saver: BaseCheckpointSaver | undefined, config: RunnableConfig,
): Promise<DeltaHistories> | undefined {
  const keys = deltaKeysToReplay(specs, checkpoint);
  const reader = saver as Partial<HistoryReader> | undefined;
  if (keys.length === 0 || typeof reader?.getDeltaChannelHistory !== 'function') return undefined;
  return reader.getDeltaChannelHistory({ config, channels: keys }).then((raw) => {
    const out: DeltaHistories = {};
    for (const k of keys) {
      const h = raw[k];
      if (!h) continue;
      out[k] = { writes: decodePendingWrites(h.writes), ...(h.seed !== undefined ? { seed: decodeChannelValue(k, h.seed) } : {}) };
    }
    return out;
  });
}
