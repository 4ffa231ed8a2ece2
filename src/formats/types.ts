/**
 * The public types of the formats layer: a `CheckpointSource` is an opened foreign store (a
 * SQLite file, the JS dev server's JSON store, a Postgres dump), listed by thread and namespace
 * and read checkpoint by checkpoint, with every value decoded to the engine's types.
 */
import type { BaseCheckpointSaver, CheckpointMetadata, CheckpointTuple } from '../engine/checkpoint/types';
import type { ForeignWrite } from './decode/checkpoint';
import type { DeltaProvenance } from './decode/delta';
import type { WalReport } from './sqlite/database';
import type { NamespaceRow, StoreFormat, ThreadRow } from './stores/raw';

export type { ForeignWrite, DeltaProvenance, WalReport, StoreFormat };

/** What was opened. */
export interface SourceInfo {
  format: StoreFormat;
  /** The file name (the main file for SQLite). */
  name: string;
  /** Size of the file(s) in bytes. */
  size: number;
  /** SQLite: what was merged from the `-wal` file, when one was given. */
  wal?: WalReport;
  /** Facts worth telling the user (a WAL not merged, no writes table, rows skipped, …). */
  notes: string[];
}

/** A thread: how many checkpoints it has, in how many namespaces, and its newest checkpoint id. */
export type ThreadSummary = ThreadRow;

/** A thread with what its newest root checkpoint says, read without its large values. */
export interface ThreadDescription extends ThreadSummary {
  /** The newest root checkpoint, or null when the thread has only subgraph checkpoints. */
  head: {
    checkpointId: string;
    /** Its serialization type as stored (`msgpack` is Python's; `json` either language's). */
    blobType: string | null;
    /** Its stored size in bytes. */
    bytes: number;
    /** The channels of its pending writes (`__interrupt__`, `__error__`, …). */
    writeChannels: string[];
    /**
     * Read only when the checkpoint is at most `maxHeadDecodeBytes`: its time and its channel
     * versions as stored (which tell the saver's language).
     */
    decoded?: { ts: string; rawVersions: Record<string, unknown> };
  } | null;
}

/** A namespace of a thread (`""` is the root graph; a subgraph's is `node:<task id>`). */
export type NamespaceSummary = NamespaceRow;

/** A checkpoint in a history page: its address, metadata and number of pending writes. */
export interface CheckpointSummary {
  threadId: string;
  checkpointNs: string;
  checkpointId: string;
  parentCheckpointId: string | null;
  metadata: CheckpointMetadata;
  writeCount: number;
  /** Problems decoding the metadata. */
  issues: string[];
}

/** A page of a history. */
export interface CheckpointPageOptions {
  /** Only checkpoints with ids strictly before this one (the last id of the previous page). */
  before?: string;
  /** At most this many. @default 50 */
  limit?: number;
}

/** One checkpoint, decoded, with everything the store knows about it. */
export interface ForeignCheckpoint {
  /** In the engine's types: what a `BaseCheckpointSaver.getTuple` returns. */
  tuple: CheckpointTuple;
  /** The pending writes with their stored index, task path and serialization type. */
  writes: ForeignWrite[];
  /** Channel versions as stored (Python's are strings; `tuple` has the engine's integers). */
  rawVersions: Record<string, unknown>;
  /** The checkpoint blob's serialization type (`msgpack`, `json`, …). */
  blobType: string | null;
  /** How each DeltaChannel's value was obtained (snapshot, rebuilt from writes, or unresolved). */
  deltas: Record<string, DeltaProvenance>;
  /** What could not be decoded, in words (opaque values, unknown metadata). */
  issues: string[];
}

/** Options of `CheckpointSource.saver`. */
export interface ForeignSaverOptions {
  /**
   * Maps every channel value and pending-write value (with its channel), and the metadata (with
   * channel `""`), before they are returned: for example `engineValueMapper` with message classes,
   * to run a foreign thread. Identity by default: values stay in their decoded, JSON-safe form.
   */
  mapValue?: (value: unknown, channel: string) => unknown;
}

/** A read-only `BaseCheckpointSaver` over a source: writing fails with READ_ONLY. */
export type ReadOnlyCheckpointSaver = BaseCheckpointSaver & { readonly readOnly: true };

/** An opened foreign store. Every method may reject with a `FormatError`. */
export interface CheckpointSource {
  readonly info: SourceInfo;
  /** Every thread, most recently written first (reads every thread: prefer `listThreadIds` for a list). */
  listThreads(): Promise<ThreadSummary[]>;
  /** Up to `limit` thread ids after `after`, in code-point order; reads no checkpoint. */
  listThreadIds(after: string | undefined, limit: number): Promise<string[]>;
  /** One thread and its head, reading no checkpoint larger than `maxHeadDecodeBytes`; undefined when absent. */
  describeThread(threadId: string): Promise<ThreadDescription | undefined>;
  /** The namespaces of a thread, `""` first. */
  listNamespaces(threadId: string): Promise<NamespaceSummary[]>;
  /** A page of a (thread, namespace) history, newest first, without channel values. */
  listCheckpoints(threadId: string, checkpointNs: string, options?: CheckpointPageOptions): Promise<CheckpointSummary[]>;
  /** One checkpoint (the newest of the namespace when `checkpointId` is omitted), or undefined. */
  getCheckpoint(threadId: string, checkpointNs: string, checkpointId?: string): Promise<ForeignCheckpoint | undefined>;
  /** The source as a read-only checkpointer the engine and the read path can use unchanged. */
  saver(options?: ForeignSaverOptions): ReadOnlyCheckpointSaver;
  /** Releases the file (and SQLite's handle). */
  close(): void;
}
