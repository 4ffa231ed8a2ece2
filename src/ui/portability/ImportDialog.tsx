import { useState } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import '../gallery/gallery.css';

const pick = (s: AppState) => ({ pending: s.pendingImport, confirm: s.confirmImport, cancel: s.cancelImport });

/**
 * What a file holds before it is imported, or why it is refused (with the JSON path). Every value
 * is rendered as text by React, never as markup.
 */
export function ImportDialog() {
  const { pending, confirm, cancel } = useAppStoreShallow(pick);
  const preview = pending?.preview ?? null;
  const [threadId, setThreadId] = useState(preview ? (preview.threadExists ? `${preview.threadId}-imported` : preview.threadId) : '');
  const [trust, setTrust] = useState(false);
  if (pending === null) return null;
  return (
    <div className="import-dialog" role="dialog" aria-modal="true" aria-labelledby="import-title" data-testid="import-dialog">
      <h2 id="import-title">Import {pending.fileName}</h2>
      {pending.problem && (
        <div className="import-problem" role="alert" data-testid="import-problem" data-code={pending.problem.code} data-path={pending.problem.path ?? ''}>
          <p>This file was refused and nothing was changed: {pending.problem.message}</p>
          {pending.problem.issues.length > 1 && (
            <ul>
              {pending.problem.issues.slice(0, 8).map((i, n) => (
                <li key={n}><code>{i.path}</code>: {i.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && (
        <>
          <dl data-testid="import-preview">
            <dt>Format</dt><dd>{preview.format === 'langgraph' ? 'LangGraph thread history (read-only)' : 'replaygraph thread'}</dd>
            <dt>Thread</dt><dd>{preview.threadId}</dd>
            <dt>Graph</dt><dd>{preview.graphId ?? 'unknown'}{preview.hasSource ? ' (source included, below)' : ''}</dd>
            <dt>Checkpoints</dt><dd>{preview.checkpoints} in {preview.namespaces.length} namespace(s)</dd>
            <dt>Runs</dt><dd>{preview.runs}</dd>
          </dl>
          <label className="picker">
            Import as thread
            <input value={threadId} onChange={(e) => setThreadId(e.target.value)} data-testid="import-thread-id" spellCheck={false} />
          </label>
          {preview.threadExists && threadId === preview.threadId && <p className="muted">A thread with this id exists: choose another id.</p>}
          {preview.graphSource !== null && (
            <section aria-label="The file's graph code">
              <p>
                {preview.sourceWouldRun
                  ? 'This file carries the TypeScript of its graph. It runs only if you agree (in a sandbox without access to your other threads); without agreeing, the thread is imported and the code is kept, not run, until you approve it in the editor.'
                  : 'This file carries the TypeScript of its graph; it is not used here (a graph with this id exists).'}
              </p>
              <pre className="import-source" data-testid="import-source">{preview.graphSource}</pre>
              {preview.sourceWouldRun && (
                <label className="check">
                  <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} data-testid="import-trust" /> I have read this code and want to run it
                </label>
              )}
            </section>
          )}
        </>
      )}
      <div className="buttons">
        {preview && (
          <button type="button" disabled={threadId.trim() === ''} onClick={() => void confirm(threadId.trim(), preview.sourceWouldRun && trust)} data-testid="import-confirm">
            {preview.sourceWouldRun ? (trust ? 'Import and run its code' : 'Import without running its code') : 'Import'}
          </button>
        )}
        <button type="button" onClick={cancel} data-testid="import-cancel">{preview ? 'Cancel' : 'Close'}</button>
      </div>
    </div>
  );
}
