/**
 * A foreign source as the engine's `BaseCheckpointSaver`, read-only: `getTuple` and `list` read
 * the source with LangGraph's semantics (newest first, `before`, `limit`, metadata `filter`,
 * every namespace when `checkpoint_ns` is absent, every thread when `thread_id` is), and `put`,
 * `putWrites` and `deleteThread` fail with READ_ONLY, so nothing can change the user's file.
 */
import { beforeId, metadataMatches, requestedCheckpointId } from '../engine/checkpoint/rules';
import type { CheckpointListOptions, CheckpointTuple, RunnableConfig } from '../engine/checkpoint/types';
import { readOnlyError } from './errors';
import { setOwn } from './serde/values';
import type { CheckpointPageOptions, CheckpointSummary, ForeignCheckpoint, ForeignSaverOptions, ReadOnlyCheckpointSaver } from './types';

/** What the saver reads from its source. */
export interface SaverReads {
  page(threadId: string, checkpointNs: string | undefined, options: CheckpointPageOptions): Promise<CheckpointSummary[]>;
  read(threadId: string, checkpointNs: string, checkpointId?: string): Promise<ForeignCheckpoint | undefined>;
  threads(): string[];
}

const LIST_BATCH = 100;

function mapTuple(tuple: CheckpointTuple, mapValue: ForeignSaverOptions['mapValue']): CheckpointTuple {
  if (!mapValue) return tuple;
  const values: Record<string, unknown> = {};
  for (const [ch, v] of Object.entries(tuple.checkpoint.channel_values)) setOwn(values, ch, mapValue(v, ch));
  const mapped: CheckpointTuple = {
    ...tuple,
    checkpoint: { ...tuple.checkpoint, channel_values: values },
    pendingWrites: (tuple.pendingWrites ?? []).map(([t, ch, v]) => [t, ch, mapValue(v, ch)]),
  };
  if (tuple.metadata) mapped.metadata = { ...tuple.metadata, ...(mapValue(tuple.metadata, '') as Record<string, unknown>) };
  return mapped;
}

/**
 * The read-only saver.
 * @param reads the source's reads
 * @param name the source's name, for the READ_ONLY message
 * @param options value mapping
 */
export function createReadOnlySaver(reads: SaverReads, name: string, options: ForeignSaverOptions = {}): ReadOnlyCheckpointSaver {
  const refuse = (what: string) => Promise.reject(readOnlyError(`"${name}" (${what})`));
  return {
    readOnly: true,
    async getTuple(config: RunnableConfig) {
      const threadId = config.configurable?.thread_id;
      if (typeof threadId !== 'string' || threadId === '') return undefined;
      const found = await reads.read(threadId, config.configurable?.checkpoint_ns ?? '', requestedCheckpointId(config));
      return found ? mapTuple(found.tuple, options.mapValue) : undefined;
    },
    async *list(config: RunnableConfig, listOptions?: CheckpointListOptions) {
      const threadIds = typeof config.configurable?.thread_id === 'string' && config.configurable.thread_id !== '' ? [config.configurable.thread_id] : reads.threads();
      const ns = config.configurable?.checkpoint_ns;
      const only = requestedCheckpointId(config);
      let left = listOptions?.limit ?? Number.POSITIVE_INFINITY;
      for (const threadId of threadIds) {
        let before = beforeId(listOptions);
        while (left > 0) {
          const batch = await reads.page(threadId, ns, { limit: LIST_BATCH, ...(before !== undefined ? { before } : {}) });
          for (const s of batch) {
            if (left <= 0) return;
            if (only !== undefined && s.checkpointId !== only) continue;
            if (!metadataMatches(s.metadata, listOptions?.filter)) continue;
            const found = await reads.read(threadId, s.checkpointNs, s.checkpointId);
            if (!found) continue;
            left--;
            yield mapTuple(found.tuple, options.mapValue);
          }
          if (batch.length < LIST_BATCH) break;
          before = batch[batch.length - 1]!.checkpointId;
        }
      }
    },
    put: () => refuse('put'),
    putWrites: () => refuse('putWrites'),
    deleteThread: () => refuse('deleteThread'),
    getNextVersion: (current) => (current === undefined ? 1 : current + 1),
  };
}
