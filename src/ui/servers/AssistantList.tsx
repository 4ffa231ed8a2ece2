import { useState } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { Pager } from './Pager';
import { SERVER_PAGE } from './slice';

const pick = (s: AppState) => ({ page: s.assistants, load: s.loadAssistants, open: s.openAssistant });

/** The server's assistants, searched by name on the server; each can run on a new thread. */
export function AssistantList() {
  const { page, load, open } = useAppStoreShallow(pick);
  const [name, setName] = useState('');
  return (
    <section aria-label="Assistants">
      <h3>Assistants</h3>
      <form className="server-search" onSubmit={(e) => { e.preventDefault(); void load(0, name); }}>
        <input aria-label="Assistant name" placeholder="name" value={name} onChange={(e) => setName(e.target.value)} data-testid="assistant-search" />
        <button type="submit">Search</button>
      </form>
      <table className="server-table" data-testid="assistant-list">
        <thead><tr><th scope="col">name</th><th scope="col">graph</th><th scope="col">assistant id</th><th scope="col">version</th><th /></tr></thead>
        <tbody>
          {page.items.map((a) => (
            <tr key={a.assistantId} data-testid="assistant-row" data-graph={a.graphId}>
              <td>{a.name}</td><td>{a.graphId}</td><td><code>{a.assistantId}</code></td><td>{a.version}</td>
              <td><button type="button" onClick={() => void open(a.assistantId)} data-testid="assistant-open">New thread…</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager offset={page.offset} count={page.items.length} nextOffset={page.nextOffset} pageSize={SERVER_PAGE} onPage={(o) => void load(o, name)} testId="assistant-pager" />
    </section>
  );
}
