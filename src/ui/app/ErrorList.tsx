import { selectErrors } from '../store/selectors';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';

const selectDismiss = (s: AppState) => s.dismissError;

/** Errors reported by actions, shown until dismissed. */
export function ErrorList() {
  const errors = useAppStore(selectErrors);
  const dismiss = useAppStore(selectDismiss);
  if (errors.length === 0) return null;
  return (
    <ul className="error-list" data-testid="errors">
      {errors.map((e) => (
        <li key={e.id} role="alert" className="error-item">
          <strong>{e.where}:</strong> {e.message}
          <button type="button" onClick={() => dismiss(e.id)} aria-label="Dismiss error">×</button>
        </li>
      ))}
    </ul>
  );
}
