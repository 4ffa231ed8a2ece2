/**
 * MemorySaver: an in-memory checkpointer for tests and for runs that need no persistence.
 *
 * Layout (per thread and namespace): checkpoints by id, stored WITHOUT channel values; channel
 * values stored once per (channel, version) as blobs; writes by checkpoint id → (task id, index).
 * A checkpoint's `channel_values` are rebuilt on read from its `channel_versions`, so an unchanged
 * channel costs nothing per checkpoint.
 *
 * Copies: everything is copied on the way in (which also rejects what cannot be cloned) and the
 * stored copies are never handed out or changed afterwards. On the way out each reader gets its
 * own copy of what it could mutate. Plain data is copied by `copy.ts` (exact, structuredClone's
 * result, far cheaper); the checkpoint skeleton, whose shape is known, field by field.
 */
import {
  type ChannelVersion,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
  type PendingWriteValue,
  type RunnableConfig,
  type SynchronousReads,
} from './types';
import { SaverBase, compareWriteKeys, type HistoryStep, type WriteSortKey } from './base';
import { copyValue } from './copy';
import { migratePendingSends, needsPendingSendsMigration } from './migrate';
import {
  beforeId,
  checkpointConfig,
  cloneRecord,
  cloneValue,
  isSpecialWrite,
  metadataMatches,
  requestedCheckpointId,
  requireCheckpointId,
  requireThreadId,
  writeIndex,
} from './rules';

interface StoredCheckpoint {
  /** The checkpoint with `channel_values` emptied: values live in the blob map. */
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  parentId: string | undefined;
}

/** One namespace of a thread. */
interface NamespaceData {
  /** checkpoint id → checkpoint */
  checkpoints: Map<string, StoredCheckpoint>;
  /** The ids of `checkpoints`, newest first; rebuilt lazily after a put (undefined = stale). */
  newestFirst: string[] | undefined;
  /** The greatest checkpoint id (the latest checkpoint), kept on put so getTuple needs no scan. */
  latest: string | undefined;
  /** channel → version → value */
  blobs: Map<string, Map<ChannelVersion, unknown>>;
  /** checkpoint id → writeKey(task id, idx) → write; Map order = first insertion. */
  writes: Map<string, Map<string, PendingWrite>>;
  /** checkpoint id → task id → the task's path, for the tasks whose putWrites gave one. */
  taskPaths: Map<string, Map<string, string>>;
}

type ThreadData = Map<string, NamespaceData>;

// The index (an integer, so no ':' in it) first, then the task id: the first ':' ends the index,
// so no task id can make two keys collide.
const writeKey = (taskId: string, idx: number) => `${idx}:${taskId}`;

