/**
 * The JS dev server's store, `.langgraph_api/.langgraphjs_api.checkpointer.json`, written by
 * `npx langgraphjs dev` (`@langchain/langgraph-api`, `storage/checkpoint.mjs` + `persist.mjs`).
 * It is LangGraph.js's `MemorySaver` state serialized with superjson, bytes as base64:
 *
 * ```
 * { json: { storage: { [thread]: { [ns]: { [checkpointId]: [checkpoint, metadata, parentId] } } },
 *           writes:  { ["[thread, ns, checkpointId]"]: { ["taskId,idx"]: [taskId, channel, value, taskPath] } } },
 *   meta: { values: { "storage.<thread>.<ns>.<id>.0": [["custom", "Uint8Array"]], … } } }
 * ```
 *
 * Checkpoints, metadata and values are `json` blobs (LangGraph.js's serde). Writes are read in
 * `MemorySaver`'s order: by task path, task id, then index.
 */
import { fromBase64 } from '../bytes/base64';
import type { RawCheckpointRow, RawStore, RawWriteRow } from './raw';
import { compareCodePoints, memoryStore, writeKey } from './memory-store';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `{ storage, writes }` state of a parsed store, or undefined when it is not one. */
export function devStoreState(parsed: unknown): { storage: Rec; writes: Rec } | undefined {
  const root = isRec(parsed) && isRec(parsed.json) ? parsed.json : parsed;
  if (!isRec(root) || !isRec(root.storage) || !isRec(root.writes)) return undefined;
  return { storage: root.storage, writes: root.writes };
}

/** Bytes as superjson keeps them: base64 text (custom transformer), or numbers. */
function bytesOf(v: unknown): Uint8Array | undefined {
  if (typeof v === 'string') {
    try {
      return fromBase64(v);
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(v) && v.every((b) => typeof b === 'number')) return new Uint8Array(v as number[]);
  if (isRec(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) return new Uint8Array(Object.values(v) as number[]);
  return undefined;
}

/**
 * The dev server store as a RawStore.
 * @param name the file name
 * @param state the `{ storage, writes }` of the parsed file
 */
export function langgraphDevStore(name: string, state: { storage: Rec; writes: Rec }): RawStore {
  const checkpoints: RawCheckpointRow[] = [];
  let skipped = 0;
  for (const [threadId, spaces] of Object.entries(state.storage)) {
    if (!isRec(spaces)) {
      skipped++;
      continue;
    }
    for (const [checkpointNs, byId] of Object.entries(spaces)) {
      if (!isRec(byId)) {
        skipped++;
        continue;
      }
      for (const [checkpointId, rec] of Object.entries(byId)) {
        const checkpoint = Array.isArray(rec) ? bytesOf(rec[0]) : undefined;
        const metadata = Array.isArray(rec) ? bytesOf(rec[1]) : undefined;
        if (!checkpoint || !metadata) {
          skipped++;
          continue;
        }
        const parent = (rec as unknown[])[2];
        checkpoints.push({
          threadId,
          checkpointNs,
          checkpointId,
          parentCheckpointId: typeof parent === 'string' && parent !== '' ? parent : null,
          checkpoint: { type: 'json', bytes: checkpoint },
          metadata: { type: 'json', bytes: metadata },
        });
      }
    }
  }
  const writes = new Map<string, RawWriteRow[]>();
  for (const [outer, inner] of Object.entries(state.writes)) {
    let address: unknown;
    try {
      address = JSON.parse(outer);
    } catch {
      address = undefined;
    }
    if (!Array.isArray(address) || address.length !== 3 || !address.every((s) => typeof s === 'string') || !isRec(inner)) {
      skipped++;
      continue;
    }
    const rows: RawWriteRow[] = [];
    for (const [innerKey, rec] of Object.entries(inner)) {
      const idx = Number(innerKey.slice(innerKey.lastIndexOf(',') + 1));
      const value = Array.isArray(rec) ? bytesOf(rec[2]) : undefined;
      if (!Array.isArray(rec) || typeof rec[0] !== 'string' || typeof rec[1] !== 'string' || !value || !Number.isInteger(idx)) {
        skipped++;
        continue;
      }
      rows.push({ taskId: rec[0], idx, channel: rec[1], value: { type: 'json', bytes: value }, taskPath: typeof rec[3] === 'string' ? rec[3] : '' });
    }
    rows.sort((a, b) => compareCodePoints(a.taskPath!, b.taskPath!) || compareCodePoints(a.taskId, b.taskId) || a.idx - b.idx);
    const [t, ns, id] = address as string[];
    writes.set(writeKey(t!, ns!, id!), rows);
  }
  const notes = skipped ? [`${skipped} malformed entries of the store were skipped.`] : [];
  return memoryStore('langgraph-dev', name, { checkpoints, writes }, notes);
}
