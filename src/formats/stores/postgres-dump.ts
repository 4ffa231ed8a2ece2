/**
 * A dump of the Postgres savers' tables (`@langchain/langgraph-checkpoint-postgres`, Python's
 * `langgraph-checkpoint-postgres`), as JSON (one object of three arrays, from `json_agg`) or as
 * three CSV files (psql `\copy … csv`):
 *
 * ```sql
 * checkpoints(thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint JSONB, metadata JSONB)
 * checkpoint_blobs(thread_id, checkpoint_ns, channel, version, type, blob BYTEA)
 * checkpoint_writes(thread_id, checkpoint_ns, checkpoint_id, task_id, [task_path,] idx, channel, type, blob BYTEA)
 * ```
 *
 * The `checkpoint` JSONB holds everything but the channel values: LangGraph.js moves every value
 * to `checkpoint_blobs`, Python keeps primitives inline and moves the rest (a DeltaChannel
 * snapshot leaves `true` inline). A checkpoint's values are the blobs of its own
 * `channel_versions`; type `empty` means the channel had no value at that version. `bytea` is
 * psql's hex text (`\x…`); base64 is accepted too.
 */
import { fromBase64, fromPgHex } from '../bytes/base64';
import type { TypedBlob } from '../serde/typed';
import type { CsvTable } from './csv';
import { compareCodePoints, memoryStore, writeKey } from './memory-store';
import type { RawCheckpointRow, RawStore, RawWriteRow } from './raw';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The three tables, as arrays of row objects. */
export interface PostgresTables {
  checkpoints: Rec[];
  checkpoint_blobs: Rec[];
  checkpoint_writes: Rec[];
}

export const PG_TABLES = ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes'] as const;
const REQUIRED: Record<(typeof PG_TABLES)[number], string[]> = {
  checkpoints: ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'parent_checkpoint_id', 'checkpoint', 'metadata'],
  checkpoint_blobs: ['thread_id', 'checkpoint_ns', 'channel', 'version', 'type', 'blob'],
  checkpoint_writes: ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'task_id', 'idx', 'channel', 'type', 'blob'],
};

/** The tables of a parsed JSON dump, or undefined when it is not one. */
export function postgresJsonTables(parsed: unknown): PostgresTables | undefined {
  if (!isRec(parsed) || !Array.isArray(parsed.checkpoints)) return undefined;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRec) : []);
  return { checkpoints: list(parsed.checkpoints), checkpoint_blobs: list(parsed.checkpoint_blobs), checkpoint_writes: list(parsed.checkpoint_writes) };
}

/** Which table a CSV file is, from its header. */
export function postgresCsvTable(table: CsvTable): (typeof PG_TABLES)[number] | undefined {
  const cols = new Set(table.columns);
  if (cols.has('version') && cols.has('blob')) return 'checkpoint_blobs';
  if (cols.has('task_id') && cols.has('blob')) return 'checkpoint_writes';
  if (cols.has('checkpoint') && cols.has('metadata')) return 'checkpoints';
  return undefined;
}

/** The columns a table lacks. */
export function missingColumns(table: (typeof PG_TABLES)[number], rows: Rec[]): string[] {
  const first = rows[0];
  if (!first) return [];
  return REQUIRED[table].filter((c) => !Object.hasOwn(first, c));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

function bytea(v: unknown): Uint8Array | null {
  if (v == null) return null;
  const text = str(v);
  return text.startsWith('\\x') ? fromPgHex(text) : fromBase64(text);
}

/** A JSONB column as JSON text (JSON dumps hold it parsed, CSV dumps as text). */
const jsonText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? null));

/**
 * The dump as a RawStore.
 * @param name the file name (the checkpoints file for CSV)
 * @param tables the three tables
 */
export function postgresDumpStore(name: string, tables: PostgresTables): RawStore {
  let skipped = 0;
  const blobs = new Map<string, TypedBlob>();
  for (const b of tables.checkpoint_blobs) {
    try {
      blobs.set(JSON.stringify([str(b.thread_id), str(b.checkpoint_ns), str(b.channel), str(b.version)]), { type: str(b.type), bytes: bytea(b.blob) });
    } catch {
      skipped++;
    }
  }
  const checkpoints: RawCheckpointRow[] = [];
  for (const c of tables.checkpoints) {
    const threadId = str(c.thread_id);
    const checkpointNs = str(c.checkpoint_ns);
    let parsed: unknown;
    try {
      parsed = typeof c.checkpoint === 'string' ? JSON.parse(c.checkpoint) : c.checkpoint;
    } catch {
      parsed = undefined;
    }
    if (!isRec(parsed) || !c.checkpoint_id) {
      skipped++;
      continue;
    }
    const channelBlobs: Record<string, TypedBlob> = {};
    const versions = isRec(parsed.channel_versions) ? parsed.channel_versions : {};
    for (const [channel, version] of Object.entries(versions)) {
      const blob = blobs.get(JSON.stringify([threadId, checkpointNs, channel, str(version)]));
      if (blob && blob.type !== 'empty') Object.defineProperty(channelBlobs, channel, { value: blob, enumerable: true, writable: true, configurable: true });
    }
    checkpoints.push({
      threadId,
      checkpointNs,
      checkpointId: str(c.checkpoint_id),
      parentCheckpointId: c.parent_checkpoint_id ? str(c.parent_checkpoint_id) : null,
      checkpoint: { type: 'json', bytes: jsonText(parsed) },
      metadata: { type: 'json', bytes: jsonText(typeof c.metadata === 'string' ? c.metadata : (c.metadata ?? {})) },
      channelBlobs,
    });
  }
  const writes = new Map<string, RawWriteRow[]>();
  for (const w of tables.checkpoint_writes) {
    let value: Uint8Array | null;
    try {
      value = bytea(w.blob);
    } catch {
      skipped++;
      continue;
    }
    const k = writeKey(str(w.thread_id), str(w.checkpoint_ns), str(w.checkpoint_id));
    const list = writes.get(k) ?? [];
    list.push({
      taskId: str(w.task_id),
      idx: Number(w.idx),
      channel: str(w.channel),
      value: { type: w.type == null ? null : str(w.type), bytes: value },
      ...(w.task_path != null ? { taskPath: str(w.task_path) } : {}),
    });
    writes.set(k, list);
  }
  // Both Postgres savers read a checkpoint's writes ordered by (task_id, idx).
  for (const list of writes.values()) list.sort((a, b) => compareCodePoints(a.taskId, b.taskId) || a.idx - b.idx);
  const notes = skipped ? [`${skipped} rows of the dump could not be read and were skipped.`] : [];
  return memoryStore('postgres-dump', name, { checkpoints, writes }, notes);
}
