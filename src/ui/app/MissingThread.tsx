import { useRef } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ missing: s.missingThread, threadId: s.threadId, previewImportFile: s.previewImportFile, openGraph: s.openGraph, graphId: s.graphId });

/**
 * A deep link named a thread this browser does not store: say so, and offer to import its file
 * (the import dialog can keep the thread id of the link). Run, replay, fork and delete are off meanwhile.
 */
export function MissingThread() {
  const m = useAppStoreShallow(pick);
  const input = useRef<HTMLInputElement>(null);
  if (m.missing === null || m.missing !== m.threadId) return null;
  return (
    <div className="missing-thread" role="alert" data-testid="missing-thread">
      <strong>Thread “{m.missing}” is not in this browser.</strong>{' '}
      The link points at a thread stored in another browser (or deleted). Import its exported file to open it here.
      <button type="button" onClick={() => input.current?.click()} data-testid="missing-import">Import a thread file…</button>
      <button type="button" onClick={() => m.openGraph(m.graphId ?? '')} data-testid="missing-close">Close</button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Thread file to import"
        onChange={(ev) => {
          const file = ev.target.files?.[0];
          if (file) void m.previewImportFile(file);
        }}
      />
    </div>
  );
}
