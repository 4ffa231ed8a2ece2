import { useEffect, useMemo, useState } from 'react';
import type { ThreadSummary } from '../../protocol/dto';
import { agoText, filterThreads, graphLabel, threadLabel } from '../model/thread-list';
import { threadPhase } from '../model/thread-phase';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import './threads.css';

const pick = (s: AppState) => ({
  threads: s.threads, graphs: s.graphs, threadId: s.threadId, refresh: s.refreshThreads, openThread: s.openThread, setView: s.setView, rename: s.renameThread,
});

/** A name being edited: Enter or Save keeps it, Escape or Cancel leaves the old one. */
function RenameForm({ thread, onDone, rename }: { thread: ThreadSummary; onDone: () => void; rename: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState(thread.name ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const ok = await rename(name);
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <form className="thread-rename" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <input
        autoFocus value={name} maxLength={200} disabled={busy} placeholder={thread.threadId}
        aria-label={`Name of thread ${thread.threadId}`} data-testid="thread-name-input"
        onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      <button type="submit" disabled={busy} data-testid="thread-name-save">Save</button>
      <button type="button" onClick={onDone} disabled={busy}>Cancel</button>
    </form>
  );
}

/** A thread's status in the words every view uses (model/thread-phase.ts). */
function ThreadPhaseText({ thread }: { thread: ThreadSummary }) {
  const { phase, text } = threadPhase(thread.status, thread.next);
  return <span className={`thread-status status-${phase}`} data-testid="thread-status" data-status={thread.status} data-phase={phase}>{text}</span>;
}

/**
 * Every thread this browser keeps (and those of opened checkpoint files): name, graph, status,
 * checkpoints and last update, with a search over them. A thread is opened in the debugger from
 * here, and named (the name is stored with the thread; the id stays what links and runs use).
 */
export function ThreadsView() {
  const { threads, graphs, threadId, refresh, openThread, setView, rename } = useAppStoreShallow(pick);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => void refresh(), [refresh]);
  const shown = useMemo(() => filterThreads(threads, query, graphs), [threads, query, graphs]);
  const now = Date.now();
  const open = (id: string) => {
    setView('debugger');
    void openThread(id);
  };
  return (
    <section className="threads-view" aria-labelledby="threads-title" data-testid="threads-view">
      <header>
        <h2 id="threads-title">Threads</h2>
        <input
          type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search name, id, graph or status"
          aria-label="Search threads" data-testid="thread-search"
        />
        <span className="muted" data-testid="thread-count">{shown.length === threads.length ? `${threads.length} threads` : `${shown.length} of ${threads.length} threads`}</span>
      </header>
      {threads.some((t) => t.file) && (
        <p className="muted" data-testid="thread-files-note">
          Of an opened checkpoint file, this list holds its first 50 threads and those read in the debugger; the Files view lists them all.
        </p>
      )}
      {threads.length === 0 ? <p className="muted">No threads yet: run a graph from the gallery or the debugger.</p> : shown.length === 0 ? <p className="muted" data-testid="thread-none">No thread matches “{query}”.</p> : (
        <table className="thread-table">
          <thead>
            <tr><th scope="col">name</th><th scope="col">graph</th><th scope="col">status</th><th scope="col">checkpoints</th><th scope="col">updated</th><th scope="col"><span className="sr-only">actions</span></th></tr>
          </thead>
          <tbody>
            {shown.map((t) => (
              <tr key={t.threadId} data-testid="thread-row" data-thread={t.threadId} aria-current={t.threadId === threadId ? 'true' : undefined}>
                <td>
                  {editing === t.threadId ? (
                    <RenameForm thread={t} onDone={() => setEditing(null)} rename={(name) => rename(t.threadId, name)} />
                  ) : (
                    <button type="button" className="link thread-open" onClick={() => open(t.threadId)} title={t.threadId} data-testid="thread-open">
                      <span data-testid="thread-name">{threadLabel(t)}</span>
                      {t.name !== undefined && <span className="muted mono thread-id">{t.threadId}</span>}
                    </button>
                  )}
                  {t.problem && <div className="error-text">{t.problem}</div>}
                </td>
                <td title={t.graphId ?? undefined} data-testid="thread-graph">{graphLabel(t.graphId, graphs)}</td>
                <td><ThreadPhaseText thread={t} />{t.readOnly || t.file ? <span className="muted"> · read-only</span> : null}</td>
                <td data-testid="thread-steps">{t.steps}</td>
                <td title={t.updatedAt ?? undefined} data-testid="thread-updated">{agoText(t.updatedAt, now)}</td>
                <td>
                  {editing !== t.threadId && t.file === undefined && (
                    <button type="button" onClick={() => setEditing(t.threadId)} aria-label={`Rename ${threadLabel(t)}`} data-testid="thread-rename">Rename</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
