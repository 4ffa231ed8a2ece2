/**
 * The protocol's part for checkpoint files a LangGraph app wrote (a SQLite database and its
 * `-wal`, the JS dev server's store, a Postgres dump): opened read-only in the storage worker,
 * their threads listed beside the native ones under ids of their own (`fileThreadId`), and read
 * with the same requests (`rg/history.page`, `rg/checkpoint.get`, `rg/namespaces.list`, …).
 * Types and pure helpers only.
 */
import type { GraphShape, WireError } from './dto';

/** Which store a file is (as `src/formats` tells them apart by content). */
export type OpenedFileFormat = 'sqlite' | 'langgraph-dev' | 'postgres-dump';

/** Which language's saver wrote a thread, read from how it stores channel versions. */
export type FileThreadLanguage = 'js' | 'python' | 'unknown';

/** One thread of an opened file. */
export interface FileThreadDTO {
  /** The id the app reads it under (see `fileThreadId`). */
  threadId: string;
  /** The thread's id in the file. */
  originalId: string;
  checkpoints: number;
  namespaces: number;
  latestCheckpointId: string;
  language: FileThreadLanguage;
  status: 'idle' | 'interrupted' | 'error';
  /** ISO time of the newest root checkpoint, when it was read. */
  updatedAt?: string;
}

/** An opened file (or set of files: a database and its WAL, the CSV tables of a dump). */
export interface OpenedFileDTO {
  fileId: string;
  /** The main file's name. */
  name: string;
  /** Every file chosen with it, by name. */
  files: string[];
  format: OpenedFileFormat;
  /** Bytes of all its files. */
  size: number;
  /** SQLite: whether a `-wal` was merged, and why not when it was not. */
  wal: { merged: boolean; frames: number; reason: string | null } | null;
  /** Facts worth telling (rows skipped, a WAL not merged, …). */
  notes: string[];
  /** How many threads the file holds (counted so far, while `counted` is false). */
  threadCount: number;
  /**
   * False while the worker still counts a large file's threads (in the background, after the file
   * is shown): `rg/files.count` answers with the total once it is known.
   */
  counted: boolean;
  /**
   * The first page of its threads (at most 50), in code-point order of their ids; the others are
   * read page by page with `rg/files.threads`, so no message carries a whole file's list.
   */
  threads: FileThreadDTO[];
  /** Bytes read from its files so far (a large SQLite file is read only where SQLite looks). */
  bytesRead: number;
  /**
   * True while the files are followed: served by `npm start -- <path>` and read again each time
   * the app writes them (`rg/files.changed`).
   */
  followed: boolean;
}

/** Set on a `ThreadSummary` listed from an opened file. */
export interface ThreadFileRef {
  fileId: string;
  fileName: string;
  originalId: string;
  language: FileThreadLanguage;
}

/** The request bodies of this part (the union members live in messages.ts). */
export type FilesRequest =
  /** Open files the user chose: read lazily in the storage worker, never copied whole. */
  | { type: 'rg/files.open'; files: Blob[] }
  | { type: 'rg/files.list' }
  /** Rows `offset` … `offset + limit` (at most 500) of an opened file's threads, in the order of `threads`. */
  | { type: 'rg/files.threads'; fileId: string; offset: number; limit: number }
  /** How many threads an opened file holds: answered once all are counted. */
  | { type: 'rg/files.count'; fileId: string }
  /** Close an opened file: its threads are no longer listed. */
  | { type: 'rg/files.close'; fileId: string }
  /**
   * Open and follow the files the app's server serves (`npm start -- <path>`): `rg/files.opened`
   * with `file` null and no problem when it serves none.
   */
  | { type: 'rg/files.follow' }
  /** Stop following an opened file: it stays open as it was last read. */
  | { type: 'rg/files.unfollow'; fileId: string }
  /**
   * Fork a file's thread into a native thread at `checkpointId` (its ancestors, subgraph
   * checkpoints up to it and its pending writes copied, values decoded to the engine's), run by
   * `graphId` (the graph's code, given in the editor), then continue it from there.
   */
  | { type: 'rg/files.continue'; threadId: string; checkpointId: string; graphId: string }
  /**
   * The graph a file's thread shows, drawn from its checkpoints: the steps its run took, Send
   * fan-out and subgraphs. What the run did, not the graph's declaration.
   */
  | { type: 'rg/files.graph'; threadId: string }
  /**
   * Attach a graph of the app (a saved editor graph or a gallery graph; null detaches) to a file's
   * thread: its tasks are then computed with the graph's declared wiring, the canvas draws the
   * graph, and "Continue here" runs it. Nothing of the file changes.
   */
  | { type: 'rg/files.attach'; threadId: string; graphId: string | null };

/** The replies (`problem` is set, and nothing changed, when a file could not be opened). */
export type FilesReply =
  | { type: 'rg/files.opened'; file: OpenedFileDTO | null; problem: WireError | null }
  | { type: 'rg/files'; files: OpenedFileDTO[] }
  | { type: 'rg/files.threadPage'; fileId: string; offset: number; total: number; threads: FileThreadDTO[] }
  | { type: 'rg/files.counted'; fileId: string; total: number }
  | { type: 'rg/files.continued'; threadId: string; runId: string; checkpoints: number }
  /** `attachedGraphId`: the graph attached to the thread (chosen, or matched by its metadata's `graph_id`), or null. */
  | { type: 'rg/files.observed'; threadId: string; shape: GraphShape; attachedGraphId: string | null };

/**
 * Sent (not a reply) when a followed file changed and was read again: the file as it is now (its
 * first page of threads again) and the threads whose checkpoints changed or that are new, among
 * those it lists (its first page and the threads read in the debugger).
 */
export interface FilesChangedEvent {
  type: 'rg/files.changed';
  fileId: string;
  file: OpenedFileDTO;
  changed: string[];
}

const PREFIX = 'file:';

/** The id a file's thread is read under: `file:<fileId>:<original id>`. */
export function fileThreadId(fileId: string, originalId: string): string {
  return `${PREFIX}${fileId}:${originalId}`;
}

/** The file and original id of a file thread id, or null for a native thread id. */
export function parseFileThreadId(threadId: string): { fileId: string; originalId: string } | null {
  if (!threadId.startsWith(PREFIX)) return null;
  const rest = threadId.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return null;
  return { fileId: rest.slice(0, colon), originalId: rest.slice(colon + 1) };
}
