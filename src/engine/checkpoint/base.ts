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

/** One checkpoint as `getDeltaChannelHistory` walks it. */
export interface HistoryStep {
  /** Its channel values. */
  values: Record<string, unknown>;
  parentConfig?: RunnableConfig;
  /** Its pending writes, in the order a superstep applies them. */
  writes: PendingWrite[];
}

/** Where a write stands in its superstep: (task path, task id, index in the task's writes); LangGraph's `writesSortKey`. */
export type WriteSortKey = [taskPath: string, taskId: string, idx: number];

/** A saver's storage methods, and what it derives from them. */
export abstract class SaverBase implements BaseCheckpointSaver {
  abstract getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined>;
  abstract list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple>;
  abstract put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig>;
  abstract putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath?: string): Promise<void>;
  abstract deleteThread(threadId: string): Promise<void>;

  /** The checkpoint `getTuple` finds for `config`, without its writes and metadata. */
  async get(config: RunnableConfig): Promise<Checkpoint | undefined> {
    return (await this.getTuple(config))?.checkpoint;
  }

  /**
   * For each of `channels`, the writes saved on the ancestors of the checkpoint `config` addresses
   * (following `parentConfig`; the checkpoint's own writes are not included), oldest first, back to
   * and including the nearest ancestor that stores a value of the channel, whose value is the
   * `seed`. Within one checkpoint, writes are in the order a superstep applies them (`historyStep`).
   * LangGraph's contract; LangGraph.js rebuilds its `DeltaChannel`s from it.
   */
  async getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<Record<string, DeltaChannelHistory>> {
    const { config, channels } = options;
    const remaining = new Set(channels);
    // Per channel, the writes of each ancestor, nearest ancestor first.
    const blocks = new Map<string, PendingWrite[][]>(channels.map((ch) => [ch, []]));
    const seeds = new Map<string, unknown>();
    let cursor = remaining.size > 0 ? (await this.getTuple(config))?.parentConfig : undefined;
    while (cursor && remaining.size > 0) {
      const step = await this.historyStep(cursor);
      if (!step) break;
      for (const ch of remaining) {
        const mine = step.writes.filter((w) => w[1] === ch);
        if (mine.length > 0) blocks.get(ch)!.push(mine);
      }
      for (const ch of [...remaining]) {
        if (!Object.hasOwn(step.values, ch)) continue;
        seeds.set(ch, step.values[ch]);
        remaining.delete(ch);
      }
      cursor = step.parentConfig;
    }
    const result: Record<string, DeltaChannelHistory> = {};
    for (const ch of channels) {
      const entry: DeltaChannelHistory = { writes: blocks.get(ch)!.reverse().flat() };
      if (seeds.has(ch)) entry.seed = seeds.get(ch);
      result[ch] = entry;
    }
    return result;
  }

  /**
   * One checkpoint as `getDeltaChannelHistory` walks it: its values, its parent, and its writes in
   * the order a superstep applies them, by (task path, task id, index in the task's writes)
   * (`compareWriteKeys`). This default has only what `getTuple` returns, so it orders by task id,
   * keeping each task's writes in their order; a saver that keeps task paths overrides it.
   */
  protected async historyStep(config: RunnableConfig): Promise<HistoryStep | undefined> {
    const tuple = await this.getTuple(config);
    if (!tuple) return undefined;
    const writes = [...(tuple.pendingWrites ?? [])].sort((a, b) => compareCodePoints(a[0], b[0]));
    return { values: tuple.checkpoint.channel_values, parentConfig: tuple.parentConfig, writes };
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

/**
 * The order of a superstep's writes (LangGraph's `compareWritesSortKeys`): task paths, then task
 * ids by code point, then indexes numerically. Writes saved without a path have `''`, first.
 */
export function compareWriteKeys(a: WriteSortKey, b: WriteSortKey): number {
  return compareCodePoints(a[0], b[0]) || compareCodePoints(a[1], b[1]) || a[2] - b[2];
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
