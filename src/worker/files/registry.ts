/**
 * The checkpoint files opened in this storage worker: each is a `CheckpointSource` from
 * `src/formats`, read lazily from the user's `File` objects (never copied whole), listed with its
 * threads, and read through its own `ThreadStore` (file-store.ts). Closing a file releases it.
 * Nothing here writes: a file that cannot be opened is a problem as data, and nothing changes.
 */
import type { CheckpointSource, FileLike, OpenResult, ReadStats, ThreadDescription } from '../../formats/index';
import type { FollowedSource, FollowResult } from '../../formats/follow/followed-source';
import type { FollowedFileRef } from '../../formats/follow/snapshot';
import type { GraphShape, GraphWiringDTO, ThreadSummary, WireError } from '../../protocol/dto';
import { fileThreadId, parseFileThreadId, type FileThreadDTO, type FileThreadLanguage, type OpenedFileDTO } from '../../protocol/files';
import type { StoredThread, ThreadStore } from '../store';
import { headFacts, threadStatus } from '../thread-status';
import { hostError } from '../context';
import { fileThreadStore } from './file-store';
import { ThreadIndex, yieldToLoop } from './thread-index';

/** Opens a set of files (a dependency: the browser reads `File`s with FileReaderSync, tests read bytes). */
export type FilesOpener = (files: readonly FileLike[]) => Promise<{ result: OpenResult; stats: ReadStats }>;

/** Rows described with the open reply (the first page of the list); the others are asked for page by page. */
export const FIRST_PAGE = 50;
/** Largest page of `rg/files.threads`. */
export const MAX_PAGE = 500;
/** Threads of a file read in the debugger that stay in the thread list (the newest of them). */
const TOUCHED_KEPT = 50;
/** Rows described between two turns of the message loop. */
const DESCRIBED_PER_TURN = 10;

interface Opened {
  dto: Omit<OpenedFileDTO, 'bytesRead' | 'threadCount' | 'counted' | 'followed'>;
  source: CheckpointSource;
  store: ThreadStore;
  stats: ReadStats;
  /** Its threads, in code-point order of their ids (the list's order), counted in the background. */
  index: ThreadIndex;
  /** Threads read in the debugger, most recent last, described. */
  touched: Map<string, FileThreadDTO>;
  /** While it is followed: the source to refresh, and how to stop hearing its changes. */
  followed: Followed | null;
}

interface Followed {
  source: FollowedSource;
  stop(): void;
}

/** Opens files another program is writing, to follow them. */
export type FollowOpener = (files: readonly FollowedFileRef[]) => Promise<FollowResult>;

/**
 * The language of the saver that wrote a checkpoint: Python keeps channel versions as strings
 * (`"0000…0005.0.7421…"`), LangGraph.js as integers.
 */
export function languageOf(rawVersions: Record<string, unknown>): FileThreadLanguage {
  const values = Object.values(rawVersions);
  if (values.some((v) => typeof v === 'string')) return 'python';
  if (values.some((v) => typeof v === 'number')) return 'js';
  return 'unknown';
}

/**
 * A file's thread as a list row, from what `describeThread` read: a head too large to be decoded
 * is told by its blob type alone (only Python's saver writes msgpack).
 */
export function fileThreadDto(fileId: string, d: ThreadDescription): FileThreadDTO {
  const head = d.head;
  const language = head?.decoded ? languageOf(head.decoded.rawVersions) : head?.blobType?.startsWith('msgpack') ? 'python' : 'unknown';
  return {
    threadId: fileThreadId(fileId, d.threadId),
    originalId: d.threadId,
    checkpoints: d.checkpointCount,
    namespaces: d.namespaceCount,
    latestCheckpointId: d.latestCheckpointId,
    language,
    status: threadStatus({ running: false, ...headFacts(head?.writeChannels.map((ch) => ['', ch, null] as const)) }),
    ...(head?.decoded ? { updatedAt: head.decoded.ts } : {}),
  };
}

