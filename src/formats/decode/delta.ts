/**
 * DeltaChannel values (LangGraph ≥ 1.7 in both languages). A delta channel is left out of most
 * checkpoints: only its writes are stored, and every `snapshot_frequency` updates a whole copy
 * (a `DeltaSnapshot`: msgpack extension 7 in Python, `{ lc: 2, type: "delta_snapshot" }` in JS).
 * LangGraph rebuilds the value at a checkpoint the same way in both languages
 * (`get_delta_channel_history` / `getDeltaChannelHistory`):
 *
 * 1. walk the parent chain from the checkpoint's parent, collecting each ancestor's pending
 *    writes to the channel (they are the writes of the step that followed it);
 * 2. stop at the first ancestor whose `channel_values` holds the channel (a snapshot, or a plain
 *    value left by a channel that was not a delta channel before): that is the seed; with no such
 *    ancestor the channel starts empty;
 * 3. apply the writes, oldest first, with the channel's reducer.
 *
 * The reducer is user code that a file does not contain. Two are recognised from the values:
 * LangChain messages (`add_messages` / `messagesDeltaReducer`: merge by id, `RemoveMessage`,
 * `REMOVE_ALL_MESSAGES`) and lists (`operator.add` / concatenation). Any other channel is left out
 * of `channel_values` and reported as unresolved, with its seed and writes counted.
 *
 * Which channels are delta channels: those named in the metadata's
 * `counters_since_delta_snapshot` (written for every delta channel at every step since its last
 * snapshot) that have no value at the checkpoint.
 */
import { isChatMessage, tagOf, type ChatMessage } from '../serde/values';
import type { ForeignWrite } from './checkpoint';

/** How a delta channel's value at a checkpoint was obtained. */
export interface DeltaProvenance {
  /** `snapshot`: stored whole here; `rebuilt`: seed + writes; `unresolved`: reducer unknown or walk cut. */
  status: 'snapshot' | 'rebuilt' | 'unresolved';
  /** The reducer used to rebuild it. */
  reducer?: 'messages' | 'concat';
  /** The ancestor the seed came from (none: the walk reached the root and started empty). */
  seedCheckpointId?: string;
  /** Writes replayed on the seed. */
  writes: number;
  /** Why it is unresolved. */
  reason?: string;
}

/** What the walk needs of an ancestor. */
export interface DeltaAncestor {
  parentCheckpointId: string | null;
  /** Its decoded channel values (snapshots unwrapped). */
  channelValues: Record<string, unknown>;
  /** Its pending writes, in the saver's order. */
  writes: readonly ForeignWrite[];
}

/** The delta channels a checkpoint has no value for (from `counters_since_delta_snapshot`). */
export function missingDeltaChannels(metadata: Record<string, unknown>, channelValues: Record<string, unknown>): string[] {
  const counters = metadata.counters_since_delta_snapshot;
  if (typeof counters !== 'object' || counters === null || Array.isArray(counters)) return [];
  return Object.keys(counters).filter((ch) => !Object.hasOwn(channelValues, ch)).sort();
}

/** `[true, value]` for a LangGraph Overwrite write (either language). */
function overwriteOf(v: unknown): [boolean, unknown] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [false, undefined];
  const r = v as Record<string, unknown>;
  if (tagOf(v) === 'object' && r.name === 'Overwrite' && r.module === 'langgraph.types') return [true, (r.fields as Record<string, unknown> | undefined)?.value];
  if (tagOf(v) === undefined && Object.hasOwn(r, '__overwrite__')) return [true, r.__overwrite__];
  if (tagOf(v) === undefined && r.type === '__overwrite__' && Object.hasOwn(r, 'value')) return [true, r.value];
  return [false, undefined];
}

const REMOVE_ALL = '__remove_all__';

/** LangChain's message merge, batch form: by id, with removals. */
export function reduceMessages(state: readonly unknown[], writes: readonly unknown[]): unknown[] {
  const result: (unknown | null)[] = [...state];
  const index = new Map<string, number>();
  result.forEach((m, i) => {
    if (isChatMessage(m) && typeof m.id === 'string') index.set(m.id, i);
  });
  for (const w of writes) {
    for (const m of Array.isArray(w) ? w : [w]) {
      const id = isChatMessage(m) && typeof m.id === 'string' ? m.id : undefined;
      const isRemove = isChatMessage(m) && (m as ChatMessage).type === 'remove';
      if (isRemove && id === REMOVE_ALL) {
        result.length = 0;
        index.clear();
      } else if (id === undefined) {
        result.push(m);
      } else if (isRemove) {
        const at = index.get(id);
        if (at !== undefined) result[at] = null;
        index.delete(id);
      } else if (index.has(id)) {
        result[index.get(id)!] = m;
      } else {
        index.set(id, result.length);
        result.push(m);
      }
    }
  }
  return result.filter((m) => m !== null);
}

function hasMessages(values: readonly unknown[]): boolean {
  return values.some((v) => isChatMessage(v) || (Array.isArray(v) && v.some(isChatMessage)));
}

/**
 * Rebuilds a delta channel's value at the checkpoint whose parent is `parentId`.
 * @param channel the channel
 * @param parentId the checkpoint's parent
 * @param ancestor loads an ancestor by id (undefined when missing; it may decode it elsewhere)
 * @param maxWalk ancestors visited at most
 */
export async function rebuildDeltaChannel(
  channel: string,
  parentId: string | null,
  ancestor: (checkpointId: string) => DeltaAncestor | undefined | Promise<DeltaAncestor | undefined>,
  maxWalk: number,
): Promise<{ value?: unknown; provenance: DeltaProvenance }> {
  const blocks: unknown[][] = [];
  let seed: unknown;
  let seedCheckpointId: string | undefined;
  let cursor = parentId;
  let visited = 0;
  while (cursor !== null) {
    if (++visited > maxWalk) return { provenance: { status: 'unresolved', writes: 0, reason: `more than ${maxWalk} ancestors to walk` } };
    const a = await ancestor(cursor);
    if (!a) return { provenance: { status: 'unresolved', writes: 0, reason: `ancestor ${cursor} is missing` } };
    blocks.push(a.writes.filter((w) => w.channel === channel).map((w) => w.value));
    if (Object.hasOwn(a.channelValues, channel)) {
      seed = a.channelValues[channel];
      seedCheckpointId = cursor;
      break;
    }
    cursor = a.parentCheckpointId;
  }
  let writes = blocks.reverse().flat();
  // An Overwrite resets the value: only what follows the last one is reduced.
  for (let i = writes.length - 1; i >= 0; i--) {
    const [isOverwrite, value] = overwriteOf(writes[i]);
    if (isOverwrite) {
      seed = value ?? [];
      writes = writes.slice(i + 1);
      break;
    }
  }
  const base = seed === undefined || seed === null ? [] : seed;
  const common = { writes: writes.length, ...(seedCheckpointId !== undefined ? { seedCheckpointId } : {}) };
  if (Array.isArray(base) && (hasMessages(base) || hasMessages(writes))) {
    return { value: reduceMessages(base, writes), provenance: { status: 'rebuilt', reducer: 'messages', ...common } };
  }
  if (Array.isArray(base) && writes.every(Array.isArray)) {
    return { value: base.concat(...(writes as unknown[][])), provenance: { status: 'rebuilt', reducer: 'concat', ...common } };
  }
  return { provenance: { status: 'unresolved', ...common, reason: 'the channel reducer is not one this reader knows (messages or lists)' } };
}
