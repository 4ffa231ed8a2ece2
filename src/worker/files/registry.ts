/**
 * The checkpoint files opened in this storage worker: each is a `CheckpointSource` from
 * `src/formats`, read lazily from the user's `File` objects (never copied whole), listed with its
 * threads, and read through its own `ThreadStore` (file-store.ts). Closing a file releases it.
 * Nothing here writes: a file that cannot be opened is a problem as data, and nothing changes.
 */
import type { CheckpointSource, FileLike, OpenResult, ReadStats } from '../../formats/index';
import type { ThreadSummary, WireError } from '../../protocol/dto';
import { fileThreadId, parseFileThreadId, type FileThreadDTO, type FileThreadLanguage, type OpenedFileDTO } from '../../protocol/files';
import type { StoredThread, ThreadStore } from '../store';
import { headFacts, threadStatus } from '../thread-status';
import { fileThreadStore } from './file-store';

/** Opens a set of files (a dependency: the browser reads `File`s with FileReaderSync, tests read bytes). */
export type FilesOpener = (files: readonly FileLike[]) => Promise<{ result: OpenResult; stats: ReadStats }>;

/** Threads whose newest checkpoint is read at open time (language and status); the others are listed without. */
const HEADS_READ = 500;

interface Opened {
  dto: OpenedFileDTO;
  source: CheckpointSource;
  store: ThreadStore;
  stats: ReadStats;
}

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

/** The opened files of one host. */
export class OpenedFiles {
  private readonly files = new Map<string, Opened>();
  private next = 1;

  constructor(private readonly opener: FilesOpener) {}

  /** Opens `files` as one store; a problem is returned as data and nothing is kept. */
  async open(files: readonly FileLike[]): Promise<{ file: OpenedFileDTO | null; problem: WireError | null }> {
    let opened: { result: OpenResult; stats: ReadStats };
    try {
      opened = await this.opener(files);
    } catch (err) {
      return { file: null, problem: { code: 'INTERNAL', name: 'Error', message: `The files could not be read: ${err instanceof Error ? err.message : String(err)}` } };
    }
    const { result, stats } = opened;
    if (!result.ok) return { file: null, problem: { ...result.error } };
    const fileId = `f${this.next++}`;
    try {
      const threads = await this.threadsOf(fileId, result.source);
      const info = result.source.info;
      const dto: OpenedFileDTO = {
        fileId,
        name: info.name,
        files: files.map((f) => f.name),
        format: info.format,
        size: info.size,
        wal: info.wal ? { merged: info.wal.merged, frames: info.wal.committedFrames, reason: info.wal.reason ?? null } : null,
        notes: [...info.notes],
        threads,
        bytesRead: stats.bytes,
      };
      const store = fileThreadStore(fileId, result.source, () => this.storedThreads(fileId));
      this.files.set(fileId, { dto, source: result.source, store, stats });
      return { file: this.dtoOf(fileId)!, problem: null };
    } catch (err) {
      // A file that opened but cannot be listed (damaged pages) is refused whole.
      result.source.close();
      const data = (err as { data?: WireError }).data;
      return { file: null, problem: data ?? { code: 'FORMAT_CORRUPT', name: 'FormatError', message: err instanceof Error ? err.message : String(err) } };
    }
  }

  private async threadsOf(fileId: string, source: CheckpointSource): Promise<FileThreadDTO[]> {
    const listed = await source.listThreads();
    const out: FileThreadDTO[] = [];
    for (const [i, t] of listed.entries()) {
      const head = i < HEADS_READ ? await source.getCheckpoint(t.threadId, '').catch(() => undefined) : undefined;
      out.push({
        threadId: fileThreadId(fileId, t.threadId),
        originalId: t.threadId,
        checkpoints: t.checkpointCount,
        namespaces: t.namespaceCount,
        latestCheckpointId: t.latestCheckpointId,
        language: head ? languageOf(head.rawVersions) : 'unknown',
        status: threadStatus({ running: false, ...headFacts(head?.tuple.pendingWrites) }),
        ...(head ? { updatedAt: head.tuple.checkpoint.ts } : {}),
      });
    }
    return out;
  }

  private storedThreads(fileId: string): StoredThread[] {
    const f = this.files.get(fileId);
    return (f?.dto.threads ?? []).map((t) => ({ threadId: t.threadId, graphId: null, running: false, error: t.status === 'error', interrupted: t.status === 'interrupted', steps: t.checkpoints, updatedAt: t.updatedAt ?? null }));
  }

  private dtoOf(fileId: string): OpenedFileDTO | undefined {
    const f = this.files.get(fileId);
    return f ? { ...f.dto, bytesRead: f.stats.bytes } : undefined;
  }

  list(): OpenedFileDTO[] {
    return [...this.files.keys()].map((id) => this.dtoOf(id)!);
  }

  /** Closes a file (a file not open is no error: closing twice is the same as once). */
  close(fileId: string): string[] {
    const f = this.files.get(fileId);
    if (!f) return [];
    this.files.delete(fileId);
    f.source.close();
    return f.dto.threads.map((t) => t.threadId);
  }

  /** The file a thread id belongs to, when it is a file thread id. */
  fileOf(threadId: string): { fileId: string; originalId: string; name: string; store: ThreadStore; source: CheckpointSource; thread: FileThreadDTO | undefined } | null {
    const parsed = parseFileThreadId(threadId);
    if (!parsed) return null;
    const f = this.files.get(parsed.fileId);
    if (!f) return null;
    return { ...parsed, name: f.dto.name, store: f.store, source: f.source, thread: f.dto.threads.find((t) => t.threadId === threadId) };
  }

  /** True when `threadId` has the form of a file thread id (whether or not its file is open). */
  static isFileThread(threadId: string): boolean {
    return parseFileThreadId(threadId) !== null;
  }

  /** Every open file's threads as thread list rows (read-only, with their file). */
  summaries(): ThreadSummary[] {
    return [...this.files.values()].flatMap((f) => f.dto.threads.map((t): ThreadSummary => ({
      threadId: t.threadId,
      graphId: null,
      status: t.status,
      steps: t.checkpoints,
      updatedAt: t.updatedAt ?? null,
      readOnly: true,
      file: { fileId: f.dto.fileId, fileName: f.dto.name, originalId: t.originalId, language: t.language },
    })));
  }
}
