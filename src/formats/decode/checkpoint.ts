/**
 * A stored checkpoint row, and its writes, decoded to the engine's types (`Checkpoint`,
 * `CheckpointMetadata`, `PendingWrite`). Values are in the decoded form of `serde/values.ts`;
 * LangGraph's protocol values in the engine's encodings (`protocol-values.ts`); versions as
 * integers (`versions.ts`). Nothing here throws on bad data: what cannot be decoded is kept as an
 * opaque value and reported in `issues`.
 */
import type { Checkpoint, CheckpointMetadata } from '../../engine/checkpoint/types';
import { isKnownSource } from '../../shared/checkpoint-source';
import type { DecodeLimits } from '../options';
import { blobBytes, parseLcJson, type TypedBlob } from '../serde/typed';
import { isDeltaSnapshot, isOpaque, opaque, setOwn, tagOf, type OpaqueValue } from '../serde/values';
import type { RawCheckpointRow, RawWriteRow } from '../stores/raw';
import { decodedOf, type Predecoded } from './large-values';
import { engineChannelValue, engineWriteValue, TASKS } from './protocol-values';
import { toEngineVersions, toEngineVersionsSeen } from './versions';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v) && tagOf(v) === undefined;

/** A pending write with everything the store knows about it. */
export interface ForeignWrite {
  taskId: string;
  channel: string;
  /** The saver's index: the position in the task's writes, negative for special channels. */
  idx: number;
  /** The task's path, where the store keeps it. */
  taskPath?: string;
  /** The stored serialization type (`json`, `msgpack`, …). */
  type: string | null;
  value: unknown;
}

/** A decoded checkpoint row. */
export interface DecodedCheckpoint {
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  /** Channel versions as stored (strings for Python), for display. */
  rawVersions: Record<string, unknown>;
  /** The checkpoint blob's serialization type. */
  blobType: string | null;
  /** Channels whose stored value was a DeltaChannel snapshot (unwrapped in `channel_values`). */
  snapshots: string[];
  /** Format 1's `pending_sends` kept in the checkpoint itself (the Send packets, engine encoding). */
  pendingSends: unknown[];
  /** What could not be decoded, in words. */
  issues: string[];
}

/**
 * Metadata (JSON text in every format) as `CheckpointMetadata`; missing required fields get
 * neutral values and an issue.
 */
export function decodeMetadata(row: RawCheckpointRow, limits: DecodeLimits, issues: string[]): CheckpointMetadata {
  let raw: unknown;
  try {
    raw = row.metadata.bytes === null ? {} : parseLcJson(row.metadata.bytes, limits);
  } catch (err) {
    issues.push(`metadata: ${err instanceof Error ? err.message : String(err)}`);
    raw = {};
  }
  const meta: Rec = isRec(raw) ? raw : {};
  if (!isRec(raw)) issues.push('metadata: not a JSON object');
  // An absent or unknown source stays out: it is shown as unknown, never guessed (src/shared/checkpoint-source.ts).
  const { source, ...rest } = meta;
  if (source !== undefined && !isKnownSource(source)) issues.push(`metadata: unknown source "${String(source)}", shown as unknown`);
  const step = typeof meta.step === 'number' ? meta.step : -1;
  const parents = isRec(meta.parents) ? (meta.parents as Record<string, string>) : {};
  return { ...rest, ...(isKnownSource(source) ? { source } : {}), step, parents } as CheckpointMetadata;
}

/**
 * The one entry of `channel_values` of a checkpoint whose blob could not be decoded: its value is
 * the opaque blob with the reason (a name with a space, which no graph's channel is expected to
 * have, and kept by the worker's view of user channels, unlike `__`-prefixed names).
 */
export const UNDECODABLE_CHANNEL = 'undecodable checkpoint';

const CHECKPOINT_FIELDS = ['id', 'channel_values', 'channel_versions', 'versions_seen'] as const;

/**
 * Why a decoded checkpoint blob is not a checkpoint, as the opaque value a pending write that
 * cannot be decoded is shown as (`decodeTyped`), with the reason in people's words; undefined
 * when it is one.
 */
export function undecodableCheckpoint(blob: TypedBlob, decoded: unknown): OpaqueValue | undefined {
  let why: string | undefined;
  if (isOpaque(decoded)) why = decoded.reason;
  else if (!isRec(decoded)) why = `it holds ${Array.isArray(decoded) ? 'a list' : decoded === null ? 'null' : `a ${typeof decoded}`}, not an object`;
  else if (!CHECKPOINT_FIELDS.some((f) => Object.prototype.hasOwnProperty.call(decoded, f))) {
    why = `it has none of a checkpoint's fields (${CHECKPOINT_FIELDS.join(', ')})`;
  }
  if (why === undefined) return undefined;
  const base = isOpaque(decoded) ? decoded : opaque(blob.type ?? 'json', blobBytes(blob.bytes), why);
  return { ...base, reason: `this checkpoint could not be decoded: ${why}` };
}

