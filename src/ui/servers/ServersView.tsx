import { useEffect, useState } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { AssistantList } from './AssistantList';
import { CallProgress } from './CallProgress';
import { ServerError } from './ServerError';
import { ServerForm } from './ServerForm';
import { ServerThreadList } from './ServerThreadList';
import './servers.css';

const pick = (s: AppState) => ({
  servers: s.servers, serverId: s.serverId, info: s.serverInfo, load: s.loadServers, select: s.selectServer, remove: s.removeServer, check: s.checkServer,
});

/** LangGraph servers: the saved ones, a form to add one, and the chosen server's assistants and threads. */
export function ServersView() {
  const { servers, serverId, info, load, select, remove, check } = useAppStoreShallow(pick);
  const [form, setForm] = useState<'closed' | 'add' | 'edit'>('closed');
  useEffect(() => void load(), [load]);
  const current = servers.find((s) => s.serverId === serverId) ?? null;
  return (
    <div className="studio servers-layout" data-testid="servers-view">
      <aside className="servers-side">
        <h2>LangGraph servers</h2>
        <ul className="server-list" data-testid="server-list">
          {servers.map((s) => (
            <li key={s.serverId} className="server-item" data-testid="server-item">
              <button type="button" aria-pressed={s.serverId === serverId} onClick={() => void select(s.serverId)} title={s.url}>{s.name}</button>
              <code>{s.url}</code>
              {s.hasApiKey && <span title="An API key is saved in this browser">🔑</span>}
            </li>
          ))}
          {servers.length === 0 && <li className="server-note">No server yet. Add a local <code>langgraph dev</code> or a deployment.</li>}
        </ul>
        {form === 'closed' && <button type="button" data-testid="server-add" onClick={() => setForm('add')}>Add a server…</button>}
        {form !== 'closed' && <ServerForm key={form} editing={form === 'edit' ? current : null} onDone={() => setForm('closed')} />}
      </aside>
      <section className="servers-main">
        <CallProgress />
        <ServerError />
        {current === null ? (
          <p>Choose a server, or add one. Its threads open in the debugger, and runs go through its API.</p>
        ) : (
          <>
            <div className="server-search">
              <h2 style={{ margin: 0 }}>{current.name}</h2>
              <code>{current.url}</code>
              <span data-testid="server-info">{info ? `LangGraph API ${info.version}${info.langgraphJsVersion ? ` · LangGraph.js ${info.langgraphJsVersion}` : ''}${info.langgraphPyVersion ? ` · LangGraph ${info.langgraphPyVersion}` : ''} · ${info.latencyMs} ms` : 'not connected'}</span>
              <button type="button" onClick={() => void check()} data-testid="server-check">Check connection</button>
              <button type="button" onClick={() => setForm('edit')} data-testid="server-edit">Edit</button>
              <button type="button" onClick={() => void remove(current.serverId)} data-testid="server-remove">Remove</button>
            </div>
            <AssistantList />
            <ServerThreadList />
          </>
        )}
      </section>
    </div>
  );
}
