/**
 * Checkpoints of an older format, brought to format 4 on read, as LangGraph's savers do
 * (LangGraph Python's `BaseCheckpointSaver._migrate_pending_sends`, LangGraph.js MemorySaver's
 * `_migratePendingSends`). Every reader of stored checkpoints calls this one module: the engine's
 * savers on each tuple they hand out, and readers of other stores (`src/formats`).
 *
 * Before format 4 the `Send` packets a step produced were not a channel of the next checkpoint:
 * they were saved as writes to `__pregel_tasks` on the checkpoint they were sent from (its
 * `pendingWrites`, the field `pending_sends` of format 1 read from them). Format 4 keeps them as
 * the value of the `__pregel_tasks` channel of the checkpoint that runs them.
 */
import { TASKS } from '../constants';
import type { Checkpoint, ChannelVersion, PendingWrite } from './types';

/** The checkpoint format this engine writes and reads. */
export const CHECKPOINT_FORMAT = 4;

/**
 * Whether `checkpoint` predates format 4 and has a parent whose writes may hold its sends: a saver
 * reads the parent's pending writes for it (only then) and calls `migratePendingSends`.
 * @param checkpoint the stored checkpoint (its `v`)
 * @param parentId the checkpoint id of its parent, if it has one
 */
export function needsPendingSendsMigration(checkpoint: Pick<Checkpoint, 'v'>, parentId: string | undefined): parentId is string {
  return checkpoint.v < CHECKPOINT_FORMAT && parentId !== undefined;
}

/**
 * `checkpoint` with the sends its parent saved as `__pregel_tasks` writes as the value of its
 * `__pregel_tasks` channel, in the order the parent's writes are read, at the greatest version it
 * already has (1 when it has none), as LangGraph does. A checkpoint whose parent saved no sends
 * is returned unchanged (LangGraph Python's rule; LangGraph.js's MemorySaver adds an empty list).
 * Pure: a new checkpoint with new value and version maps; the arguments are not changed.
 * @param checkpoint a checkpoint for which `needsPendingSendsMigration` holds
 * @param parentWrites the pending writes of its parent checkpoint, `[taskId, channel, value]`
 */
export function migratePendingSends(checkpoint: Checkpoint, parentWrites: readonly PendingWrite[]): Checkpoint {
  const sends = parentWrites.filter((w) => w[1] === TASKS).map((w) => w[2]);
  if (sends.length === 0) return checkpoint;
  const versions: ChannelVersion[] = Object.values(checkpoint.channel_versions ?? {});
  return {
    ...checkpoint,
    channel_values: { ...checkpoint.channel_values, [TASKS]: sends },
    channel_versions: { ...checkpoint.channel_versions, [TASKS]: versions.length > 0 ? greatestVersion(versions) : 1 },
  };
}

/**
 * The greatest of channel versions: numerically when all are numbers, else by their strings
 * (LangGraph Python's string versions are ASCII, which compares the same in every order).
 */
function greatestVersion(versions: readonly ChannelVersion[]): ChannelVersion {
  const numeric = versions.every((v) => typeof v === 'number');
  return versions.reduce((max, v) => (numeric ? (v > max ? v : max) : String(v) > String(max) ? v : max));
}
