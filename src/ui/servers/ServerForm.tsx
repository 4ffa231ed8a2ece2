import { useState, type FormEvent } from 'react';
import type { RemoteServerDTO } from '../../protocol/remote';
import { useAppStore } from '../store/useAppStore';

/** `Name: value` lines → headers (blank lines skipped); a line without `:` is reported. */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { problem: string } {
  const headers: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { problem: `Line ${i + 1} is not "Name: value".` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers };
}

/**
 * Adds a server, or edits `editing`. The API key and header values are never shown again (the
 * worker keeps them): leaving them empty when editing keeps what is saved.
 */
export function ServerForm({ editing, onDone }: { editing: RemoteServerDTO | null; onDone: () => void }) {
  const save = useAppStore((s) => s.saveServer);
  const [url, setUrl] = useState(editing?.url ?? 'http://127.0.0.1:2024');
  const [name, setName] = useState(editing?.name ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [headerText, setHeaderText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseHeaderLines(headerText);
    if ('problem' in parsed) return setProblem(parsed.problem);
    setProblem(null);
    const ok = await save({
      url, name,
      ...(editing ? { serverId: editing.serverId } : {}),
      ...(clearKey ? { apiKey: '' } : apiKey !== '' ? { apiKey } : {}),
      ...(headerText.trim() !== '' || !editing ? { headers: parsed.headers } : {}),
    });
    if (ok) onDone();
  };

  return (
    <form className="server-form" onSubmit={(e) => void submit(e)} data-testid="server-form">
      <label>URL<input data-testid="server-url" value={url} onChange={(e) => setUrl(e.target.value)} required /></label>
      <label>Name (optional)<input data-testid="server-name" value={name} onChange={(e) => setName(e.target.value)} /></label>
      <label>
        API key (optional, sent as x-api-key)
        <input data-testid="server-api-key" type="password" autoComplete="off" value={apiKey} placeholder={editing?.hasApiKey ? 'saved — leave empty to keep' : ''} onChange={(e) => setApiKey(e.target.value)} />
      </label>
      {editing?.hasApiKey && <label><span><input type="checkbox" checked={clearKey} onChange={(e) => setClearKey(e.target.checked)} /> remove the saved key</span></label>}
      <label>
        Headers (optional, one &quot;Name: value&quot; per line)
        <textarea data-testid="server-headers" value={headerText} placeholder={editing?.headerNames.length ? `saved: ${editing.headerNames.join(', ')} — leave empty to keep` : 'Authorization: Bearer …'} onChange={(e) => setHeaderText(e.target.value)} />
      </label>
      <p className="server-note">The key and headers are kept only in this browser and sent only to this server.</p>
      {problem && <p className="server-error">{problem}</p>}
      <div className="buttons">
        <button type="submit" data-testid="server-save">{editing ? 'Save' : 'Add server'}</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
