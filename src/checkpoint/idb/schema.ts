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
 * 5. multi-entry index `by_topic` on traces (`topic_keys`: the checkpoints an event is about,
 *    or the thread's runs key for a run summary; see trace-keys.ts), so a checkpoint's events and
 *    a thread's runs are read without the whole trace; existing trace records are tagged during
 *    the upgrade, and each thread's open ticks (`threads.open_ticks`) are kept for later appends.
 * 6. index `by_parent` on checkpoints (thread, ns, parent id): a checkpoint's children.
 * 7. `rows` keyed (thread, ns, checkpoint id): each checkpoint's timeline row (pending writes
 *    counted, `next` as its run reported it; see rows.ts), so history pages read no values.
 *    Checkpoints saved before have no row and are read the old way (nothing is rewritten).
 * 8. `trace_chunks` keyed (thread, run id, end) with its multi-entry `by_topic` index replaces
 *    `traces`: up to TRACE_CHUNK_EVENTS consecutive events of one run per record, rather than one
 *    record per event (see traces.ts). The upgrade chunks the existing records, tagging them as
 *    version 5 did, and deletes `traces`.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { ChannelVersion, Checkpoint, CheckpointMetadata } from '../../engine/checkpoint/types';
import type { InlineValues } from './inline-values';
import { TickTracker } from '../../shared/ticks';
import { topicKeysOf, type OpenTicks } from './trace-keys';
import { ChunkBuilder, type TraceChunkRecord } from './trace-chunks';

export type { TraceChunkRecord };

/** The newest schema version this code writes. */
export const DB_VERSION = 8;

/**
 * A stored checkpoint; `checkpoint.channel_values` is always `{}`: values live in `blobs`, or, when
 * small, in `inline` (inline-values.ts; records stored before it was kept have none).
 */
export interface CheckpointRecord {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  /** The checkpoint id of the config it was put with (same thread and namespace). */
  parent_id?: string;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  /** Small values of its channel versions, kept here rather than as blobs. No index, so no schema version change. */
  inline?: InlineValues;
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
  /** The task's path when its putWrites gave one (LangGraph.js does): orders a step's writes. No index, so no schema version change. */
  task_path?: string;
  writes: StoredWrite[];
}

/** A checkpoint's timeline row (see rows.ts). */
export interface RowRecord {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  /** Pending writes counted since the checkpoint was saved, and whether one is an interrupt or an error. */
  writes: number;
  interrupts: boolean;
  error: boolean;
  /** The channels written (rows kept before channels were listed lack it: read as none). */
  channels?: string[];
  /** The nodes that run next, as the run that saved the checkpoint reported them. */
  next?: string[];
}

/** Per-thread flags kept beside the checkpoints. */
export interface ThreadRecord {
  thread_id: string;
  running: boolean;
  /** The graph the thread runs, as the worker last reported it. */
  graph_id?: string;
  /** The last trace `seq` handed out for this thread. */
  trace_seq?: number;
  /** Per namespace, the checkpoint the trace's open tick started from (see trace-keys.ts). */
  open_ticks?: OpenTicks;
  /** ISO time of the last flag change. */
  updated_at: string;
  /** The name the user gave the thread (absent: none). No index, so no schema version change. */
  name?: string;
}

/**
 * One persisted trace event of versions 3 to 7 (`traces`); `seq` counts per thread, so it orders
 * events across runs too. Read only by the upgrade to version 8, which chunks them.
 */
export interface TraceRecord {
  thread_id: string;
  run_id: string;
  seq: number;
  event: unknown;
  /** `checkpointKey`s of the checkpoints the event is about (indexed by `by_topic`). */
  topic_keys?: string[];
}

/** A graph written in the editor, saved with its source so it is registered again on start. */
export interface UserGraphRecord {
  /** Registry id, `user:<name>`. */
  id: string;
  title: string;
  source: string;
  /** ISO time of the last save. */
  updated_at: string;
  /**
   * Set while the graph must not be loaded (it failed or hung when loaded, or was imported and not
   * approved): plain data `{ reason, message, since }`. No index, so no schema version change.
   */
  quarantine?: { reason: string; message: string; since: string } | null;
}

