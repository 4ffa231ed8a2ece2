import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ error: s.serverError, dismiss: s.dismissServerError });

/** The last LangGraph server fault, with its message (what to do) and the server's own words. */
export function ServerError() {
  const { error, dismiss } = useAppStoreShallow(pick);
  if (error === null) return null;
  return (
    <div className="server-error" role="alert" data-testid="server-error" data-code={error.code}>
      <strong>{error.code}</strong> {error.message}
      {error.remote?.detail ? <div>The server said: {error.remote.detail}</div> : null}
      {' '}<button type="button" onClick={dismiss} aria-label="Dismiss">×</button>
    </div>
  );
}
