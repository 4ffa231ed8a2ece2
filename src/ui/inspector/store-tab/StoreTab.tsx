import { useEffect } from 'react';
import '../chat/chat.css';
import type { TabProps } from '../registry';
import { useAppStore } from '../../store/useAppStore';

/** The thread's store: every item its runs put (namespace, key, value, times). */
export function StoreTab({ detail }: TabProps) {
  const load = useAppStore((s) => s.loadStoreItems);
  const threadId = useAppStore((s) => s.threadId);
  const data = useAppStore((s) => s.storeItems);
  // Read again when another checkpoint is opened: a run may have put items since.
  useEffect(() => void load(), [load, threadId, detail.summary.checkpointId]);
  const current = data !== null && data.threadId === threadId ? data : null;
  return (
    <div data-testid="tab-store">
      <p className="muted">The thread&apos;s store (<code>getStore()</code>, <code>config.store</code>) as it is now: it is kept beside the thread, not per checkpoint.</p>
      {current === null && <p className="muted">Loading…</p>}
      {current?.error && <p role="alert">{current.error}</p>}
      {current !== null && !current.error && current.items.length === 0 && <p data-testid="store-empty">No items: no run of this thread has put anything in its store.</p>}
      {current !== null && current.items.length > 0 && (
        <table className="store-items" data-testid="store-items">
          <thead><tr><th>namespace</th><th>key</th><th>value</th><th>updated</th></tr></thead>
          <tbody>
            {current.items.map((it) => (
              <tr key={`${JSON.stringify(it.namespace)}:${it.key}`} data-testid="store-item" data-key={it.key} data-namespace={it.namespace.join('/')}>
                <td><code>{it.namespace.join(' / ')}</code></td>
                <td><code>{it.key}</code></td>
                <td><pre className="store-value">{JSON.stringify(it.value, null, 2)}</pre></td>
                <td title={`created ${it.createdAt}`}>{it.updatedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
