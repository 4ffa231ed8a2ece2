/**
 * Writing a validated history into a saver through the checkpointer port, all or nothing: the
 * target thread must be empty, and if any write fails midway everything this import wrote is
 * removed again (the thread was empty, so deleting it removes exactly that).
 */
import {
  WRITES_IDX_MAP,
  type BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointMetadata,
  type PendingWrite,
  type PendingWriteValue,
  type RunnableConfig,
} from '../../engine/checkpoint/types';
import { fail } from './issues';

/** One checkpoint ready to be written. */
export interface CheckpointToWrite {
  ns: string;
  parentId: string | null;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  pendingWrites: PendingWrite[];
}

/** Counts of what was written. */
export interface WriteCounts {
  checkpoints: number;
  writes: number;
}

/** Whether the saver holds any checkpoint of `threadId` (any namespace). */
export async function threadExists(saver: BaseCheckpointSaver, threadId: string): Promise<boolean> {
  for await (const _tuple of saver.list({ configurable: { thread_id: threadId } }, { limit: 1 })) return true;
  return false;
}

/**
 * The putWrites calls that rebuild a checkpoint's stored writes: one call per run of consecutive
 * writes of one task, keeping the saver's read order. A saver keys a regular write by its position
 * in the call (first wins), so a task's later regular writes join its first call instead of
 * starting a new one that would collide with it.
 */
export function groupWrites(writes: readonly PendingWrite[]): { taskId: string; writes: PendingWriteValue[] }[] {
  const groups: { taskId: string; writes: PendingWriteValue[] }[] = [];
  const firstGroup = new Map<string, number>();
  for (const [taskId, channel, value] of writes) {
    const last = groups[groups.length - 1];
    const special = Object.hasOwn(WRITES_IDX_MAP, channel);
    if (last && last.taskId === taskId) last.writes.push([channel, value]);
    else if (!special && firstGroup.has(taskId)) groups[firstGroup.get(taskId)!]!.writes.push([channel, value]);
    else {
      if (!firstGroup.has(taskId)) firstGroup.set(taskId, groups.length);
      groups.push({ taskId, writes: [[channel, value]] });
    }
  }
  return groups;
}

/** `put`'s newVersions: every channel that has a value, so each value is stored. */
function storedVersions(checkpoint: Checkpoint): ChannelVersions {
  const out: ChannelVersions = {};
  for (const [channel, version] of Object.entries(checkpoint.channel_versions)) {
    if (Object.hasOwn(checkpoint.channel_values, channel)) out[channel] = version;
  }
  return out;
}

/**
 * Writes `items` (already in parent-before-child order) into the empty thread `threadId`, then runs
 * `after` (e.g. storing runs and trace events). Rolls back on any failure with `rollback`
 * (default `saver.deleteThread`; pass the store's own delete when `after` writes elsewhere).
 * @throws PortabilityFailure `thread-exists` (nothing written) or `write-failed` (rolled back)
 */
export async function writeHistory(
  saver: BaseCheckpointSaver,
  threadId: string,
  items: readonly CheckpointToWrite[],
  after?: () => Promise<void>,
  rollback: (threadId: string) => Promise<void> = (id) => saver.deleteThread(id),
): Promise<WriteCounts> {
  if (await threadExists(saver, threadId)) {
    fail('thread-exists', '$', `A thread "${threadId}" already exists; import it under another thread id.`);
  }
  const counts: WriteCounts = { checkpoints: 0, writes: 0 };
  let step = 'writing checkpoints';
  try {
    for (const item of items) {
      const configurable: RunnableConfig['configurable'] = { thread_id: threadId, checkpoint_ns: item.ns };
      if (item.parentId !== null) configurable.checkpoint_id = item.parentId;
      step = `writing checkpoint "${item.checkpoint.id}"`;
      await saver.put({ configurable }, item.checkpoint, item.metadata, storedVersions(item.checkpoint));
      counts.checkpoints += 1;
      const target = { configurable: { thread_id: threadId, checkpoint_ns: item.ns, checkpoint_id: item.checkpoint.id } };
      step = `writing the pending writes of checkpoint "${item.checkpoint.id}"`;
      for (const group of groupWrites(item.pendingWrites)) {
        await saver.putWrites(target, group.writes, group.taskId);
        counts.writes += group.writes.length;
      }
    }
    step = 'storing runs and trace events';
    await after?.();
    return counts;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    let outcome = 'Everything this import wrote was removed again.';
    try {
      await rollback(threadId);
    } catch (cleanupErr) {
      const why = cleanupErr instanceof Error ? cleanupErr.message : String(cleanupErr);
      outcome = `Removing what it wrote failed too (${why}): delete the thread "${threadId}" to clean up.`;
    }
    return fail('write-failed', '$', `The import failed while ${step}: ${detail}. ${outcome}`);
  }
}
