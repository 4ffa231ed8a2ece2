/**
 * The app database's schema and its migrations.
 *
 * Versions (each step is cumulative: a database at version n runs every step above n, in order):
 * 1. `meta` — app-level key/value records (the worker's storage hello).
 * 2. `checkpoints` keyed (thread, ns, checkpoint id) without channel values; `blobs` keyed
 *    (thread, ns, channel, version) holding each channel value once; `writes` keyed
 *    (thread, ns, checkpoint, task): one record per task holding its writes by WRITES_IDX_MAP
 *    index, each with a clock-based `seq` giving first-insertion order across tasks.
 * 3. index `by_thread` on checkpoints (thread, checkpoint id) for newest-first listing across
 *    namespaces; `threads` (per-thread flags such as "running"); `traces` keyed (thread, run id, seq).
 * 4. `user_graphs` keyed by graph id: graphs written in the editor (TypeScript source and texts).
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { ChannelVersion, Checkpoint, CheckpointMetadata } from '../../engine/checkpoint/types';

/** The newest schema version this code writes. */
export const DB_VERSION = 4;


/** A stored checkpoint; `checkpoint.channel_values` is always `{}` (values live in `blobs`). */
export interface CheckpointRecord {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  /** The checkpoint id of the config it was put with (same thread and namespace). */
  parent_id?: string;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
}

/** One channel value at one version. */
export interface BlobRecord {
  thread_id: string;
  checkpoint_ns: string;
  channel: string;
  version: ChannelVersion;
  value: unknown;
}

/** One pending write of a task. */
export interface StoredWrite {
  /** Clock-based and increasing: orders writes by first insertion across tasks. */
  seq: number;
  /** Position in its putWrites call, or the WRITES_IDX_MAP index of a special channel. */
  idx: number;
  channel: string;
  value: unknown;
}

/** The pending writes of one task on one checkpoint. */
export interface TaskWritesRecord {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  task_id: string;
  writes: StoredWrite[];
}

/** Per-thread flags kept beside the checkpoints. */
export interface ThreadRecord {
  thread_id: string;
  running: boolean;
  /** The graph the thread runs, as the worker last reported it. */
  graph_id?: string;
  /** The last trace `seq` handed out for this thread. */
  trace_seq?: number;
  /** ISO time of the last flag change. */
  updated_at: string;
}

/** One persisted trace event; `seq` counts per thread, so it orders events across runs too. */
export interface TraceRecord {
  thread_id: string;
  run_id: string;
  seq: number;
  event: unknown;
}

/** A graph written in the editor, saved with its source so it is registered again on start. */
export interface UserGraphRecord {
  /** Registry id, `user:<name>`. */
  id: string;
  title: string;
  source: string;
  /** ISO time of the last save. */
  updated_at: string;
}

/** The typed schema of the newest version. */
export interface ReplayGraphDB extends DBSchema {
  meta: { key: string; value: { key: string; value: unknown } };
  checkpoints: {
    key: [thread: string, ns: string, id: string];
    value: CheckpointRecord;
    indexes: { by_thread: [thread: string, id: string] };
  };
  blobs: { key: [thread: string, ns: string, channel: string, version: ChannelVersion]; value: BlobRecord };
  writes: { key: [thread: string, ns: string, checkpoint: string, task: string]; value: TaskWritesRecord };
  threads: { key: string; value: ThreadRecord };
  traces: { key: [thread: string, run: string, seq: number]; value: TraceRecord };
  user_graphs: { key: string; value: UserGraphRecord };
}

export type ReplayDb = IDBPDatabase<ReplayGraphDB>;
type UpgradeTx = IDBPTransaction<ReplayGraphDB, StoreNames<ReplayGraphDB>[], 'versionchange'>;

/**
 * Brings a database from `oldVersion` up to `newVersion` (the `upgrade` callback of `openDB`).
 * Stopping below DB_VERSION is what lets a test build a database of an earlier version.
 */
export function upgradeSchema(db: ReplayDb, oldVersion: number, newVersion: number, tx: UpgradeTx): void {
  const reaches = (v: number) => oldVersion < v && newVersion >= v;
  if (reaches(1)) db.createObjectStore('meta', { keyPath: 'key' });
  if (reaches(2)) {
    db.createObjectStore('checkpoints', { keyPath: ['thread_id', 'checkpoint_ns', 'checkpoint_id'] });
    db.createObjectStore('blobs', { keyPath: ['thread_id', 'checkpoint_ns', 'channel', 'version'] });
    db.createObjectStore('writes', { keyPath: ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'task_id'] });
  }
  if (reaches(3)) {
    // Creating an index on a populated store indexes the existing records too.
    tx.objectStore('checkpoints').createIndex('by_thread', ['thread_id', 'checkpoint_id']);
    db.createObjectStore('threads', { keyPath: 'thread_id' });
    db.createObjectStore('traces', { keyPath: ['thread_id', 'run_id', 'seq'] });
  }
  if (reaches(4)) db.createObjectStore('user_graphs', { keyPath: 'id' });
}

/**
 * The key range of every record whose key starts with `prefix` (keys are arrays of strings and
 * numbers; an array sorts after every string and number, so `[...prefix, []]` bounds them all).
 */
export function prefixRange(...prefix: (string | number)[]): IDBKeyRange {
  return IDBKeyRange.bound(prefix, [...prefix, []]);
}
