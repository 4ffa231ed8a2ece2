/**
 * A `CheckpointSource` over any `RawStore`: the listing and reading API, written once for every
 * format. Reads decode only what they return (a history page decodes metadata, not channel
 * values); DeltaChannel values are rebuilt from ancestors, whose stored values are kept in a small
 * cache so a history read newest-first does not decode the same chain again and again. Values
 * over `maxInlineDecodeBytes` are decoded by the source's `decodeBlob` when it has one (the read
 * awaits it; a checkpoint being decoded is decoded once for every reader waiting for it).
 */
import { checkpointConfig } from '../engine/checkpoint/rules';
import { migratePendingSends, needsPendingSendsMigration } from '../engine/checkpoint/migrate';
import { copyDecoded } from './copy';
import type { CheckpointTuple, PendingWrite } from '../engine/checkpoint/types';
import { decodeCheckpointRow, decodeMetadata, decodeWriteRow, valueBlobsOf, type ForeignWrite } from './decode/checkpoint';
import { decodeLargeBlobs, type BlobDecoder } from './decode/large-values';
import { missingDeltaChannels, rebuildDeltaChannel, type DeltaAncestor, type DeltaProvenance } from './decode/delta';
import { TASKS } from './decode/protocol-values';
import { resolveLimits, type FormatLimits } from './options';
import { createReadOnlySaver } from './saver';
import { setOwn } from './serde/values';
import type { PageQuery, RawCheckpointRow, RawStore, RawWriteRow } from './stores/raw';
import type { CheckpointPageOptions, CheckpointSource, CheckpointSummary, ForeignCheckpoint, SourceInfo, ThreadDescription } from './types';

const CACHE_SIZE = 256;

// Each caller gets its own copy (strings shared: they cannot change), never the cached value.
const clone = copyDecoded;
const DEFAULT_PAGE = 50;

/** A small LRU map. */
class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

/**
 * Wraps `store` as a CheckpointSource.
 * @param store the opened store
 * @param info what was opened (the store's notes are added)
 * @param limits decoding limits
 * @param decodeBlob where values over `maxInlineDecodeBytes` are decoded (in place when absent)
 */
