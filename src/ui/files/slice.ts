/**
 * Files slice: checkpoint files a LangGraph app wrote (a SQLite database with its `-wal`, the JS
 * dev server's store, a Postgres dump), opened read-only in the storage worker. Their threads are
 * listed with the native ones and shown in the same debugger views; "continue here" forks one
 * into a native thread and runs it with the graph the user wrote in the editor.
 */
import type { StateCreator } from 'zustand';
import type { GraphShape, WireError } from '../../protocol/dto';
import { parseFileThreadId, type FilesChangedEvent, type FileThreadDTO, type OpenedFileDTO } from '../../protocol/files';
import type { AppState, StoreClient } from '../store/types';

/** The rows of a file's thread list loaded so far, by position, and how many there are. */
export interface FileThreadRows {
  total: number;
  rows: Readonly<Record<number, FileThreadDTO>>;
}

/**
 * Rows asked for at a time. Each row costs the storage worker a few small SQLite queries (its
 * counts, its head, its writes' channels) and the decode of a small head, so a page's wait is its
 * rows' cost: 50 cover a screen of the list (about 30 rows) at half the wait of 100.
 */
export const FILE_THREAD_PAGE = 50;

export interface FilesSlice {
  openedFiles: OpenedFileDTO[];
  /** Each open file's thread list, loaded page by page as it is scrolled (by file id). */
  fileThreadRows: Readonly<Record<string, FileThreadRows>>;
  /** Loads the pages of a file's thread list that hold rows `from` … `to` and are not loaded yet. */
  loadFileThreads(fileId: string, from: number, to: number): Promise<void>;
  filesBusy: boolean;
  /** Why the last files chosen could not be opened (nothing was changed). */
  filesProblem: (WireError & { files: string[] }) | null;
  /** Opens the chosen files as one store (a database and its `-wal` together). */
  openCheckpointFiles(files: File[]): Promise<OpenedFileDTO | null>;
  closeCheckpointFile(fileId: string): Promise<void>;
  /** Opens a file's thread in the debugger. */
  openFileThread(threadId: string): Promise<void>;
  /**
   * Opens and follows the files the app's server serves (`npm start -- <path>`), shown in the
   * Files view; nothing when it serves none.
   */
  followServedFiles(): Promise<void>;
  /** A followed file was read again: its list, and the open thread's new checkpoints, are shown. */
  fileChanged(event: FilesChangedEvent): Promise<void>;
  /** Stops following a file: it stays open as it was last read. */
  stopFollowing(fileId: string): Promise<void>;
  /**
   * Forks the open file thread at the selected checkpoint (its head when none is selected) into a
   * native thread run by `graphId`, opens it and follows the run.
   */
  continueHere(graphId: string): Promise<void>;
  /**
   * The graph drawn from the open file thread's checkpoints (what its run did, not the declared
   * graph), shown on the canvas while no graph of the app is attached to the thread.
   */
  observedGraph: { threadId: string; shape: GraphShape } | null;
  /** Asks the storage worker for a file thread's observed graph (and the graph its metadata names, attached). */
  loadObservedGraph(threadId: string): Promise<void>;
  /** Attaches a graph of the app to the open file thread (null: none), and reads the thread again with it. */
  attachFileGraph(graphId: string | null): Promise<void>;
}

/** Pages being asked for, by `fileId:page`. */
const loading = new Set<string>();

