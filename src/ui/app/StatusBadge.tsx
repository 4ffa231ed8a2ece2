import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ status: s.status, v: s.protocolVersion, storage: s.storage, error: s.connectError });

/** The worker connection as text, with `data-status` for tests. */
export function StatusBadge() {
  const { status, v, storage, error } = useAppStoreShallow(pick);
  return (
    <span data-testid="worker-status" data-status={status} className={`status status-${status}`}>
      {status === 'connecting' && 'Connecting to the storage worker…'}
      {status === 'ready' && `Engine worker ready (protocol v${v}, database ${storage?.dbName} v${storage?.version})`}
      {status === 'failed' && `Engine worker failed: ${error}`}
    </span>
  );
}
