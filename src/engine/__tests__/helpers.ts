/** Test helpers: a saver that records what the engine hands it, and small graph builders. */
import { MemorySaver } from '../checkpoint/memory';
import type { Checkpoint, CheckpointMetadata, ChannelVersions, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { Annotation } from '../graph/annotation';
import type { TraceEvent } from '../../shared/trace';

export interface PutCall {
  parentId: string | undefined;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  newVersions: ChannelVersions;
}
export interface PutWritesCall {
  checkpointId: string;
  taskId: string;
  writes: PendingWriteValue[];
}

/** A real MemorySaver that also records every put / putWrites call it receives. */
export class RecordingSaver extends MemorySaver {
  puts: PutCall[] = [];
  putWritesCalls: PutWritesCall[] = [];
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions) {
    const out = await super.put(config, checkpoint, metadata, newVersions);
    this.puts.push({ parentId: config.configurable?.checkpoint_id, checkpoint: structuredClone(checkpoint), metadata, newVersions });
    return out;
  }
  override async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string) {
    await super.putWrites(config, writes, taskId);
    this.putWritesCalls.push({ checkpointId: config.configurable!.checkpoint_id!, taskId, writes: structuredClone(writes) });
  }
}

export const ListState = Annotation.Root({ value: Annotation<string[], string[] | string>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** Collects trace events. */
export function traceLog() {
  const events: TraceEvent[] = [];
  return { events, trace: (e: TraceEvent) => events.push(e), of: <T extends TraceEvent['type']>(t: T) => events.filter((e) => e.type === t) as Extract<TraceEvent, { type: T }>[] };
}

/** Every checkpoint of a thread, newest first. */
export async function history(graph: { getStateHistory(c: RunnableConfig): AsyncGenerator<any> }, threadId: string) {
  const out: any[] = [];
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } })) out.push(s);
  return out;
}

/** A sleep that records the waits instead of sleeping. */
export function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