/** An in-memory `BaseCheckpointSaver`. Values are copied (structured-clone semantics) on the way in and out. */
export class MemorySaver extends SaverBase {
  // Maps, not plain objects: a thread called "__proto__" is just a thread.
  private readonly threads = new Map<string, ThreadData>();

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return this.getTupleNow(config);
  }

  /** `getTupleNow` and `listNow`, each unless a subclass changed how it reads. */
  synchronousReads(): SynchronousReads {
    return {
      ...(this.getTuple === MemorySaver.prototype.getTuple ? { getTuple: (config: RunnableConfig) => this.getTupleNow(config) } : {}),
      ...(this.list === MemorySaver.prototype.list
        ? { list: (config: RunnableConfig, options?: CheckpointListOptions, sharedMaps?: boolean) => this.listNow(config, options, sharedMaps) }
        : {}),
    };
  }

  /**
   * `getTuple`, synchronously: the engine loads where a run starts through it (see ../pregel/load).
   * A config without a thread id addresses nothing (`undefined`), as in LangGraph.
   */
  getTupleNow(config: RunnableConfig): CheckpointTuple | undefined {
    const threadId = config.configurable?.thread_id;
    if (threadId === undefined) return undefined;
    const ns = config.configurable?.checkpoint_ns ?? '';
    const data = this.threads.get(threadId)?.get(ns);
    if (!data) return undefined;
    const id = requestedCheckpointId(config) ?? data.latest;
    const stored = id === undefined ? undefined : data.checkpoints.get(id);
    return stored && toTuple(threadId, ns, data, stored);
  }

  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for (const tuple of this.listNow(config, options)) yield tuple;
  }

  /**
   * `list`, synchronously: the engine reads a history through it (see ../pregel/state), so a
   * checkpoint costs no promise on the saver's side. Same tuples, same order, same copies; with
   * `sharedMaps`, a checkpoint's fields other than `channel_values` (its version maps above all)
   * are the stored ones, not copies, for a reader that never changes them (the engine builds new
   * maps, never edits them).
   */
  *listNow(config: RunnableConfig, options?: CheckpointListOptions, sharedMaps = false): Generator<CheckpointTuple> {
    const wantThread = config.configurable?.thread_id;
    const wantNs = config.configurable?.checkpoint_ns;
    const wantId = requestedCheckpointId(config);
    const before = beforeId(options);
    const rows: { threadId: string; ns: string; data: NamespaceData; id: string }[] = [];
    for (const [threadId, thread] of this.threads) {
      if (wantThread !== undefined && threadId !== wantThread) continue;
      for (const [ns, data] of thread) {
        if (wantNs !== undefined && ns !== wantNs) continue;
        for (const id of newestFirst(data)) {
          if (wantId !== undefined && id !== wantId) continue;
          if (before !== undefined && !(id < before)) continue;
          rows.push({ threadId, ns, data, id });
        }
      }
    }
    // One namespace (the usual call) is already in order; across namespaces or threads, merge.
    if (wantThread === undefined || wantNs === undefined) rows.sort((a, b) => compareDesc(a.id, b.id) || compareDesc(a.ns, b.ns));
    let remaining = options?.limit ?? Infinity;
    for (const row of rows) {
      if (remaining <= 0) return;
      const stored = row.data.checkpoints.get(row.id);
      if (!stored || !metadataMatches(stored.metadata, options?.filter)) continue;
      remaining -= 1;
      yield toTuple(row.threadId, row.ns, row.data, stored, sharedMaps);
    }
  }

  /**
   * Stores a checkpoint. `newVersions` names the channels whose values are new (the others are
   * already stored under their version); without it (LangGraph.js callers and subclasses that
   * forward three arguments), every value the checkpoint carries is stored.
   */
  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions?: ChannelVersions): Promise<RunnableConfig> {
    return this.putNow(config, checkpoint, metadata, newVersions);
  }

  /**
   * `put`, synchronously: the engine stores a step's checkpoint through it (see
   * ../pregel/persistence), so a step costs no promise on the saver's side. Throws what `put` rejects with.
   * With `sharedMaps` the checkpoint's version maps (numbers only) are stored as they are, not
   * copied: the engine never changes a map once a checkpoint holds it (a step builds new ones),
   * so consecutive checkpoints share the rows that did not change.
   */
  putNow(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions?: ChannelVersions, sharedMaps = false): RunnableConfig {
    const threadId = requireThreadId(config, 'MemorySaver.put');
    const ns = config.configurable?.checkpoint_ns ?? '';
    // Copy everything before touching storage, so a value that cannot be cloned stores nothing.
    const values: [string, ChannelVersion, unknown][] = [];
    const versions = newVersions ?? checkpoint.channel_versions;
    for (const channel in versions) {
      // Own keys only (as Object.entries); an empty channel has no blob.
      if (!Object.hasOwn(versions, channel) || !Object.hasOwn(checkpoint.channel_values, channel)) continue;
      values.push([channel, versions[channel], cloneValue(channel, checkpoint.channel_values[channel])]);
    }
    const skeleton = (sharedMaps ? shareSkeleton(checkpoint, {}) : copySkeletonIn(checkpoint)) ?? cloneValue('(checkpoint)', { ...checkpoint, channel_values: {} });
    const storedMetadata = cloneRecord(metadata, 'metadata.');

    const data = this.namespace(threadId, ns);
    for (const [channel, version, value] of values) {
      let byVersion = data.blobs.get(channel);
      if (!byVersion) data.blobs.set(channel, (byVersion = new Map()));
      byVersion.set(version, value);
    }
    if (!data.checkpoints.has(checkpoint.id)) data.newestFirst = undefined;
    data.checkpoints.set(checkpoint.id, { checkpoint: skeleton, metadata: storedMetadata, parentId: config.configurable?.checkpoint_id });
    if (data.latest === undefined || checkpoint.id > data.latest) data.latest = checkpoint.id;
    return checkpointConfig(threadId, ns, checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath?: string): Promise<void> {
    this.putWritesNow(config, writes, taskId, taskPath);
  }

  /** `putWrites`, synchronously (see `putNow`). */
  putWritesNow(config: RunnableConfig, writes: PendingWriteValue[], taskId: string, taskPath?: string): void {
    const threadId = requireThreadId(config, 'MemorySaver.putWrites');
    const checkpointId = requireCheckpointId(config, 'MemorySaver.putWrites');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const copies = writes.map(([channel, value]): PendingWrite => [taskId, channel, cloneValue(channel, value)]);
    const data = this.namespace(threadId, ns);
    let stored = data.writes.get(checkpointId);
    if (!stored) data.writes.set(checkpointId, (stored = new Map()));
    copies.forEach((write, position) => {
      const k = writeKey(taskId, writeIndex(write[1], position));
      // Map.set on an existing key keeps its position: a special write replaces in place.
      if (isSpecialWrite(write[1]) || !stored.has(k)) stored.set(k, write);
    });
    if (taskPath !== undefined) {
      let paths = data.taskPaths.get(checkpointId);
      if (!paths) data.taskPaths.set(checkpointId, (paths = new Map()));
      paths.set(taskId, taskPath);
    }
  }

  /** A checkpoint with its writes in the order its step applied them (by the task paths kept). */
  protected override async historyStep(config: RunnableConfig): Promise<HistoryStep | undefined> {
    const tuple = this.getTupleNow(config);
    if (!tuple) return undefined;
    const { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } = tuple.config.configurable as { thread_id: string; checkpoint_ns: string; checkpoint_id: string };
    const data = this.threads.get(threadId)!.get(ns)!;
    const paths = data.taskPaths.get(id);
    const keyed = [...(data.writes.get(id) ?? [])].map(([k, w]) => ({ key: [paths?.get(w[0]) ?? '', w[0], Number(k.slice(0, k.indexOf(':')))] as WriteSortKey, w }));
    keyed.sort((a, b) => compareWriteKeys(a.key, b.key));
    const writes = keyed.map(({ w }): PendingWrite => [w[0], w[1], copyValue(w[2])]);
    return { values: tuple.checkpoint.channel_values, parentConfig: tuple.parentConfig, writes };
  }

  async deleteThread(threadId: string): Promise<void> {
    this.threads.delete(threadId);
  }

  /** The conformance suite's `VersionCounter`: the thread's blobs, one per channel version with a value. */
  async countStoredVersions(threadId: string): Promise<number> {
    let count = 0;
    for (const data of this.threads.get(threadId)?.values() ?? []) for (const byVersion of data.blobs.values()) count += byVersion.size;
    return count;
  }

  private namespace(threadId: string, ns: string): NamespaceData {
    let thread = this.threads.get(threadId);
    if (!thread) this.threads.set(threadId, (thread = new Map()));
    let data = thread.get(ns);
    if (!data) {
      data = { checkpoints: new Map(), newestFirst: undefined, latest: undefined, blobs: new Map(), writes: new Map(), taskPaths: new Map() };
      thread.set(ns, data);
    }
    return data;
  }
}

