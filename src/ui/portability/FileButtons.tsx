import { useRef } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ImportDialog } from './ImportDialog';

const pick = (s: AppState) => ({
  threadId: s.threadId, exportThread: s.exportThread, previewImportFile: s.previewImportFile, pending: s.pendingImport,
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
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await f.previewImportFile(file);
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
      <button type="button" onClick={() => input.current?.click()} data-testid="import-thread">Import…</button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(ev) => void onFile(ev.target.files?.[0])}
        data-testid="import-file"
        aria-label="Thread file to import"
      />
      {f.pending && <ImportDialog key={`${f.pending.fileName}:${f.pending.text.length}`} />}
    </>
  );
}
