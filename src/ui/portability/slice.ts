/**
 * Portability slice: export the open thread as a file, and import a file (a replaygraph thread or a
 * LangGraph history) after a preview. Every file is checked in the worker; a refused file shows its
 * problem (with the JSON path) and changes nothing.
 */
import type { StateCreator } from 'zustand';
import type { ImportPreviewDTO, ImportProblemDTO } from '../../protocol/dto';
import type { AppState, StoreClient } from '../store/types';
import { fileDoor } from './file-door';
import { importSizeProblem, type ImportFile } from './import-file';

/** An import being looked at: the file's text, what it holds or why it is refused. */
export interface PendingImport {
  fileName: string;
  text: string;
  preview: ImportPreviewDTO | null;
  problem: ImportProblemDTO | null;
}

export interface PortabilitySlice {
  pendingImport: PendingImport | null;
  /** Exports the thread; resolves with the file (the view saves it as a download). */
  exportThread(threadId: string): Promise<{ fileName: string; text: string } | null>;
  previewImport(fileName: string, text: string): Promise<void>;
  /** Previews a chosen file: one over the import limit is refused by its size, without reading it. */
  previewImportFile(file: ImportFile): Promise<void>;
  /**
   * One door for every file (Import…, a drop anywhere, the Files view): told by its first bytes,
   * a checkpoint store (SQLite with its `-wal`, a dev server store, a Postgres dump) opens in the
   * Files view, a thread file is previewed for import (`file-door.ts`); a file that is neither goes
   * to `otherwise` (the import dialog from Import… and a drop, the Files view from its own button),
   * which says why it cannot be read.
   */
  openAnyFiles(files: File[], otherwise?: 'import' | 'checkpoints'): Promise<void>;
  /**
   * Imports the previewed file (under `threadId` when given) and opens it in the debugger. Its
   * graph source runs only with `trustSource` (the user read it in the preview and agreed).
   */
  confirmImport(threadId?: string, trustSource?: boolean): Promise<void>;
  cancelImport(): void;
}

/** Creates the portability slice over `client`. */
export function createPortabilitySlice(client: StoreClient): StateCreator<AppState, [], [], PortabilitySlice> {
  return (set, get) => ({
    pendingImport: null,

    async exportThread(threadId) {
      try {
        const r = await client.request('rg/thread.export', { threadId });
        return { fileName: r.fileName, text: r.text };
      } catch (err) {
        get().reportError('Export', err);
        return null;
      }
    },

    async previewImport(fileName, text) {
      try {
        const r = await client.request('rg/thread.importPreview', { text });
        set({ pendingImport: { fileName, text, preview: r.preview, problem: r.problem } });
      } catch (err) {
        get().reportError('Import', err);
      }
    },

    async openAnyFiles(files, otherwise = 'import') {
      if (files.length === 0) return;
      let doors;
      try {
        doors = await Promise.all(files.map(fileDoor));
      } catch (err) {
        get().reportError('Opening files', err);
        return;
      }
      if (doors.includes('checkpoints') || (otherwise === 'checkpoints' && !doors.includes('thread'))) {
        get().setView('files');
        await get().openCheckpointFiles(files);
        return;
      }
      await get().previewImportFile(files[0]!);
    },

    async previewImportFile(file) {
      try {
        const problem = await importSizeProblem(file);
        if (problem) {
          set({ pendingImport: { fileName: file.name, text: '', preview: null, problem } });
          return;
        }
        await get().previewImport(file.name, await file.text());
      } catch (err) {
        get().reportError('Import', err);
      }
    },

    async confirmImport(threadId, trustSource = false) {
      const pending = get().pendingImport;
      if (pending === null || pending.preview === null) return;
      try {
        const r = await client.request('rg/thread.import', { text: pending.text, ...(threadId ? { threadId } : {}), trustSource });
        if (r.thread === null) {
          set({ pendingImport: { ...pending, preview: null, problem: r.problem } });
          return;
        }
        set({ pendingImport: null });
        if (r.thread.quarantinedGraphId !== null) {
          get().reportError('Import', new Error(`The file's graph code was kept without running it, as "${r.thread.quarantinedGraphId}" (quarantined): nothing of it runs until you read it in the editor and choose Approve and save.`));
        }
        const { graphs } = await client.request('rg/graphs.list', {});
        set({ graphs });
        await get().refreshThreads();
        set({ view: 'debugger' });
        await get().openThread(r.thread.threadId);
      } catch (err) {
        get().reportError('Import', err);
      }
    },

    cancelImport() {
      set({ pendingImport: null });
    },
  });
}