/** The opened files of one host. */
export class OpenedFiles {
  private readonly files = new Map<string, Opened>();
  /** The graph attached to a file's thread (by app thread id): its id and shape (with its wiring). */
  private readonly attached = new Map<string, { graphId: string; shape: GraphShape }>();
  private next = 1;

  constructor(private readonly opener: FilesOpener) {}

  /**
   * Opens `files` as one store; a problem is returned as data and nothing is kept. Reads the first
   * chunk of thread ids and describes the first page; the other threads are counted after the
   * reply, in chunks with turns between them (`counted` says when all are). No checkpoint larger
   * than the formats layer's `maxHeadDecodeBytes` is read.
   */
  async open(files: readonly FileLike[]): Promise<{ file: OpenedFileDTO | null; problem: WireError | null }> {
    let opened: { result: OpenResult; stats: ReadStats };
    try {
      opened = await this.opener(files);
    } catch (err) {
      return { file: null, problem: { code: 'INTERNAL', name: 'Error', message: `The files could not be read: ${err instanceof Error ? err.message : String(err)}` } };
    }
    const { result, stats } = opened;
    if (!result.ok) return { file: null, problem: { ...result.error } };
    return this.adopt(result.source, stats, files.map((f) => f.name), null);
  }

  /**
   * Opens files another program is writing, to follow them (`refresh` reads them again); a
   * problem is returned as data and nothing is kept.
   * @param files the files, the database before its `-wal`
   * @param open opens them (`openFollowed` of src/formats with the app's options)
   * @param stop stops hearing their changes (called when the file is closed or no longer followed)
   */
  async follow(files: readonly FollowedFileRef[], open: FollowOpener, stop: () => void): Promise<{ file: OpenedFileDTO | null; problem: WireError | null }> {
    const stats: ReadStats = { reads: 0, bytes: 0 };
    const counted = files.map((f): FollowedFileRef => ({
      name: f.name,
      read(offset, length) {
        const r = f.read(offset, length);
        stats.reads++;
        stats.bytes += r?.bytes.length ?? 0;
        return r;
      },
    }));
    let result: FollowResult;
    try {
      result = await open(counted);
    } catch (err) {
      return { file: null, problem: { code: 'INTERNAL', name: 'Error', message: `The files could not be read: ${err instanceof Error ? err.message : String(err)}` } };
    }
    if (!result.ok) return { file: null, problem: { ...result.error } };
    return this.adopt(result.source, stats, files.map((f) => f.name), { source: result.source, stop });
  }

  private async adopt(source: CheckpointSource, stats: ReadStats, names: string[], followed: Followed | null): Promise<{ file: OpenedFileDTO | null; problem: WireError | null }> {
    const fileId = `f${this.next++}`;
    try {
      const index = new ThreadIndex(source);
      const threads = await this.describeAll(fileId, source, await index.ids(0, FIRST_PAGE));
      index.countRest();
      const dto: Opened['dto'] = { fileId, ...this.facts(source), files: names, threads };
      const store = fileThreadStore(fileId, source, () => this.storedThreads(fileId), (threadId, ns) => this.wiringOf(threadId, ns));
      this.files.set(fileId, { dto, source, store, stats, index, touched: new Map(), followed });
      return { file: this.dtoOf(fileId)!, problem: null };
    } catch (err) {
      // A file that opened but cannot be listed (damaged pages) is refused whole.
      source.close();
      followed?.stop();
      const data = (err as { data?: WireError }).data;
      return { file: null, problem: data ?? { code: 'FORMAT_CORRUPT', name: 'FormatError', message: err instanceof Error ? err.message : String(err) } };
    }
  }

  private facts(source: CheckpointSource): Pick<OpenedFileDTO, 'name' | 'format' | 'size' | 'wal' | 'notes'> {
    const info = source.info;
    return {
      name: info.name,
      format: info.format,
      size: info.size,
      wal: info.wal ? { merged: info.wal.merged, frames: info.wal.committedFrames, reason: info.wal.reason ?? null } : null,
      notes: [...info.notes],
    };
  }