/** The checkpoint ids of a namespace, newest first (sorted once per change, not per list call). */
function newestFirst(data: NamespaceData): string[] {
  return (data.newestFirst ??= [...data.checkpoints.keys()].sort(compareDesc));
}

/** A reader's own copy of a stored checkpoint, with its values rebuilt from the blobs. */
function toTuple(threadId: string, ns: string, data: NamespaceData, stored: StoredCheckpoint, sharedMaps = false): CheckpointTuple {
  // Shared: the reader changes none of the stored checkpoint's fields (see listNow).
  const checkpoint = sharedMaps ? Object.assign({}, stored.checkpoint, { channel_values: {} }) : copySkeleton(stored.checkpoint);
  const versions = checkpoint.channel_versions;
  for (const channel in versions) {
    const byVersion = data.blobs.get(channel);
    if (byVersion?.has(versions[channel]!)) checkpoint.channel_values[channel] = copyValue(byVersion.get(versions[channel]!));
  }
  const writes = data.writes.get(checkpoint.id);
  const pendingWrites: PendingWrite[] = [];
  if (writes) for (const w of writes.values()) pendingWrites.push([w[0], w[1], copyValue(w[2])]);
  const tuple: CheckpointTuple = {
    config: checkpointConfig(threadId, ns, checkpoint.id),
    checkpoint,
    metadata: copyValue(stored.metadata),
    pendingWrites,
  };
  if (stored.parentId !== undefined) tuple.parentConfig = checkpointConfig(threadId, ns, stored.parentId);
  if (needsPendingSendsMigration(checkpoint, stored.parentId)) {
    const parentWrites = [...(data.writes.get(stored.parentId)?.values() ?? [])];
    tuple.checkpoint = migratePendingSends(checkpoint, parentWrites.map((w) => [w[0], w[1], copyValue(w[2])]));
  }
  return tuple;
}

