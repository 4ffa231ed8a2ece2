/** Fixtures for the conformance suite: checkpoints shaped like the engine's, ids, configs. */
import type {
  BaseCheckpointSaver,
  ChannelVersions,
  Checkpoint,
  CheckpointListOptions,
  CheckpointMetadata,
  CheckpointTuple,
  RunnableConfig,
} from '../types';

/** A time-ordered checkpoint id (UUIDv6-shaped) whose string order is `n`'s order. */
export function cpId(n: number): string {
  return `1f0c0000-0000-6000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A checkpoint with the given values and versions (versions default to 1 per value). */
export function makeCheckpoint(
  n: number,
  values: Record<string, unknown>,
  versions: ChannelVersions = Object.fromEntries(Object.keys(values).map((k) => [k, 1])),
): Checkpoint {
  return {
    v: 4,
    id: cpId(n),
    ts: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    channel_values: values,
    channel_versions: versions,
    versions_seen: { __input__: {}, node: { ...versions } },
    updated_channels: Object.keys(values).sort(),
  };
}

/** Metadata of a loop checkpoint at `step` (source `input` when step is -1). */
export function meta(step: number, extra: Record<string, unknown> = {}): CheckpointMetadata {
  return { source: step < 0 ? 'input' : 'loop', step, parents: {}, ...extra };
}

/** A config addressing a thread, namespace and (optionally) checkpoint. */
export function cfg(threadId: string, ns?: string, checkpointId?: string): RunnableConfig {
  const configurable: Record<string, string> = { thread_id: threadId };
  if (ns !== undefined) configurable.checkpoint_ns = ns;
  if (checkpointId !== undefined) configurable.checkpoint_id = checkpointId;
  return { configurable };
}

/** Drains `saver.list`. */
export async function listAll(saver: BaseCheckpointSaver, config: RunnableConfig, options?: CheckpointListOptions): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const tuple of saver.list(config, options)) out.push(tuple);
  return out;
}

/** The checkpoint ids of a list of tuples. */
export const ids = (tuples: CheckpointTuple[]) => tuples.map((t) => t.checkpoint.id);

/**
 * Puts a chain of checkpoints 1..count in (thread, ns), each the parent of the next, where channel
 * `counter` changes every step and `fixed` only at the first. Returns the configs `put` returned.
 */
export async function putChain(saver: BaseCheckpointSaver, threadId: string, ns: string, count: number, first = 1): Promise<RunnableConfig[]> {
  const configs: RunnableConfig[] = [];
  let parent = cfg(threadId, ns);
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const checkpoint = makeCheckpoint(n, { counter: i, fixed: 'unchanged' }, { counter: i + 1, fixed: 1 });
    const newVersions: ChannelVersions = i === 0 ? { counter: 1, fixed: 1 } : { counter: i + 1 };
    parent = await saver.put(parent, checkpoint, meta(i - 1), newVersions);
    configs.push(parent);
  }
  return configs;
}
