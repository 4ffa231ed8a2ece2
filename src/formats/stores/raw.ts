/**
 * The one shape every store format is read into before decoding: rows as the savers keep them,
 * with each value still a `(type, bytes)` blob. Each format (SQLite file, dev server JSON store,
 * Postgres dump) implements `RawStore`; decoding (`decode/`) and the public API (`source.ts`) are
 * written once on top of it.
 */
import type { TypedBlob } from '../serde/typed';

/** Which kind of store a source is. */
export type StoreFormat = 'sqlite' | 'langgraph-dev' | 'postgres-dump';

/** One stored checkpoint. */
export interface RawCheckpointRow {
  threadId: string;
  checkpointNs: string;
  checkpointId: string;
  parentCheckpointId: string | null;
  /** The checkpoint (absent in summary reads). Postgres: the `checkpoint` JSONB as `json`. */
  checkpoint?: TypedBlob;
  /** The metadata (JSON text in every format). */
  metadata: TypedBlob;
  /**
   * Postgres only: channel values stored apart (`checkpoint_blobs`), by channel, for the
   * checkpoint's own channel versions (absent in summary reads).
   */
  channelBlobs?: Record<string, TypedBlob>;
}

/** One stored pending write. */
export interface RawWriteRow {
  taskId: string;
  /** Position in the task's writes; negative for the special channels (`__error__` -1, …). */
  idx: number;
  channel: string;
  value: TypedBlob;
  /** The task's path, where the store keeps it (dev server, Postgres ≥ migration 9). */
  taskPath?: string;
}

/** A thread and its size. */
export interface ThreadRow {
  threadId: string;
  checkpointCount: number;
  namespaceCount: number;
  /** The largest checkpoint id (ids are time-ordered UUIDv6/v1). */
  latestCheckpointId: string;
}

/** The newest root checkpoint of a thread, told without reading its values. */
export interface HeadRow {
  checkpointId: string;
  /** The checkpoint blob's serialization type, as stored. */
  type: string | null;
  /** The checkpoint's stored size in bytes (its values included). */
  bytes: number;
}

/** A namespace of a thread. */
export interface NamespaceRow {
  checkpointNs: string;
  checkpointCount: number;
  latestCheckpointId: string;
}

/** A page of checkpoints, newest first. */
export interface PageQuery {
  /** Only ids strictly less than this one. */
  before?: string;
  limit: number;
}

/** A store's rows. Synchronous: every format is read from memory or through the lazy VFS. */
export interface RawStore {
  readonly format: StoreFormat;
  readonly name: string;
  /** Facts worth telling the user (a WAL not merged, a table missing, …). */
  readonly notes: readonly string[];
  /**
   * True when every read returns value bytes of their own (SQLite copies them out of its heap),
   * which may then be handed to a decoder (transferred) without a copy; false when the bytes are
   * the store's (rows kept in memory).
   */
  readonly freshBytes: boolean;
  /** Every thread, most recently written first. */
  threads(): ThreadRow[];
  /**
   * Up to `limit` thread ids after `after` (from the first when undefined), in code-point order:
   * the cheap way through a store of very many threads (SQLite reads the primary-key index only).
   */
  threadIds(after: string | undefined, limit: number): string[];
  /** One thread's size, or undefined when the store has no such thread. */
  thread(threadId: string): ThreadRow | undefined;
  /** The thread's newest root checkpoint: id, type and size, its content not read. */
  head(threadId: string): HeadRow | undefined;
  /** The channels of a checkpoint's pending writes, their values not read. */
  writeChannels(threadId: string, checkpointNs: string, checkpointId: string): string[];
  /** The namespaces of a thread (`""` is the root graph). */
  namespaces(threadId: string): NamespaceRow[];
  /**
   * Checkpoints of a thread, newest first (every namespace when `checkpointNs` is undefined).
   * @param withValues include `checkpoint` and `channelBlobs` (false for summaries)
   */
  checkpoints(threadId: string, checkpointNs: string | undefined, page: PageQuery, withValues: boolean): RawCheckpointRow[];
  /** One checkpoint by id, or the newest of (thread, namespace). */
  checkpoint(threadId: string, checkpointNs: string, checkpointId?: string): RawCheckpointRow | undefined;
  /**
   * `checkpoint`, for a store that can read a large value in chunks with turns of the message loop
   * between them (SQLite), so the reading worker keeps answering while a 10 MB checkpoint is read.
   */
  readCheckpoint?(threadId: string, checkpointNs: string, checkpointId?: string): Promise<RawCheckpointRow | undefined>;
  /**
   * `checkpoints(…, false)` for a store that reads large rows in chunks (SQLite: a row's metadata
   * lies after its checkpoint, so a large checkpoint's pages are walked to reach it).
   */
  readCheckpoints?(threadId: string, checkpointNs: string | undefined, page: PageQuery): Promise<RawCheckpointRow[]>;
  /** The pending writes saved against a checkpoint, in the saver's read order. */
  writes(threadId: string, checkpointNs: string, checkpointId: string): RawWriteRow[];
  /** `writes` for a store that reads large values in chunks (SQLite). */
  readWrites?(threadId: string, checkpointNs: string, checkpointId: string): Promise<RawWriteRow[]>;
  /** How many writes each of `checkpointIds` has. */
  writeCounts(threadId: string, checkpointNs: string, checkpointIds: readonly string[]): Map<string, number>;
  close(): void;
}
