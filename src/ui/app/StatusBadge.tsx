import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ status: s.status, v: s.protocolVersion, storage: s.storage, error: s.connectError });

/** The worker connection as text, with `data-status` for tests. */
export function StatusBadge() {
  const { status, v, storage, error } = useAppStoreShallow(pick);
  return (
    <span
      data-testid="worker-status"
      data-status={status}
      className={`status status-${status}`}
      title={status === 'ready' ? `Storage worker ready: protocol v${v}, database ${storage?.dbName} v${storage?.version}` : undefined}
    >
      {status === 'connecting' && 'Opening this browser’s saved runs…'}
      {status === 'ready' && 'Ready · runs are saved in this browser'}
      {status === 'failed' && `Could not open this browser’s saved runs: ${error}`}
    </span>
  );
}
