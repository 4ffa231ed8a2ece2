/**
 * The differential check behind the JS fixtures: every checkpoint of every thread and namespace,
 * as the real LangGraph.js saver reads it, against our reader's tuple with run-time values
 * (`engineValueMapper` with `@langchain/core`'s message classes).
 */
import * as messages from '@langchain/core/messages';
import type { BaseCheckpointSaver as LgSaver, CheckpointTuple as LgTuple } from '@langchain/langgraph';
import { expect } from 'vitest';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';
import { engineValueMapper, type CheckpointSource } from '../../src/formats/index';

/** The real saver returns a DeltaChannel snapshot as a DeltaSnapshot; ours is the value itself. */
function unwrapSnapshots(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([ch, v]) => [ch, v && typeof v === 'object' && (v as { lg_name?: unknown }).lg_name === 'DeltaSnapshot' ? (v as { value: unknown }).value : v]));
}

/** LangGraph.js's serde drops the Send marker; ours keeps the engine's encoding. */
export function withoutSendMarker(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutSendMarker);
  if (v && typeof v === 'object' && (v as { lg_name?: unknown }).lg_name === 'Send') {
    const { lg_name: _l, ...rest } = v as Record<string, unknown>;
    return rest;
  }
  return v;
}

async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

/**
 * Compares every checkpoint; returns how many were compared.
 * @param source our reader
 * @param real the real saver over the same store
 */
export async function compareWithRealSaver(source: CheckpointSource, real: LgSaver): Promise<number> {
  const saver = source.saver({ mapValue: engineValueMapper({ messages }) });
  let compared = 0;
  for (const t of await source.listThreads()) {
    for (const { checkpointNs } of await source.listNamespaces(t.threadId)) {
      const config = { configurable: { thread_id: t.threadId, checkpoint_ns: checkpointNs } };
      const theirs: LgTuple[] = await collect(real.list(config));
      const ours: CheckpointTuple[] = await collect(saver.list(config));
      expect(ours.map((o) => o.config.configurable?.checkpoint_id)).toEqual(theirs.map((r) => r.config.configurable?.checkpoint_id));
      for (const [i, mine] of ours.entries()) {
        const other = theirs[i]!;
        const detail = await source.getCheckpoint(t.threadId, checkpointNs, mine.checkpoint.id);
        // Values rebuilt from DeltaChannel writes are ours only: savers do not rebuild them.
        const rebuilt = Object.entries(detail!.deltas).filter(([, d]) => d.status === 'rebuilt').map(([ch]) => ch);
        const values = Object.fromEntries(Object.entries(mine.checkpoint.channel_values).filter(([ch]) => !rebuilt.includes(ch)));
        expect(withoutSendMarker(values.__pregel_tasks)).toEqual(other.checkpoint.channel_values.__pregel_tasks);
        expect({ ...values, __pregel_tasks: null }).toEqual({ ...unwrapSnapshots(other.checkpoint.channel_values), __pregel_tasks: null });
        expect(mine.checkpoint.channel_versions).toEqual(other.checkpoint.channel_versions);
        expect(mine.checkpoint.versions_seen).toEqual(other.checkpoint.versions_seen);
        expect([mine.checkpoint.v, mine.checkpoint.id, mine.checkpoint.ts]).toEqual([other.checkpoint.v, other.checkpoint.id, other.checkpoint.ts]);
        expect(mine.metadata).toEqual(other.metadata);
        expect(mine.parentConfig).toEqual(other.parentConfig);
        expect(mine.pendingWrites?.map(([task, ch, v]) => [task, ch, withoutSendMarker(v)])).toEqual(other.pendingWrites);
        compared++;
      }
    }
  }
  return compared;
}
