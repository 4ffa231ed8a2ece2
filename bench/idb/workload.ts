/**
 * The benchmark workload: checkpoints shaped like the engine's for an N-superstep run of a
 * one-node loop graph. Each superstep the task writes its output (putWrites), then the loop
 * saves the next checkpoint with only the changed channels in newVersions (put).
 */
import type { ChannelVersions, Checkpoint, CheckpointMetadata, PendingWriteValue } from '../../src/engine/checkpoint/types';

/** One superstep's records: the task's writes, then the checkpoint and its new versions. */
export interface Step {
  taskId: string;
  writes: PendingWriteValue[];
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  newVersions: ChannelVersions;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Builds `steps` supersteps. `changing` is rewritten every step; every channel of `fixed` is
 * written once (step 0) and then only referenced by version.
 */
export function buildRun(steps: number, fixed: Record<string, unknown>, changing: (step: number) => unknown): Step[] {
  const out: Step[] = [];
  const versions: ChannelVersions = {};
  for (let s = 0; s < steps; s++) {
    const newVersions: ChannelVersions = { state: s + 1, 'branch:to:agent': s + 1 };
    if (s === 0) for (const k of Object.keys(fixed)) newVersions[k] = 1;
    Object.assign(versions, newVersions);
    const state = changing(s);
    out.push({
      taskId: `${hex(s, 8)}-0000-4000-8000-000000000000`,
      writes: [['state', state], ['branch:to:agent', null]],
      checkpoint: {
        v: 4,
        id: `1f0c${hex(s, 4)}-0000-6000-8000-${hex(s, 12)}`,
        ts: new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString(),
        channel_values: { ...fixed, state, 'branch:to:agent': null },
        channel_versions: { ...versions },
        versions_seen: { __input__: {}, __start__: { __start__: 1 }, agent: { 'branch:to:agent': s } },
        updated_channels: ['branch:to:agent', 'state'],
      },
      metadata: { source: 'loop', step: s, parents: {}, graph_id: 'bench' },
      newVersions,
    });
  }
  return out;
}
