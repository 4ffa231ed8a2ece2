/**
 * Which parts of a checkpoint and its metadata go through the value codec. Only value slots do:
 * each channel value, each metadata value, each field a later engine may add. The structure
 * (ids, versions, the records holding channels) stays plain JSON, so a channel or metadata key
 * named `$rg` is just a key and the schema can check the structure as written.
 */
import type { Checkpoint, CheckpointMetadata } from '../../engine/checkpoint/types';
import type { ExportedCheckpoint } from './format';
import type { PathSegment } from './issues';
import { decodeValue, encodeValue } from './value-codec';

/** Checkpoint fields that are plain JSON by the data model and are written as they are. */
const STRUCTURAL: ReadonlySet<string> = new Set(['v', 'id', 'ts', 'channel_versions', 'versions_seen', 'updated_channels']);

type Codec = (value: unknown, path: PathSegment[]) => unknown;

function mapEntries(record: Record<string, unknown>, path: PathSegment[], codec: Codec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = codec(value, [...path, key]);
  return out;
}

function convertCheckpoint(checkpoint: object, path: PathSegment[], codec: Codec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(checkpoint)) {
    if (key === 'channel_values') out[key] = mapEntries(value as Record<string, unknown>, [...path, key], codec);
    else if (STRUCTURAL.has(key)) out[key] = value;
    else out[key] = codec(value, [...path, key]);
  }
  return out;
}

/** A checkpoint as written in a file. */
export function encodeCheckpoint(checkpoint: Checkpoint, path: PathSegment[]): Record<string, unknown> {
  return convertCheckpoint(checkpoint, path, (v, p) => encodeValue(v, p));
}

/** A checkpoint as read from a (validated) file: the structure as written, the value slots decoded. */
export function decodeCheckpoint(checkpoint: ExportedCheckpoint['checkpoint'], path: PathSegment[]): Checkpoint {
  const { channel_values: values, ...rest } = checkpoint;
  // The file's key order is kept (the structure as written, first); fields a later engine may add
  // are value slots, decoded like the channel values.
  return { ...checkpoint, ...convertCheckpoint(rest, path, decodeValue), channel_values: mapEntries(values, [...path, 'channel_values'], decodeValue) };
}

/** Metadata as written in a file: each value encoded. */
export function encodeMetadata(metadata: CheckpointMetadata, path: PathSegment[]): Record<string, unknown> {
  return mapEntries(metadata, path, (v, p) => encodeValue(v, p));
}

/** Metadata as read from a (validated) file. */
export function decodeMetadata(metadata: Record<string, unknown>, path: PathSegment[]): CheckpointMetadata {
  return mapEntries(metadata, path, decodeValue) as CheckpointMetadata;
}