/** The blobs of a checkpoint row that hold values: the checkpoint and Postgres's channel blobs. */
export function valueBlobsOf(row: RawCheckpointRow): TypedBlob[] {
  return [...(row.checkpoint ? [row.checkpoint] : []), ...Object.values(row.channelBlobs ?? {})];
}

/**
 * Decodes a row read with its values.
 * @param row the stored checkpoint (with `checkpoint`, and `channelBlobs` for Postgres)
 * @param limits decoding limits
 * @param predecoded the values of its blobs that were decoded elsewhere (`large-values.ts`)
 */
export function decodeCheckpointRow(row: RawCheckpointRow, limits: DecodeLimits, predecoded?: Predecoded): DecodedCheckpoint {
  const issues: string[] = [];
  const metadata = decodeMetadata(row, limits, issues);
  const blobType = row.checkpoint?.type ?? null;
  const decoded = row.checkpoint ? decodedOf(row.checkpoint, limits, predecoded) : {};
  const undecodable = row.checkpoint ? undecodableCheckpoint(row.checkpoint, decoded) : undefined;
  const raw: Rec = isRec(decoded) && !undecodable ? decoded : {};
  if (undecodable) issues.push(undecodable.reason);

  const values: Rec = {};
  // A checkpoint that could not be decoded shows why, in place of values it does not have.
  if (undecodable) setOwn(values, UNDECODABLE_CHANNEL, undecodable);
  const storedValues = isRec(raw.channel_values) ? raw.channel_values : {};
  for (const [k, v] of Object.entries(storedValues)) setOwn(values, k, v);
  for (const [channel, blob] of Object.entries(row.channelBlobs ?? {})) {
    // Postgres keeps non-primitive values apart; a stored blob wins over the inline `true`
    // marker Python leaves for a DeltaChannel snapshot.
    setOwn(values, channel, decodedOf(blob, limits, predecoded));
  }
  const snapshots: string[] = [];
  for (const [channel, v] of Object.entries(values)) {
    if (isOpaque(v) && v !== undecodable) issues.push(`channel "${channel}": ${v.reason}`);
    let value = v;
    if (isDeltaSnapshot(v)) {
      snapshots.push(channel);
      value = v.value;
    }
    setOwn(values, channel, engineChannelValue(channel, value));
  }

  const rawVersions = isRec(raw.channel_versions) ? raw.channel_versions : {};
  const ts = typeof raw.ts === 'string' ? raw.ts : tagOf(raw.ts) === 'datetime' ? String((raw.ts as { value: unknown }).value) : '';
  const checkpoint: Checkpoint = {
    v: typeof raw.v === 'number' ? raw.v : 1,
    id: typeof raw.id === 'string' ? raw.id : row.checkpointId,
    ts,
    channel_values: values,
    channel_versions: toEngineVersions(rawVersions),
    versions_seen: toEngineVersionsSeen(raw.versions_seen),
  };
  if (Array.isArray(raw.updated_channels)) checkpoint.updated_channels = raw.updated_channels.filter((c): c is string => typeof c === 'string').sort();
  if (checkpoint.id !== row.checkpointId) issues.push(`checkpoint: its id "${checkpoint.id}" is not the row's "${row.checkpointId}"`);
  const sends = Array.isArray(raw.pending_sends) ? raw.pending_sends : [];
  const pendingSends = sends.length ? (engineChannelValue(TASKS, sends) as unknown[]) : [];
  return { checkpoint, metadata, rawVersions, blobType, snapshots, pendingSends, issues };
}

/**
 * Decodes a stored write.
 * @param row the stored write
 * @param limits decoding limits
 * @param predecoded its value, when it was decoded elsewhere (`large-values.ts`)
 */
export function decodeWriteRow(row: RawWriteRow, limits: DecodeLimits, predecoded?: Predecoded): ForeignWrite {
  const value = engineWriteValue(row.channel, decodedOf(row.value, limits, predecoded));
  return {
    taskId: row.taskId,
    channel: row.channel,
    idx: row.idx,
    ...(row.taskPath !== undefined ? { taskPath: row.taskPath } : {}),
    type: row.value.type,
    value,
  };
}
