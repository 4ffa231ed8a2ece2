/**
 * What every saver of this project shares beyond the five storage methods, as LangGraph's
 * `BaseCheckpointSaver` class provides it: `get`, the ancestor walk `getDeltaChannelHistory`,
 * integer `getNextVersion`, and a `toJSON` that keeps a config holding a saver printable.
 *
 * LangGraph.js (1.7.3) recognises a checkpointer by shape, never by class: `compile()` stores what
 * it is given, runs check only `typeof checkpointer === 'object'`, and then call `getTuple`,
 * `list`, `put`, `putWrites`, `getNextVersion` and, for its `DeltaChannel`s,
 * `getDeltaChannelHistory`. A saver extending this class has all of them, so it runs LangGraph.js
 * graphs without the engine importing LangGraph.
 */
import type {
  BaseCheckpointSaver,
  ChannelVersion,
  ChannelVersions,
  Checkpoint,
  CheckpointListOptions,
  CheckpointMetadata,
  CheckpointTuple,
  PendingWrite,
  PendingWriteValue,
  RunnableConfig,
} from './types';

/** One channel's history for `getDeltaChannelHistory`: the nearest stored value and the writes after it. */
export interface DeltaChannelHistory {
  /** The value stored on the nearest ancestor that has one; absent when none has. */
  seed?: unknown;
  /** The ancestors' writes to the channel, oldest first (within a checkpoint by task id). */
  writes: PendingWrite[];
}

/** A saver's storage methods, and what it derives from them. */
export abstract class SaverBase implements BaseCheckpointSaver {
  abstract getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined>;
  abstract list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple>;
  abstract put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig>;
  abstract putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string): Promise<void>;
  abstract deleteThread(threadId: string): Promise<void>;

  /** The checkpoint `getTuple` finds for `config`, without its writes and metadata. */
  async get(config: RunnableConfig): Promise<Checkpoint | undefined> {
    return (await this.getTuple(config))?.checkpoint;
  }

  /**
   * For each of `channels`, the writes saved on the ancestors of the checkpoint `config` addresses
   * (following `parentConfig`; the checkpoint's own writes are not included), oldest first, back to
   * and including the nearest ancestor that stores a value of the channel, whose value is the
   * `seed`. Within one checkpoint, writes are ordered by task id (code point order, then the
   * order of the task's own writes), the order a superstep applies them. LangGraph's contract.
   */
  async getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<Record<string, DeltaChannelHistory>> {
    const { config, channels } = options;
    const remaining = new Set(channels);
    // Per channel, the writes of each ancestor, nearest ancestor first.
    const blocks = new Map<string, PendingWrite[][]>(channels.map((ch) => [ch, []]));
    const seeds = new Map<string, unknown>();
    let cursor = remaining.size > 0 ? (await this.getTuple(config))?.parentConfig : undefined;
    while (cursor && remaining.size > 0) {
      const tuple = await this.getTuple(cursor);
      if (!tuple) break;
      const ordered = [...(tuple.pendingWrites ?? [])].sort((a, b) => compareCodePoints(a[0], b[0]));
      for (const ch of remaining) {
        const mine = ordered.filter((w) => w[1] === ch);
        if (mine.length > 0) blocks.get(ch)!.push(mine);
      }
      for (const ch of [...remaining]) {
        if (!Object.hasOwn(tuple.checkpoint.channel_values, ch)) continue;
        seeds.set(ch, tuple.checkpoint.channel_values[ch]);
        remaining.delete(ch);
      }
      cursor = tuple.parentConfig;
    }
    const result: Record<string, DeltaChannelHistory> = {};
    for (const ch of channels) {
      const entry: DeltaChannelHistory = { writes: blocks.get(ch)!.reverse().flat() };
      if (seeds.has(ch)) entry.seed = seeds.get(ch);
      result[ch] = entry;
    }
    return result;
  }

  /** The version after `current` (1 when there is none). */
  getNextVersion(current: ChannelVersion | undefined): ChannelVersion {
    return (current ?? 0) + 1;
  }

  /** A config holding a saver stays printable: the saver prints as its class name. */
  toJSON(): string {
    return `[${this.constructor.name}]`;
  }
}

/** Strings by Unicode code point (Python's `str` order; differs from `<` for astral characters). */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return i >= a.length ? (j >= b.length ? 0 : -1) : 1;
}
