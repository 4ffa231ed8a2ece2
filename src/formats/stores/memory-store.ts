/**
 * A RawStore over rows already in memory: what the text formats (the dev server's JSON store,
 * Postgres dumps) are parsed into. Rows are indexed by thread and namespace, newest first.
 */
import type { HeadRow, NamespaceRow, RawCheckpointRow, RawStore, RawWriteRow, StoreFormat, ThreadRow } from './raw';

/** Rows of a text store. */
export interface MemoryRows {
  /** Checkpoints, each with `checkpoint` (and `channelBlobs` for Postgres). */
  checkpoints: RawCheckpointRow[];
  /** Writes by `writeKey(thread, ns, checkpoint id)`, in the saver's read order. */
  writes: Map<string, RawWriteRow[]>;
}

/** The key of a checkpoint's writes in `MemoryRows.writes`. */
export const writeKey = (threadId: string, checkpointNs: string, checkpointId: string) => JSON.stringify([threadId, checkpointNs, checkpointId]);

/** Compares strings by code point (Python's `str` order, which LangGraph's savers sort by). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

const newestFirst = (a: RawCheckpointRow, b: RawCheckpointRow) => compareCodePoints(b.checkpointId, a.checkpointId);

/** Drops the values of a row (for summaries). */
function summary(row: RawCheckpointRow): RawCheckpointRow {
  const { checkpoint: _c, channelBlobs: _b, ...rest } = row;
  return rest;
}

/**
 * A RawStore over `rows`.
 * @param format which format the rows came from
 * @param name the file name
 * @param rows the parsed rows
 * @param notes facts about the parse (rows skipped, …)
 */
export function memoryStore(format: StoreFormat, name: string, rows: MemoryRows, notes: string[]): RawStore {
  const byThread = new Map<string, Map<string, RawCheckpointRow[]>>();
  for (const row of rows.checkpoints) {
    let spaces = byThread.get(row.threadId);
    if (!spaces) byThread.set(row.threadId, (spaces = new Map()));
    let list = spaces.get(row.checkpointNs);
    if (!list) spaces.set(row.checkpointNs, (list = []));
    list.push(row);
  }
  for (const spaces of byThread.values()) for (const list of spaces.values()) list.sort(newestFirst);

  const inThread = (threadId: string, ns: string | undefined): RawCheckpointRow[] => {
    const spaces = byThread.get(threadId);
    if (!spaces) return [];
    if (ns !== undefined) return spaces.get(ns) ?? [];
    return [...spaces.values()].flat().sort(newestFirst);
  };

  const threadRow = (threadId: string, spaces: Map<string, RawCheckpointRow[]>): ThreadRow => {
    const all = [...spaces.values()];
    const latest = all.map((l) => l[0]!.checkpointId).sort(compareCodePoints).pop()!;
    return { threadId, checkpointCount: all.reduce((n, l) => n + l.length, 0), namespaceCount: spaces.size, latestCheckpointId: latest };
  };
  let sortedIds: string[] | null = null;

  return {
    format,
    name,
    notes,
    freshBytes: false,
    threads(): ThreadRow[] {
      const out = [...byThread].map(([threadId, spaces]) => threadRow(threadId, spaces));
      return out.sort((a, b) => compareCodePoints(b.latestCheckpointId, a.latestCheckpointId));
    },
    threadIds(after, limit) {
      sortedIds ??= [...byThread.keys()].sort(compareCodePoints);
      const start = after === undefined ? 0 : sortedIds.findIndex((id) => compareCodePoints(id, after) > 0);
      return start < 0 ? [] : sortedIds.slice(start, start + limit);
    },
    thread(threadId) {
      const spaces = byThread.get(threadId);
      return spaces ? threadRow(threadId, spaces) : undefined;
    },
    head(threadId): HeadRow | undefined {
      const row = byThread.get(threadId)?.get('')?.[0];
      if (!row) return undefined;
      const size = (b: { bytes: Uint8Array | string | null } | undefined) => (b?.bytes == null ? 0 : b.bytes.length);
      const blobs = Object.values(row.channelBlobs ?? {}).reduce((n, b) => n + size(b), 0);
      return { checkpointId: row.checkpointId, type: row.checkpoint?.type ?? null, bytes: size(row.checkpoint) + blobs };
    },
    writeChannels: (threadId, ns, checkpointId) => (rows.writes.get(writeKey(threadId, ns, checkpointId)) ?? []).map((w) => w.channel),
    namespaces(threadId): NamespaceRow[] {
      const spaces = byThread.get(threadId);
      if (!spaces) return [];
      return [...spaces.entries()]
        .map(([checkpointNs, list]) => ({ checkpointNs, checkpointCount: list.length, latestCheckpointId: list[0]!.checkpointId }))
        .sort((a, b) => compareCodePoints(a.checkpointNs, b.checkpointNs));
    },
    checkpoints(threadId, ns, page, withValues) {
      const list = inThread(threadId, ns);
      const start = page.before === undefined ? 0 : list.findIndex((r) => compareCodePoints(r.checkpointId, page.before!) < 0);
      if (start < 0) return [];
      const slice = list.slice(start, start + page.limit);
      return withValues ? slice : slice.map(summary);
    },
    checkpoint(threadId, ns, checkpointId) {
      const list = inThread(threadId, ns);
      return checkpointId === undefined ? list[0] : list.find((r) => r.checkpointId === checkpointId);
    },
    writes: (threadId, ns, checkpointId) => rows.writes.get(writeKey(threadId, ns, checkpointId)) ?? [],
    writeCounts(threadId, ns, ids) {
      const counts = new Map<string, number>();
      for (const id of ids) {
        const n = rows.writes.get(writeKey(threadId, ns, id))?.length ?? 0;
        if (n) counts.set(id, n);
      }
      return counts;
    },
    close() {
      byThread.clear();
      rows.writes.clear();
    },
  };
}