export function createSource(
  store: RawStore,
  info: Omit<SourceInfo, 'notes'> & { notes?: string[] },
  limits?: Partial<FormatLimits>,
  decodeBlob?: BlobDecoder,
): CheckpointSource {
  const lim = resolveLimits(limits);
  const cache = new Lru<ForeignCheckpoint>(CACHE_SIZE);
  // Reads whose large values are being decoded, so a second reader waits for the same decode.
  const decoding = new Map<string, Promise<ForeignCheckpoint | undefined>>();
  // Ancestors as stored (no rebuilt values), so a rebuild always starts from the stored seed and
  // its provenance does not depend on what was read before.
  const ancestors = new Lru<DeltaAncestor>(CACHE_SIZE * 4);
  const key = (t: string, ns: string, id: string) => JSON.stringify([t, ns, id]);
  let closed = false;
  const live = () => {
    if (closed) throw new Error(`"${info.name}" is closed.`);
    return store;
  };

  /** A checkpoint row and its writes, decoded (the large values by `decodeBlob`). */
  async function decodeRows(row: RawCheckpointRow, writeRows: RawWriteRow[]) {
    const blobs = [...valueBlobsOf(row), ...writeRows.map((w) => w.value)];
    const predecoded = await decodeLargeBlobs(blobs, lim, lim.maxInlineDecodeBytes, decodeBlob, store.freshBytes);
    return { decoded: decodeCheckpointRow(row, lim, predecoded), writes: writeRows.map((w) => decodeWriteRow(w, lim, predecoded)) };
  }

  /** A checkpoint's writes: in chunks where the store can (SQLite), else at once. */
  const writeRows = (t: string, ns: string, id: string): Promise<RawWriteRow[]> | RawWriteRow[] => {
    const s = live();
    return s.readWrites ? s.readWrites(t, ns, id) : s.writes(t, ns, id);
  };

  /** A page of checkpoint rows without values: in chunks where the store can (SQLite), else at once. */
  const summaryRows = (t: string, ns: string | undefined, query: PageQuery): Promise<RawCheckpointRow[]> | RawCheckpointRow[] => {
    const s = live();
    return s.readCheckpoints ? s.readCheckpoints(t, ns, query) : s.checkpoints(t, ns, query, false);
  };

  const decodeWrites = async (t: string, ns: string, id: string): Promise<ForeignWrite[]> => {
    const rows = await writeRows(t, ns, id);
    const predecoded = await decodeLargeBlobs(rows.map((w) => w.value), lim, lim.maxInlineDecodeBytes, decodeBlob, store.freshBytes);
    return rows.map((w) => decodeWriteRow(w, lim, predecoded));
  };

  /** Stored values only (no rebuild): what the delta walk reads of an ancestor it has no result for. */
  async function storedAncestor(t: string, ns: string, id: string): Promise<DeltaAncestor | undefined> {
    const k = key(t, ns, id);
    const hit = ancestors.get(k);
    if (hit) return hit;
    const row = await rowOf(t, ns, id);
    if (!row) return undefined;
    const { decoded, writes } = await decodeRows(row, await writeRows(t, ns, id));
    const found = { parentCheckpointId: row.parentCheckpointId, channelValues: decoded.checkpoint.channel_values, writes };
    ancestors.set(k, found);
    return found;
  }

  /** A checkpoint row with its value: in chunks where the store can (SQLite), else at once. */
  const rowOf = async (t: string, ns: string, id?: string): Promise<RawCheckpointRow | undefined> => {
    const s = live();
    return s.readCheckpoint ? s.readCheckpoint(t, ns, id) : s.checkpoint(t, ns, id);
  };

  async function read(t: string, ns: string, id?: string): Promise<ForeignCheckpoint | undefined> {
    if (id === undefined) {
      // The newest: its id first (no value read), so a read already under way is shared.
      const newest = (await summaryRows(t, ns, { limit: 1 }))[0];
      return newest ? read(t, ns, newest.checkpointId) : undefined;
    }
    const k = key(t, ns, id);
    const hit = cache.get(k) ?? decoding.get(k);
    if (hit) return hit;
    const reading = (async () => {
      const row = await rowOf(t, ns, id);
      return row ? readRow(t, ns, row) : undefined;
    })().finally(() => decoding.delete(k));
    decoding.set(k, reading);
    return reading;
  }

  async function readRow(t: string, ns: string, row: RawCheckpointRow): Promise<ForeignCheckpoint> {
    const { decoded, writes } = await decodeRows(row, await writeRows(t, ns, row.checkpointId));
    const { checkpoint: decodedCheckpoint, metadata } = decoded;
    const issues = [...decoded.issues];
    for (const w of writes) {
      if (typeof w.value === 'object' && w.value !== null && (w.value as { $type?: unknown }).$type === 'opaque') issues.push(`write ${w.taskId}/${w.idx} (${w.channel}): ${(w.value as { reason: string }).reason}`);
    }
    // Checkpoints before format v4 kept Send packets apart: format 1 in the checkpoint itself
    // (`pending_sends`), later ones as the parent's TASKS writes. LangGraph rebuilds TASKS from
    // them on read, and so does this reader, with the engine's own migration.
    let checkpoint = decodedCheckpoint;
    if (decoded.pendingSends.length) {
      checkpoint = migratePendingSends(checkpoint, decoded.pendingSends.map((send): PendingWrite => ['', TASKS, send]));
    } else if (needsPendingSendsMigration(checkpoint, row.parentCheckpointId ?? undefined)) {
      const parentWrites = (await decodeWrites(t, ns, row.parentCheckpointId!)).map((w): PendingWrite => [w.taskId, w.channel, w.value]);
      checkpoint = migratePendingSends(checkpoint, parentWrites);
    }
    const deltas: Record<string, DeltaProvenance> = {};
    for (const ch of decoded.snapshots) deltas[ch] = { status: 'snapshot', writes: 0 };
    for (const ch of missingDeltaChannels(metadata, checkpoint.channel_values)) {
      const { value, provenance } = await rebuildDeltaChannel(ch, row.parentCheckpointId, (a) => storedAncestor(t, ns, a), lim.maxDeltaWalk);
      deltas[ch] = provenance;
      if (provenance.status === 'rebuilt') setOwn(checkpoint.channel_values, ch, value);
      else issues.push(`channel "${ch}": ${provenance.reason}`);
    }
    const pendingWrites: PendingWrite[] = writes.map((w) => [w.taskId, w.channel, w.value]);
    const tuple: CheckpointTuple = { config: checkpointConfig(t, ns, row.checkpointId), checkpoint, metadata, pendingWrites };
    if (row.parentCheckpointId !== null) tuple.parentConfig = checkpointConfig(t, ns, row.parentCheckpointId);
    const result: ForeignCheckpoint = { tuple, writes, rawVersions: decoded.rawVersions, blobType: decoded.blobType, deltas, issues };
    // A source closed while its values were decoded keeps nothing.
    live();
    cache.set(key(t, ns, row.checkpointId), result);
    return result;
  }

  async function page(t: string, ns: string | undefined, options: CheckpointPageOptions = {}): Promise<CheckpointSummary[]> {
    const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE, lim.maxPageSize));
    const rows = await summaryRows(t, ns, { limit, ...(options.before !== undefined ? { before: options.before } : {}) });
    const byNs = new Map<string, string[]>();
    for (const r of rows) byNs.set(r.checkpointNs, [...(byNs.get(r.checkpointNs) ?? []), r.checkpointId]);
    const counts = new Map<string, number>();
    for (const [n, ids] of byNs) for (const [id, c] of live().writeCounts(t, n, ids)) counts.set(key(t, n, id), c);
    return rows.map((r) => {
      const issues: string[] = [];
      const metadata = decodeMetadata(r, lim, issues);
      return {
        threadId: r.threadId,
        checkpointNs: r.checkpointNs,
        checkpointId: r.checkpointId,
        parentCheckpointId: r.parentCheckpointId,
        metadata,
        writeCount: counts.get(key(t, r.checkpointNs, r.checkpointId)) ?? 0,
        issues,
      };
    });
  }

  function describe(threadId: string): ThreadDescription | undefined {
    const thread = live().thread(threadId);
    if (!thread) return undefined;
    const head = live().head(threadId);
    if (!head) return { ...thread, head: null };
    const writeChannels = live().writeChannels(threadId, '', head.checkpointId);
    let decoded: { ts: string; rawVersions: Record<string, unknown> } | undefined;
    if (head.bytes <= lim.maxHeadDecodeBytes) {
      // The row alone: no writes decoded, no DeltaChannel rebuilt (neither says when or who wrote it).
      const row = live().checkpoint(threadId, '', head.checkpointId);
      if (row) {
        const cp = decodeCheckpointRow(row, lim);
        decoded = { ts: cp.checkpoint.ts, rawVersions: cp.rawVersions };
      }
    }
    return { ...thread, head: { checkpointId: head.checkpointId, blobType: head.type, bytes: head.bytes, writeChannels, ...(decoded ? { decoded } : {}) } };
  }

  const source: CheckpointSource = {
    info: { ...info, notes: [...(info.notes ?? []), ...store.notes] },
    listThreads: async () => live().threads(),
    listThreadIds: async (after, limit) => live().threadIds(after, Math.max(1, limit)),
    describeThread: async (threadId) => describe(threadId),
    listNamespaces: async (threadId) => live().namespaces(threadId),
    listCheckpoints: (threadId, checkpointNs, options) => page(threadId, checkpointNs, options),
    // Results are cached: each caller gets its own copy to change as it likes.
    getCheckpoint: async (threadId, checkpointNs, checkpointId) => clone(await read(threadId, checkpointNs, checkpointId)),
    saver: (options) =>
      createReadOnlySaver({ page, read: async (t, ns, id) => clone(await read(t, ns, id)), threads: () => live().threads().map((t) => t.threadId) }, info.name, options),
    close() {
      if (closed) return;
      closed = true;
      store.close();
    },
  };
  return source;
}
