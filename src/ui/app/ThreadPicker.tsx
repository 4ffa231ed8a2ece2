import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { threadLabel } from '../model/thread-list';

const pick = (s: AppState) => ({ threads: s.threads, threadId: s.threadId, openThread: s.openThread });

/** Opens one of the stored threads. */
export function ThreadPicker() {
  const { threads, threadId, openThread } = useAppStoreShallow(pick);
  return (
    <label className="picker">
      Thread
      <select data-testid="thread-picker" value={threadId ?? ''} onChange={(e) => e.target.value !== '' && void openThread(e.target.value)}>
        <option value="">(none)</option>
        {threadId !== null && !threads.some((t) => t.threadId === threadId) && <option value={threadId}>{threadId}</option>}
        {threads.map((t) => (
          <option key={t.threadId} value={t.threadId} title={t.problem} data-problem={t.problem === undefined ? undefined : 'true'}>
            {t.problem ? '⚠ ' : ''}{t.name !== undefined ? `${threadLabel(t)} (${t.threadId})` : t.threadId} · {t.graphId ?? '?'} · {t.status} · {t.steps} checkpoints{t.problem ? ` · ${t.problem}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
