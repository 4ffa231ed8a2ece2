/**
 * Files slice: checkpoint files a LangGraph app wrote (a SQLite database with its `-wal`, the JS
 * dev server's store, a Postgres dump), opened read-only in the storage worker. Their threads are
 * listed with the native ones and shown in the same debugger views; "continue here" forks one
 * into a native thread and runs it with the graph the user wrote in the editor.
 */
import type { StateCreator } from 'zustand';
import type { WireError } from '../../protocol/dto';
import type { OpenedFileDTO } from '../../protocol/files';
import type { AppState, StoreClient } from '../store/types';

export interface FilesSlice {
  openedFiles: OpenedFileDTO[];
  filesBusy: boolean;
  /** Why the last files chosen could not be opened (nothing was changed). */
  filesProblem: (WireError & { files: string[] }) | null;
  /** Opens the chosen files as one store (a database and its `-wal` together). */
  openCheckpointFiles(files: File[]): Promise<OpenedFileDTO | null>;
  closeCheckpointFile(fileId: string): Promise<void>;
  /** Opens a file's thread in the debugger. */
  openFileThread(threadId: string): Promise<void>;
  /**
   * Forks the open file thread at the selected checkpoint (its head when none is selected) into a
   * native thread run by `graphId`, opens it and follows the run.
   */
  continueHere(graphId: string): Promise<void>;
}

/** Creates the files slice over `client`. */
export function createFilesSlice(client: StoreClient): StateCreator<AppState, [], [], FilesSlice> {
  return (set, get) => ({
    openedFiles: [],
    filesBusy: false,
    filesProblem: null,

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
        set({ openedFiles: [...get().openedFiles, opened] });
        await get().refreshThreads();
        return opened;
      } catch (err) {
        get().reportError('Opening files', err);
        return null;
      } finally {
        set({ filesBusy: false });
      }
    },

    async closeCheckpointFile(fileId) {
      try {
        await client.request('rg/files.close', { fileId });
      } catch (err) {
        get().reportError('Closing the file', err);
        return;
      }
      const closing = get().openedFiles.find((f) => f.fileId === fileId);
      set({ openedFiles: get().openedFiles.filter((f) => f.fileId !== fileId) });
      if (closing?.threads.some((t) => t.threadId === get().threadId)) get().openGraph(get().graphId ?? '');
      await get().refreshThreads();
    },

    async openFileThread(threadId) {
      // A file's thread has no graph here: none is drawn rather than the last one.
      set({ view: 'debugger', graphId: null });
      await get().openThread(threadId);
    },

    async continueHere(graphId) {
      const { threadId, checkpointId, history } = get();
      const at = checkpointId ?? history[0]?.checkpointId ?? null;
      if (threadId === null || at === null) return;
      try {
        const r = await client.request('rg/files.continue', { threadId, checkpointId: at, graphId });
        await get().refreshThreads();
        await get().openThread(r.threadId);
        set({ graphId, activeRun: { runId: r.runId, threadId: r.threadId, events: 0 }, traceRunId: r.runId, trace: [] });
      } catch (err) {
        get().reportError('Continue here', err);
      }
    },
  });
}