/**
 * A copy of a stored checkpoint skeleton (empty `channel_values`). The known fields hold
 * primitives one or two levels down (versions are numbers, `updated_channels` strings), so they
 * are copied by shape; any other field goes through the general copy.
 */
function copySkeleton(s: Checkpoint): Checkpoint {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(s) as (keyof Checkpoint)[]) {
    if (key === 'channel_values') out.channel_values = {};
    else if (key === 'channel_versions') out.channel_versions = { ...s.channel_versions };
    else if (key === 'versions_seen') {
      const rows: Checkpoint['versions_seen'] = {};
      for (const node of Object.keys(s.versions_seen)) rows[node] = { ...s.versions_seen[node] };
      out.versions_seen = rows;
    } else if (key === 'updated_channels') out.updated_channels = s.updated_channels!.slice();
    else out[key] = copyValue(s[key]);
  }
  // The same keys as `s`, each copied by its own shape.
  return out as Checkpoint & Record<string, unknown>;
}

/**
 * A shallow copy of a checkpoint with `values` as its `channel_values`: its version maps are
 * shared. `undefined` when a field other than those is not a primitive (the general copy decides).
 */
function shareSkeleton(c: Checkpoint, values: Record<string, unknown>): Checkpoint | undefined {
  const out: Record<string, unknown> = {};
  const fields = c as Checkpoint & Readonly<Record<string, unknown>>;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const v = fields[key];
    if (key === 'channel_values') out[key] = values;
    else if (key === 'channel_versions' || key === 'versions_seen' || isPrimitive(v)) out[key] = v;
    else if (key === 'updated_channels' && Array.isArray(v)) out[key] = v.slice();
    else return undefined;
  }
  return out as Checkpoint & Record<string, unknown>;
}

/**
 * The incoming checkpoint without its values, copied by shape when it has the expected shape
 * (version maps of primitives, a string list, primitive scalar fields); `undefined` otherwise, and
 * the caller falls back to the general copy, which also reports what cannot be cloned.
 */
function copySkeletonIn(c: Checkpoint): Checkpoint | undefined {
  const out: Record<string, unknown> = {};
  const fields = c as Checkpoint & Readonly<Record<string, unknown>>;
  // for…in with own keys: Object.keys's keys in its order, without the array.
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const v = fields[key];
    if (key === 'channel_values') out[key] = {};
    else if (key === 'channel_versions') {
      const copy = flatCopy(v);
      if (!copy) return undefined;
      out[key] = copy;
    } else if (key === 'versions_seen') {
      if (!isPlainRecord(v)) return undefined;
      const rows: Record<string, unknown> = {};
      for (const node in v) if (Object.hasOwn(v, node) && !(rows[node] = flatCopy(v[node]))) return undefined;
      out[key] = rows;
    } else if (key === 'updated_channels') {
      if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype || !v.every((x) => typeof x === 'string')) return undefined;
      out[key] = v.slice();
    } else if (isPrimitive(v)) out[key] = v;
    else return undefined;
  }
  // Every key of `c`, copied: a checkpoint again.
  return out as Checkpoint & Record<string, unknown>;
}

const isPrimitive = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');
const isPlainRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A copy of a plain object whose values are all primitives, else `undefined`. */
function flatCopy(v: unknown): Record<string, unknown> | undefined {
  if (!isPlainRecord(v)) return undefined;
  const out: Record<string, unknown> = {};
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const x = v[k];
    if (!isPrimitive(x)) return undefined;
    out[k] = x;
  }
  return out;
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
