import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ call: s.serverCall, cancel: s.cancelServerCall });

/** A server call that is taking long: how long it has waited, and a Cancel. */
export function CallProgress() {
  const { call, cancel } = useAppStoreShallow(pick);
  if (call === null) return null;
  return (
    <div className="server-call" role="status" data-testid="server-call" data-slow={call.elapsedMs > 0 ? 'true' : 'false'}>
      <span>{call.label}…{call.elapsedMs > 0 ? ` still waiting (${(call.elapsedMs / 1000).toFixed(1)} s)` : ''}</span>
      {call.elapsedMs > 0 && <button type="button" onClick={() => void cancel()} data-testid="server-call-cancel">Cancel</button>}
    </div>
  );
}
