/**
 * When a checkpoint stores its DeltaChannels (LangGraph.js 1.7.3's rule, kept where the engine can
 * keep it): a DeltaChannel is left out of `channel_values` (a reader rebuilds it from the
 * ancestors' saved writes, ./delta_history) and stored as a `DeltaSnapshot` once its counters
 * since the last snapshot reach `snapshotFrequency` updates or the superstep bound, or when a
 * reader could not rebuild it from saved writes (`forced`: an Overwrite, writes that are not saved
 * where the walk finds them). The counters travel in the checkpoint metadata
 * (`counters_since_delta_snapshot`: channel → `[updates, supersteps]`).
 *
 * Unlike LangGraph.js, a channel that reached the bound without an update in the step snapshots
 * at its next update, not at once (LangGraph.js gives it a new version to store the snapshot).
 */
import { isDeltaChannel } from '../channels/delta';
import type { ChannelVersions, CheckpointMetadata, CheckpointSource, PendingWrite } from '../checkpoint/types';
import { overwriteValue } from '../types';
import { deltaMaxSuperstepsSinceSnapshot } from './channel_checkpoint';
import type { Channels, PreparedTask } from './types';

/** Per DeltaChannel, `[updates, supersteps]` since its last snapshot. */
export type DeltaCounters = Record<string, [number, number]>;

/** Metadata key: every DeltaChannel write on the branch carries a version (LangGraph.js). */
export const DELTA_WRITES_VERSIONED = 'delta_writes_versioned';
/** Metadata key of the counters. */
export const DELTA_COUNTERS = 'counters_since_delta_snapshot';

export interface DeltaSavePlan {
  /** The DeltaChannels this checkpoint stores. */
  snapshot: Set<string>;
  /** The metadata entries for the checkpoint (none when the graph has no DeltaChannel). */
  metadata: Record<string, unknown>;
}

/** What `planDeltaSave` is told about the checkpoint. */
export interface DeltaSaveFacts {
  /** The channels its step changed. */
  updated?: readonly string[];
  /** DeltaChannels to store whatever their counters say. */
  forced?: ReadonlySet<string>;
  /** Counts as a superstep (false for the exit save of a checkpoint already counted). */
  advance: boolean;
  /** It goes to a saver (else nothing is stored and the counters only advance). */
  store: boolean;
}

/**
 * What a checkpoint stores of its DeltaChannels, and its delta metadata.
 * @param previous the metadata of the checkpoint before it (its counters)
 */
export function planDeltaSave(channels: Channels, previous: CheckpointMetadata | undefined, facts: DeltaSaveFacts): DeltaSavePlan {
  const { updated, forced, advance, store } = facts;
  const snapshot = new Set<string>();
  const counters: DeltaCounters = {};
  const before = (previous as Record<string, unknown> | undefined)?.[DELTA_COUNTERS] as DeltaCounters | undefined;
  let any = false;
  for (const name in channels) {
    const ch = channels[name];
    if (!isDeltaChannel(ch)) continue;
    any = true;
    const wrote = updated?.includes(name) ?? false;
    let [updates, supersteps] = before?.[name] ?? [0, 0];
    if (advance) {
      updates += wrote ? 1 : 0;
      supersteps += 1;
    }
    const due = wrote && (updates >= ch.snapshotFrequency || supersteps >= deltaMaxSuperstepsSinceSnapshot());
    if (store && ch.isAvailable() && (due || forced?.has(name))) snapshot.add(name);
    else if (updates !== 0 || supersteps !== 0) counters[name] = [updates, supersteps];
  }
  if (!any) return { snapshot, metadata: {} };
  return { snapshot, metadata: { [DELTA_WRITES_VERSIONED]: true, ...(Object.keys(counters).length > 0 ? { [DELTA_COUNTERS]: counters } : {}) } };
}

/** The DeltaChannels that `writes` write to (with `overwrite`: only those written an Overwrite). */
export function deltaChannelsWritten(channels: Channels, writes: Iterable<readonly [string, unknown]>, overwrite = false): Set<string> {
  const out = new Set<string>();
  for (const [ch, v] of writes) if (isDeltaChannel(channels[ch]) && (!overwrite || overwriteValue(v)[0])) out.add(ch);
  return out;
}

/** `[channel, value]` of saved pending writes. */
export const writesOf = (pending: readonly PendingWrite[]): Array<[string, unknown]> => pending.map(([, c, v]) => [c, v]);

/** `metadata` without the delta entries (the plan of the checkpoint replaces them). */
export function withoutDeltaMetadata(metadata: CheckpointMetadata): CheckpointMetadata {
  const { [DELTA_WRITES_VERSIONED]: _versioned, [DELTA_COUNTERS]: _counters, ...rest } = metadata as Record<string, unknown>;
  return rest as CheckpointMetadata;
}

/** What `planLoopDeltas` reads of the loop. */
export interface LoopDeltaView {
  readonly channels: Channels;
  readonly tasks: readonly PreparedTask[];
  readonly updatedChannels: string[] | undefined;
  /** The writes saved against the checkpoint the run started from. */
  readonly loadedPending: readonly PendingWrite[];
  /** Channels an `input` or `fork` checkpoint of the run forced (see `planLoopDeltas`). */
  readonly deltaCarry: ReadonlySet<string>;
}

/**
 * The plan of the checkpoint a run's loop makes, and the new `deltaCarry`. A reader rebuilds a
 * checkpoint's DeltaChannel from the writes saved on its ancestors, so a channel is forced (stored)
 * where those are not the writes that made its value: a `loop` step's Overwrites (the step's
 * other writes would be replayed after it); at a `fork` or `input` checkpoint, and again at the
 * next `loop` one (`deltaCarry`: the step re-applies them from a checkpoint that is no longer
 * its parent), the channels the loaded checkpoint's writes touch; at exit, those and every
 * channel changed since the saved checkpoint (`changed`: no write of the run was saved).
 */
export function planLoopDeltas(
  loop: LoopDeltaView, source: CheckpointSource | 'exit', previous: CheckpointMetadata, changed: ChannelVersions, store: boolean,
): { plan: DeltaSavePlan; carry: ReadonlySet<string> } {
  const channels = loop.channels;
  const loaded = deltaChannelsWritten(channels, writesOf(loop.loadedPending));
  let forced: Set<string>;
  let carry: ReadonlySet<string> = loop.deltaCarry;
  if (source === 'exit') forced = new Set([...Object.keys(changed), ...loaded]);
  else if (source === 'loop') {
    forced = new Set([...deltaChannelsWritten(channels, loop.tasks.flatMap((t) => t.writes), true), ...carry]);
    carry = new Set();
  } else {
    forced = loaded;
    carry = new Set([...carry, ...loaded]);
  }
  const plan = planDeltaSave(channels, previous, { updated: source === 'exit' ? [] : loop.updatedChannels, forced, advance: source !== 'exit', store });
  return { plan, carry };
}
