/**
 * MemorySaver: an in-memory checkpointer for tests and for runs that need no persistence.
 *
 * Layout (per thread): checkpoints by namespace → checkpoint id, stored WITHOUT channel values;
 * channel values stored once per (namespace, channel, version) as blobs; writes by
 * (namespace, checkpoint id) → (task id, index). A checkpoint's `channel_values` are rebuilt on read
 * from its `channel_versions`, so an unchanged channel costs nothing per checkpoint.
 */
import {
  type BaseCheckpointSaver,
  type ChannelVersion,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
  type PendingWriteValue,
  type RunnableConfig,
} from './types';
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

interface ThreadData {
  /** namespace → checkpoint id → checkpoint */
  checkpoints: Map<string, Map<string, StoredCheckpoint>>;
  /** blobKey(ns, channel, version) → value */
  blobs: Map<string, unknown>;
  /** writesKey(ns, checkpoint id) → writeKey(task id, idx) → write; Map order = first insertion. */
  writes: Map<string, Map<string, PendingWrite>>;
}

// JSON arrays as composite keys: no separator can collide with a user-chosen name.
const blobKey = (ns: string, channel: string, version: ChannelVersion) => JSON.stringify([ns, channel, version]);
const writesKey = (ns: string, checkpointId: string) => JSON.stringify([ns, checkpointId]);
const writeKey = (taskId: string, idx: number) => JSON.stringify([taskId, idx]);

/** An in-memory `BaseCheckpointSaver`. Values are structured-cloned on the way in and out. */
export class MemorySaver implements BaseCheckpointSaver {
  // Maps, not plain objects: a thread called "__proto__" is just a thread.
  private readonly threads = new Map<string, ThreadData>();

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const threadId = requireThreadId(config, 'MemorySaver.getTuple');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const byId = this.threads.get(threadId)?.checkpoints.get(ns);
    if (!byId) return undefined;
    let id = requestedCheckpointId(config);
    if (id === undefined) {
      for (const key of byId.keys()) if (id === undefined || key > id) id = key;
    }
    const stored = id === undefined ? undefined : byId.get(id);
    return stored && this.toTuple(threadId, ns, stored);
  }

  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const wantThread = config.configurable?.thread_id;
    const wantNs = config.configurable?.checkpoint_ns;
    const wantId = requestedCheckpointId(config);
    const before = beforeId(options);
    const rows: { threadId: string; ns: string; stored: StoredCheckpoint }[] = [];
    for (const [threadId, data] of this.threads) {
      if (wantThread !== undefined && threadId !== wantThread) continue;
      for (const [ns, byId] of data.checkpoints) {
        if (wantNs !== undefined && ns !== wantNs) continue;
        for (const [id, stored] of byId) {
          if (wantId !== undefined && id !== wantId) continue;
          if (before !== undefined && !(id < before)) continue;
          rows.push({ threadId, ns, stored });
        }
      }
    }
    rows.sort((a, b) => compareDesc(a.stored.checkpoint.id, b.stored.checkpoint.id) || compareDesc(a.ns, b.ns));
    let remaining = options?.limit ?? Infinity;
    for (const row of rows) {
      if (remaining <= 0) return;
      if (!metadataMatches(row.stored.metadata, options?.filter)) continue;
      remaining -= 1;
      yield this.toTuple(row.threadId, row.ns, row.stored);
    }
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const threadId = requireThreadId(config, 'MemorySaver.put');
    const ns = config.configurable?.checkpoint_ns ?? '';
    // Copy everything before touching storage, so a value that cannot be cloned stores nothing.
    const values: [string, ChannelVersion, unknown][] = [];
    for (const [channel, version] of Object.entries(newVersions)) {
      if (!Object.hasOwn(checkpoint.channel_values, channel)) continue; // empty channel: no blob
      values.push([channel, version, cloneValue(channel, checkpoint.channel_values[channel])]);
    }
    const skeleton = cloneValue('(checkpoint)', { ...checkpoint, channel_values: {} });
    const storedMetadata = cloneRecord(metadata, 'metadata.');

    const data = this.ensureThread(threadId);
    for (const [channel, version, value] of values) data.blobs.set(blobKey(ns, channel, version), value);
    let byId = data.checkpoints.get(ns);
    if (!byId) data.checkpoints.set(ns, (byId = new Map()));
    byId.set(checkpoint.id, { checkpoint: skeleton, metadata: storedMetadata, parentId: config.configurable?.checkpoint_id });
    return checkpointConfig(threadId, ns, checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string): Promise<void> {
    const threadId = requireThreadId(config, 'MemorySaver.putWrites');
    const checkpointId = requireCheckpointId(config, 'MemorySaver.putWrites');
    const ns = config.configurable?.checkpoint_ns ?? '';
    const copies = writes.map(([channel, value]): PendingWrite => [taskId, channel, cloneValue(channel, value)]);
    const data = this.ensureThread(threadId);
    const key = writesKey(ns, checkpointId);
    let stored = data.writes.get(key);
    if (!stored) data.writes.set(key, (stored = new Map()));
    copies.forEach((write, position) => {
      const k = writeKey(taskId, writeIndex(write[1], position));
      // Map.set on an existing key keeps its position: a special write replaces in place.
      if (isSpecialWrite(write[1]) || !stored.has(k)) stored.set(k, write);
    });
  }

  async deleteThread(threadId: string): Promise<void> {
    this.threads.delete(threadId);
  }

  getNextVersion(current: ChannelVersion | undefined): ChannelVersion {
    return (current ?? 0) + 1;
  }

  /**
   * How many channel-value blobs a thread holds (a storage-size probe: one per channel version,
   * never one per checkpoint).
   */
  async countBlobs(threadId: string): Promise<number> {
    return this.threads.get(threadId)?.blobs.size ?? 0;
  }

  private ensureThread(threadId: string): ThreadData {
    let data = this.threads.get(threadId);
    if (!data) {
      data = { checkpoints: new Map(), blobs: new Map(), writes: new Map() };
      this.threads.set(threadId, data);
    }
    return data;
  }

  private toTuple(threadId: string, ns: string, stored: StoredCheckpoint): CheckpointTuple {
    const data = this.threads.get(threadId)!;
    const checkpoint = cloneValue('(checkpoint)', stored.checkpoint);
    for (const [channel, version] of Object.entries(checkpoint.channel_versions)) {
      const key = blobKey(ns, channel, version);
      if (data.blobs.has(key)) checkpoint.channel_values[channel] = cloneValue(channel, data.blobs.get(key));
    }
    const writes = data.writes.get(writesKey(ns, checkpoint.id));
    const tuple: CheckpointTuple = {
      config: checkpointConfig(threadId, ns, checkpoint.id),
      checkpoint,
      metadata: cloneValue('(metadata)', stored.metadata),
      pendingWrites: writes ? [...writes.values()].map((w) => cloneValue(w[1], w)) : [],
    };
    if (stored.parentId !== undefined) tuple.parentConfig = checkpointConfig(threadId, ns, stored.parentId);
    return tuple;
  }
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
