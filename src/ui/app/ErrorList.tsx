import { selectErrors } from '../store/selectors';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';

const selectDismiss = (s: AppState) => s.dismissError;
const selectThreadId = (s: AppState) => s.threadId;

/** Errors of the open thread (and of the app), in the page flow so they never cover a control; shown until dismissed or resolved. */
export function ErrorList() {
  const all = useAppStore(selectErrors);
  const threadId = useAppStore(selectThreadId);
  const dismiss = useAppStore(selectDismiss);
  // An error belongs to its thread: another thread's errors wait until that thread is open again.
  const errors = all.filter((e) => e.threadId === null || e.threadId === threadId);
  if (errors.length === 0) return null;
  return (
    <ul className="error-list" data-testid="errors">
      {errors.map((e) => (
        <li key={e.id} className="error-item" data-thread-id={e.threadId ?? ''}>
          <span role="alert"><strong>{e.where}:</strong> {e.message}</span>
          <button type="button" onClick={() => dismiss(e.id)} aria-label="Dismiss error">×</button>
        </li>
      ))}
    </ul>
  );
}
