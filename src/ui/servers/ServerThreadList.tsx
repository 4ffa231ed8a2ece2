import { useState } from 'react';
import type { RemoteThreadStatusDTO } from '../../protocol/remote';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { Pager } from './Pager';
import { SERVER_PAGE } from './slice';

const pick = (s: AppState) => ({ page: s.serverThreads, load: s.loadServerThreads, filter: s.threadFilter, setFilter: s.setThreadFilter, open: s.openServerThread });
const STATUSES: RemoteThreadStatusDTO[] = ['idle', 'busy', 'interrupted', 'error'];

/** The server's threads, newest first, searched on the server by status and metadata. */
export function ServerThreadList() {
  const { page, load, filter, setFilter, open } = useAppStoreShallow(pick);
  const [metadata, setMetadata] = useState(filter.metadata ? JSON.stringify(filter.metadata) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const search = (status: RemoteThreadStatusDTO | null) => {
    let parsed: Record<string, unknown> | null = null;
    if (metadata.trim() !== '') {
      try {
        const v: unknown = JSON.parse(metadata);
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
        parsed = v as Record<string, unknown>;
      } catch {
        return setProblem('Metadata must be a JSON object, e.g. {"graph_id": "review"}.');
      }
    }
    setProblem(null);
    void setFilter({ status, metadata: parsed });
  };
  return (
    <section aria-label="Threads">
      <h3>Threads</h3>
      <form className="server-search" onSubmit={(e) => { e.preventDefault(); search(filter.status); }}>
        <label>status{' '}
          <select value={filter.status ?? ''} onChange={(e) => search((e.target.value || null) as RemoteThreadStatusDTO | null)} data-testid="thread-status-filter">
            <option value="">any</option>
            {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <input aria-label="Metadata (JSON)" placeholder='metadata, e.g. {"graph_id": "review"}' value={metadata} onChange={(e) => setMetadata(e.target.value)} data-testid="thread-metadata-filter" />
        <button type="submit">Search</button>
        <button type="button" onClick={() => void load(page.offset)} data-testid="thread-refresh">Refresh</button>
      </form>
      {problem && <p className="server-error">{problem}</p>}
      <table className="server-table" data-testid="server-thread-list">
        <thead><tr><th scope="col">thread</th><th scope="col">status</th><th scope="col">graph</th><th scope="col">updated</th><th scope="col">metadata</th><th /></tr></thead>
        <tbody>
          {page.items.map((t) => (
            <tr key={t.key} data-testid="server-thread-row" data-thread={t.threadId} data-status={t.status}>
              <td><code>{t.threadId}</code></td>
              <td>{t.status}{t.interrupts > 0 ? ` (${t.interrupts} interrupt${t.interrupts === 1 ? '' : 's'})` : ''}</td>
              <td>{t.graphId ?? '—'}</td>
              <td>{t.updatedAt}</td>
              <td><code title={JSON.stringify(t.metadata)}>{JSON.stringify(t.metadata).slice(0, 80)}</code></td>
              <td><button type="button" onClick={() => void open(t.key)} data-testid="server-thread-open">Open</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager offset={page.offset} count={page.items.length} nextOffset={page.nextOffset} pageSize={SERVER_PAGE} onPage={(o) => void load(o)} testId="thread-pager" />
    </section>
  );
}