/** Creates the files slice over `client`. */
export function createFilesSlice(client: StoreClient): StateCreator<AppState, [], [], FilesSlice> {
  return (set, get) => {
    /** Reads the open file thread again (where it was) once a graph was attached to it or detached. */
    const reopenWith = async (threadId: string, graphId: string | null) => {
      // The details read so far were computed with another graph (or none).
      get().forgetDetails();
      await get().refreshThreads();
      const { ns, checkpointId } = get();
      await get().openThread(threadId, { ns, checkpointId });
      if (get().threadId === threadId) set({ graphId });
    };
    /** Asks for the total of a file whose threads are still being counted, and shows it. */
    const countThreads = async (fileId: string) => {
      try {
        const { total } = await client.request('rg/files.count', { fileId });
        const known = get().fileThreadRows[fileId];
        if (!known) return; // closed meanwhile
        set({
          openedFiles: get().openedFiles.map((f) => (f.fileId === fileId ? { ...f, threadCount: total, counted: true } : f)),
          fileThreadRows: { ...get().fileThreadRows, [fileId]: { ...known, total } },
        });
      } catch (err) {
        if (get().fileThreadRows[fileId]) get().reportError('Counting the file\'s threads', err);
      }
    };
    /** The file's first page as its loaded rows (the others are asked for again when scrolled to). */
    const firstRows = (file: OpenedFileDTO): FileThreadRows => {
      const rows: Record<number, FileThreadDTO> = {};
      for (const [i, t] of file.threads.entries()) rows[i] = t;
      return { total: file.threadCount, rows };
    };
    /**
     * Adds the open thread's checkpoints newer than those shown: pages newest first until one holds
     * a checkpoint already shown (ids are never shown twice: `addCheckpoints` merges by id).
     */
    const addNewCheckpoints = async (threadId: string) => {
      const known = new Set(get().history.map((c) => c.checkpointId));
      let before: string | undefined;
      for (;;) {
        const { page } = await client.request('rg/history.page', { threadId, ns: get().ns, before, limit: FILE_THREAD_PAGE });
        if (get().threadId !== threadId) return;
        get().addCheckpoints(page.items);
        if (page.nextBefore === null || page.items.length === 0 || page.items.some((c) => known.has(c.checkpointId))) return;
        before = page.nextBefore;
      }
    };
    return {
      openedFiles: [],
      fileThreadRows: {},
      filesBusy: false,
      filesProblem: null,
      observedGraph: null,

      async loadObservedGraph(threadId) {
        if (get().observedGraph?.threadId === threadId) return;
        try {
          const r = await client.request('rg/files.graph', { threadId });
          if (get().threadId !== threadId) return;
          set({ observedGraph: { threadId, shape: r.shape } });
          // The graph its metadata names was attached: the thread is read again with it.
          if (r.attachedGraphId !== null && get().graphId !== r.attachedGraphId) await reopenWith(threadId, r.attachedGraphId);
        } catch (err) {
          get().reportError('Drawing the graph from the file\'s checkpoints', err);
        }
      },

      async openCheckpointFiles(files) {
        if (files.length === 0) return null;
        set({ filesBusy: true, filesProblem: null });
        try {
          const r = await client.request('rg/files.open', { files });
          if (r.problem || !r.file) {
            set({ filesProblem: { ...(r.problem ?? { code: 'INTERNAL', name: 'Error', message: 'The files could not be opened.' }), files: files.map((f) => f.name) } });
            return null;
          }
          const opened = r.file;
          const rows: Record<number, FileThreadDTO> = {};
          for (const [i, t] of opened.threads.entries()) rows[i] = t;
          set({ openedFiles: [...get().openedFiles, opened], fileThreadRows: { ...get().fileThreadRows, [opened.fileId]: { total: opened.threadCount, rows } } });
          if (!opened.counted) void countThreads(opened.fileId);
          await get().refreshThreads();
          return opened;
        } catch (err) {
          get().reportError('Opening files', err);
          return null;
        } finally {
          set({ filesBusy: false });
        }
      },

      async followServedFiles() {
        try {
          const r = await client.request('rg/files.follow', {});
          if (r.problem) set({ filesProblem: { ...r.problem, files: ['the followed files'] } });
          if (!r.file) return;
          const opened = r.file;
          set({ openedFiles: [...get().openedFiles, opened], fileThreadRows: { ...get().fileThreadRows, [opened.fileId]: firstRows(opened) }, view: 'files' });
          if (!opened.counted) void countThreads(opened.fileId);
          await get().refreshThreads();
        } catch (err) {
          get().reportError('Following files', err);
        }
      },

      async fileChanged(event) {
        if (!get().fileThreadRows[event.fileId]) return; // closed meanwhile
        set({
          openedFiles: get().openedFiles.map((f) => (f.fileId === event.fileId ? event.file : f)),
          fileThreadRows: { ...get().fileThreadRows, [event.fileId]: firstRows(event.file) },
        });
        if (!event.file.counted) void countThreads(event.fileId);
        try {
          const open = get().threadId;
          if (open !== null && event.changed.includes(open)) await addNewCheckpoints(open);
          await get().refreshThreads();
        } catch (err) {
          get().reportError('Following files', err);
        }
      },

      async stopFollowing(fileId) {
        try {
          await client.request('rg/files.unfollow', { fileId });
          set({ openedFiles: get().openedFiles.map((f) => (f.fileId === fileId ? { ...f, followed: false } : f)) });
        } catch (err) {
          get().reportError('Stopping following', err);
        }
      },

      async closeCheckpointFile(fileId) {
        try {
          await client.request('rg/files.close', { fileId });
        } catch (err) {
          get().reportError('Closing the file', err);
          return;
        }
        const { [fileId]: _closed, ...rest } = get().fileThreadRows;
        set({ openedFiles: get().openedFiles.filter((f) => f.fileId !== fileId), fileThreadRows: rest });
        const current = get().threadId;
        if (current !== null && parseFileThreadId(current)?.fileId === fileId) get().openGraph(get().graphId ?? '');
        await get().refreshThreads();
      },

      async loadFileThreads(fileId, from, to) {
        const first = Math.floor(Math.max(0, from) / FILE_THREAD_PAGE);
        const last = Math.floor(Math.max(0, to) / FILE_THREAD_PAGE);
        const wanted: number[] = [];
        for (let p = first; p <= last; p++) {
          const known = get().fileThreadRows[fileId];
          const offset = p * FILE_THREAD_PAGE;
          if (!known || offset >= known.total || loading.has(`${fileId}:${p}`)) continue;
          // A page is loaded when its first and last rows are (the open reply brings half of the first).
          if (known.rows[offset] !== undefined && known.rows[Math.min(offset + FILE_THREAD_PAGE, known.total) - 1] !== undefined) continue;
          wanted.push(p);
        }
        await Promise.all(wanted.map(async (p) => {
          const key = `${fileId}:${p}`;
          loading.add(key);
          try {
            const r = await client.request('rg/files.threads', { fileId, offset: p * FILE_THREAD_PAGE, limit: FILE_THREAD_PAGE });
            const known = get().fileThreadRows[fileId];
            if (!known) return; // closed meanwhile
            const rows = { ...known.rows };
            for (const [i, t] of r.threads.entries()) rows[r.offset + i] = t;
            set({ fileThreadRows: { ...get().fileThreadRows, [fileId]: { total: r.total, rows } } });
          } catch (err) {
            get().reportError('Listing the file\'s threads', err);
          } finally {
            loading.delete(key);
          }
        }));
      },

      async openFileThread(threadId) {
        // A file's thread has no graph here: none is drawn rather than the last one.
        set({ view: 'debugger', graphId: null });
        await get().openThread(threadId);
        // Beyond a file's first page, the worker lists a thread once it was read: list it now, so
        // the views know it is a file's (read-only).
        if (!get().threads.some((t) => t.threadId === threadId)) await get().refreshThreads();
      },

      async attachFileGraph(graphId) {
        const threadId = get().threadId;
        if (threadId === null || !parseFileThreadId(threadId)) return;
        try {
          await client.request('rg/files.attach', { threadId, graphId });
        } catch (err) {
          get().reportError('Attaching the graph', err);
          return;
        }
        await reopenWith(threadId, graphId);
      },

      async continueHere(graphId) {
        const { threadId, checkpointId, history } = get();
        const at = checkpointId ?? history[0]?.checkpointId ?? null;
        if (threadId === null || at === null) return;
        try {
          const r = await client.request('rg/files.continue', { threadId, checkpointId: at, graphId });
          // The run is tracked at once: it may end while the new thread is being opened, and its end
          // must find it (set after, it would stay "running" for good).
          set({ activeRun: { runId: r.runId, threadId: r.threadId, events: 0 } });
          await get().refreshThreads();
          await get().openThread(r.threadId);
          // Still going: the trace panel follows it; ended meanwhile: openThread read what it left.
          if (get().activeRun?.runId === r.runId) set({ graphId, traceRunId: r.runId, trace: [] });
          else set({ graphId });
        } catch (err) {
          get().reportError('Continue here', err);
        }
      },
    };
  };
}