  /**
   * Reads a followed file again when it changed: its first page of threads and the threads read in
   * the debugger are described anew, its threads counted again.
   * @returns the file now and the ids of the threads it lists that are new or have other
   *   checkpoints; null when the file is not followed or nothing changed
   */
  async refresh(fileId: string): Promise<{ file: OpenedFileDTO; changed: string[] } | null> {
    const f = this.files.get(fileId);
    if (!f?.followed || !(await f.followed.source.refresh()) || this.files.get(fileId) !== f) return null;
    const before = new Map(this.listed(f).map((t) => [t.threadId, t]));
    const index = new ThreadIndex(f.source);
    const threads = await this.describeAll(fileId, f.source, await index.ids(0, FIRST_PAGE));
    const touched = new Map<string, FileThreadDTO>();
    for (const id of f.touched.keys()) {
      const row = await this.describe(id);
      if (row) touched.set(id, row);
    }
    if (this.files.get(fileId) !== f) return null;
    index.countRest();
    f.index = index;
    f.touched = touched;
    f.dto = { ...f.dto, ...this.facts(f.source), threads };
    const changed = this.listed(f).filter((t) => {
      const was = before.get(t.threadId);
      return !was || was.latestCheckpointId !== t.latestCheckpointId || was.checkpoints !== t.checkpoints;
    }).map((t) => t.threadId);
    return { file: this.dtoOf(fileId)!, changed };
  }

  /** Stops following a file (it stays open as last read); false when it was not followed. */
  unfollow(fileId: string): boolean {
    const f = this.files.get(fileId);
    if (!f?.followed) return false;
    f.followed.stop();
    f.followed = null;
    return true;
  }

  private async describeAll(fileId: string, source: CheckpointSource, ids: readonly string[]): Promise<FileThreadDTO[]> {
    const out: FileThreadDTO[] = [];
    for (const [i, id] of ids.entries()) {
      if (i > 0 && i % DESCRIBED_PER_TURN === 0) await yieldToLoop();
      const d = await source.describeThread(id);
      if (d) out.push(fileThreadDto(fileId, d));
    }
    return out;
  }

  /**
   * Rows `offset` … `offset + limit` of a file's thread list, and how many threads it has (counted
   * so far: all once counting is done).
   * @throws HostError NOT_FOUND when the file is not open
   */
  async threadPage(fileId: string, offset: number, limit: number): Promise<{ total: number; threads: FileThreadDTO[] }> {
    const f = this.files.get(fileId);
    if (!f) throw hostError('NOT_FOUND', `open file "${fileId}"`, 'files are closed when the page reloads; open the file again');
    const ids = await f.index.ids(offset, Math.min(limit, MAX_PAGE));
    return { total: f.index.count, threads: await this.describeAll(fileId, f.source, ids) };
  }

  /**
   * How many threads a file holds, once all are counted.
   * @throws HostError NOT_FOUND when the file is not open; the formats layer's error when its pages cannot be read
   */
  async count(fileId: string): Promise<number> {
    const f = this.files.get(fileId);
    if (!f) throw hostError('NOT_FOUND', `open file "${fileId}"`, 'files are closed when the page reloads; open the file again');
    return f.index.total;
  }

  /** The list row of a file's thread (read now), or undefined when the file or thread is gone. */
  async describe(threadId: string): Promise<FileThreadDTO | undefined> {
    const parsed = parseFileThreadId(threadId);
    const f = parsed ? this.files.get(parsed.fileId) : undefined;
    if (!parsed || !f) return undefined;
    const d = await f.source.describeThread(parsed.originalId);
    return d ? fileThreadDto(parsed.fileId, d) : undefined;
  }

  /**
   * Notes that a file's thread is read in the debugger: it is listed with the native threads from
   * now on (the newest `TOUCHED_KEPT` of them), so its views know it is a file's, read-only.
   */
  touch(threadId: string): void {
    const parsed = parseFileThreadId(threadId);
    const f = parsed ? this.files.get(parsed.fileId) : undefined;
    if (!f || f.dto.threads.some((t) => t.threadId === threadId)) return;
    const known = f.touched.get(threadId);
    if (known) {
      f.touched.delete(threadId);
      f.touched.set(threadId, known);
      return;
    }
    void this.describe(threadId).then((row) => {
      if (!row || this.files.get(parsed!.fileId) !== f) return;
      f.touched.set(threadId, row);
      if (f.touched.size > TOUCHED_KEPT) f.touched.delete(f.touched.keys().next().value!);
    }, () => undefined);
  }

