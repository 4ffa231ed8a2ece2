/**
 * A read-only view of the saver that answers `getTuple` for tuples the caller has already read.
 * Selecting a checkpoint reads its tuple and its parent once; the graph's sandbox then rebuilds
 * both snapshots from the same tuples instead of reading them from IndexedDB a second time (other
 * reads, such as a subgraph's latest state, go to the saver).
 */
import type { BaseCheckpointSaver, CheckpointTuple, RunnableConfig } from '../engine/checkpoint/types';

const keyOf = (ns: string, id: string) => `${ns}\u0000${id}`;

/** `saver`, with `getTuple` of each of `tuples` (by namespace and id) served from memory. */
export function withReadTuples(saver: BaseCheckpointSaver, tuples: readonly (CheckpointTuple | undefined)[]): BaseCheckpointSaver {
  const known = new Map<string, CheckpointTuple>();
  for (const t of tuples) if (t) known.set(keyOf(t.config.configurable?.checkpoint_ns ?? '', t.checkpoint.id), t);
  const refuse = () => Promise.reject(new Error('This view of the saver is read-only.'));
  return {
    getTuple(config: RunnableConfig) {
      const id = config.configurable?.checkpoint_id;
      const hit = id === undefined ? undefined : known.get(keyOf(config.configurable?.checkpoint_ns ?? '', id));
      return hit ? Promise.resolve(hit) : saver.getTuple(config);
    },
    list: (config, options) => saver.list(config, options),
    put: refuse,
    putWrites: refuse,
    deleteThread: refuse,
    getNextVersion: (current) => saver.getNextVersion(current),
  };
}
