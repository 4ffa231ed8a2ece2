import { useRef } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ImportDialog } from './ImportDialog';

const pick = (s: AppState) => ({
  threadId: s.threadId, exportThread: s.exportThread, openAnyFiles: s.openAnyFiles, pending: s.pendingImport,
  missing: s.missingThread !== null && s.missingThread === s.threadId,
});

/** Saves text as a file download. */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Header buttons: export the open thread as a JSON file, import a thread file or a LangGraph history. */
export function FileButtons() {
  const f = useAppStoreShallow(pick);
  const input = useRef<HTMLInputElement>(null);
  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    try {
      await f.openAnyFiles([...files]);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <button
        type="button"
        disabled={f.threadId === null || f.missing}
        title={f.threadId === null ? 'Open a thread to export it.' : f.missing ? `Thread "${f.threadId}" is not stored in this browser: there is nothing to export.` : 'Export this thread as a JSON file'}
        onClick={async () => {
          if (f.threadId === null) return;
          const file = await f.exportThread(f.threadId);
          if (file) download(file.fileName, file.text);
        }}
        data-testid="export-thread"
      >
        Export thread
      </button>
      <button type="button" onClick={() => input.current?.click()} data-testid="import-thread" title="A thread file, a LangGraph history, or your app's checkpoints (a SQLite file with its -wal, a dev server store, a Postgres dump)">Import…</button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(ev) => void onFiles(ev.target.files)}
        data-testid="import-file"
        aria-label="File to import or open"
      />
      {f.pending && <ImportDialog key={`${f.pending.fileName}:${f.pending.text.length}`} />}
    </>
  );
}