/** The typed schema of the newest version. */
export interface ReplayGraphDB extends DBSchema {
  meta: { key: string; value: { key: string; value: unknown } };
  checkpoints: {
    key: [thread: string, ns: string, id: string];
    value: CheckpointRecord;
    indexes: { by_thread: [thread: string, id: string]; by_parent: [thread: string, ns: string, parent: string] };
  };
  blobs: { key: [thread: string, ns: string, channel: string, version: ChannelVersion]; value: BlobRecord };
  writes: { key: [thread: string, ns: string, checkpoint: string, task: string]; value: TaskWritesRecord };
  threads: { key: string; value: ThreadRecord };
  /** Versions 3 to 7 only (deleted by the upgrade to 8). */
  traces: {
    key: [thread: string, run: string, seq: number];
    value: TraceRecord;
    indexes: { by_topic: string };
  };
  trace_chunks: {
    key: [thread: string, run: string, end: number];
    value: TraceChunkRecord;
    indexes: { by_topic: string };
  };
  user_graphs: { key: string; value: UserGraphRecord };
  rows: { key: [thread: string, ns: string, id: string]; value: RowRecord };
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
  if (reaches(5)) {
    tx.objectStore('traces').createIndex('by_topic', 'topic_keys', { multiEntry: true });
    // Going on to 8, the records are tagged as they are chunked.
    if (!reaches(8)) tagExistingTraces(tx).catch(() => abortUpgrade(tx));
  }
  // The children of a checkpoint (what the write ledger reads); a root checkpoint has no parent_id and is not indexed.
  if (reaches(6)) tx.objectStore('checkpoints').createIndex('by_parent', ['thread_id', 'checkpoint_ns', 'parent_id']);
  if (reaches(7)) db.createObjectStore('rows', { keyPath: ['thread_id', 'checkpoint_ns', 'checkpoint_id'] });
  if (reaches(8)) {
    db.createObjectStore('trace_chunks', { keyPath: ['thread_id', 'run_id', 'end'] }).createIndex('by_topic', 'topic_keys', { multiEntry: true });
    chunkExistingTraces(tx).then(() => db.deleteObjectStore('traces')).catch(() => abortUpgrade(tx));
  }
}

/** Aborts a failed upgrade (a failure aborts the open, so nothing is half-migrated). */
function abortUpgrade(tx: UpgradeTx): void {
  try {
    tx.abort(); // already aborted by the failed request in most cases
  } catch {
    // finished or aborted: the open reports the failure
  }
}

/**
 * Tags every stored trace record with the checkpoints it is about and records each thread's open
 * ticks, inside the upgrade transaction (a failure aborts the upgrade, so nothing is half-tagged).
 * Records are visited in key order (thread, run, seq): runs in start order, as the trace is read.
 */
async function tagExistingTraces(tx: UpgradeTx): Promise<void> {
  const threads = tx.objectStore('threads');
  let thread: string | undefined;
  let ticks = new TickTracker();
  const finish = async () => {
    const open = ticks.openCheckpoints();
    if (thread === undefined || Object.keys(open).length === 0) return;
    const record = await threads.get(thread);
    if (record) await threads.put({ ...record, open_ticks: open });
  };
  let cursor = await tx.objectStore('traces').openCursor();
  while (cursor) {
    const record = cursor.value;
    if (record.thread_id !== thread) {
      await finish();
      thread = record.thread_id;
      ticks = new TickTracker();
    }
    const keys = topicKeysOf(record.thread_id, record.event, ticks);
    if (keys.length > 0) await cursor.update({ ...record, topic_keys: keys });
    cursor = await cursor.continue();
  }
  await finish();
}

/**
 * Moves every record of `traces` into chunks (trace-chunks.ts), inside the upgrade transaction.
 * Records are visited in key order (thread, run, seq): each (thread, run)'s records in append
 * order, runs in start order, as the trace is read, so they are tagged with the checkpoints they
 * are about as appends tag them, and each thread's open ticks are recorded for later appends.
 * Each chunk keeps its first record's `seq`, which keeps the thread's runs in the order they had.
 */
async function chunkExistingTraces(tx: UpgradeTx): Promise<void> {
  const threads = tx.objectStore('threads');
  const chunks = tx.objectStore('trace_chunks');
  let thread: string | undefined;
  let ticks = new TickTracker();
  let builder = new ChunkBuilder('');
  const write = (list: TraceChunkRecord[]) => Promise.all(list.map((chunk) => chunks.put(chunk)));
  const finish = async () => {
    await write(builder.take(true));
    if (thread === undefined) return;
    const record = await threads.get(thread);
    if (record) await threads.put({ ...record, open_ticks: ticks.openCheckpoints() });
  };
  let cursor = await tx.objectStore('traces').openCursor();
  while (cursor) {
    const record = cursor.value;
    if (record.thread_id !== thread) {
      await finish();
      thread = record.thread_id;
      ticks = new TickTracker();
      builder = new ChunkBuilder(thread);
    }
    builder.add(record.event, record.run_id, record.seq, topicKeysOf(record.thread_id, record.event, ticks));
    await write(builder.take(false));
    cursor = await cursor.continue();
  }
  await finish();
}

/**
 * The key range of every record whose key starts with `prefix` (keys are arrays of strings and
 * numbers; an array sorts after every string and number, so `[...prefix, []]` bounds them all).
 */
export function prefixRange(...prefix: (string | number)[]): IDBKeyRange {
  return IDBKeyRange.bound(prefix, [...prefix, []]);
}

/**
 * The first `checkpoints` key past every key that starts with `prefix` (thread, or thread and
 * namespace), for skip-scans with `cursor.continue`: an array sorts after every string, so
 * `[...prefix, []]` comes after them all. It is a valid key of the store, though not one of the
 * (string, string, string) shape its records have, hence the one assertion.
 */
export function checkpointKeyPast(...prefix: [thread: string] | [thread: string, ns: string]): [string, string, string] {
  const key: IDBValidKey[] = [...prefix, []];
  return key as [string, string, string];
}