  /** The rows a file lists with the native threads: its first page and the threads read in the debugger. */
  private listed(f: Opened): FileThreadDTO[] {
    return [...f.dto.threads, ...f.touched.values()];
  }

  private storedThreads(fileId: string): StoredThread[] {
    const f = this.files.get(fileId);
    return (f ? this.listed(f) : []).map((t) => ({ threadId: t.threadId, graphId: null, running: false, error: t.status === 'error', interrupted: t.status === 'interrupted', steps: t.checkpoints, updatedAt: t.updatedAt ?? null }));
  }

  private dtoOf(fileId: string): OpenedFileDTO | undefined {
    const f = this.files.get(fileId);
    return f ? { ...f.dto, threadCount: f.index.count, counted: f.index.done, bytesRead: f.stats.bytes, followed: f.followed !== null } : undefined;
  }

  list(): OpenedFileDTO[] {
    return [...this.files.keys()].map((id) => this.dtoOf(id)!);
  }

  /** Closes a file (a file not open is no error: closing twice is the same as once); returns the ids of the threads that were read. */
  close(fileId: string): string[] {
    const f = this.files.get(fileId);
    if (!f) return [];
    this.files.delete(fileId);
    f.followed?.stop();
    f.source.close();
    for (const threadId of this.attached.keys()) if (parseFileThreadId(threadId)?.fileId === fileId) this.attached.delete(threadId);
    return this.listed(f).map((t) => t.threadId);
  }

  /** The file a thread id belongs to, when it is a file thread id. */
  fileOf(threadId: string): { fileId: string; originalId: string; name: string; store: ThreadStore; source: CheckpointSource } | null {
    const parsed = parseFileThreadId(threadId);
    if (!parsed) return null;
    const f = this.files.get(parsed.fileId);
    if (!f) return null;
    return { ...parsed, name: f.dto.name, store: f.store, source: f.source };
  }

  /** True when `threadId` has the form of a file thread id (whether or not its file is open). */
  static isFileThread(threadId: string): boolean {
    return parseFileThreadId(threadId) !== null;
  }

  /**
   * Open files' threads as thread list rows (read-only, with their file): each file's first page
   * and the threads read in the debugger, never a whole file of 300,000 threads.
   */
  summaries(): ThreadSummary[] {
    return [...this.files.values()].flatMap((f) => this.listed(f).map((t): ThreadSummary => ({
      threadId: t.threadId,
      graphId: this.attachedGraph(t.threadId),
      status: t.status,
      steps: t.checkpoints,
      updatedAt: t.updatedAt ?? null,
      readOnly: true,
      file: { fileId: f.dto.fileId, fileName: f.dto.name, originalId: t.originalId, language: t.language },
    })));
  }

  /** Attaches a graph of the app to a file's thread (null: detaches it). Its reads then use the graph's wiring. */
  attach(threadId: string, graph: { graphId: string; shape: GraphShape } | null): void {
    if (graph) this.attached.set(threadId, graph);
    else this.attached.delete(threadId);
  }

  /** The id of the graph attached to a file's thread, or null. */
  attachedGraph(threadId: string): string | null {
    return this.attached.get(threadId)?.graphId ?? null;
  }

  /**
   * The attached graph's wiring for a namespace of the thread: the root graph's, or the subgraph's
   * that its levels name (`node:<task id>|…`); undefined without a graph or one that does not say.
   */
  wiringOf(threadId: string, ns: string): GraphWiringDTO | undefined {
    let shape: GraphShape | undefined = this.attached.get(threadId)?.shape;
    for (const level of ns === '' ? [] : ns.split('|')) {
      const node = level.slice(0, level.lastIndexOf(':'));
      shape = shape?.nodes.find((n) => n.id === node)?.subgraph;
    }
    return shape?.wiring;
  }
}
