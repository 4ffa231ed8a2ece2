import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ persistence: s.persistence, durability: s.durability, setDurability: s.setDurability });

const TEXT: Record<AppState['persistence'], string> = {
  unknown: 'Storage: asking the browser…',
  persisted: 'Storage: persistent',
  'best-effort': 'Storage: best effort',
  unavailable: 'Storage: unknown',
};
const HELP: Record<AppState['persistence'], string> = {
  unknown: '',
  persisted: 'The browser keeps this app\'s data until you delete it.',
  'best-effort': 'The browser did not grant persistent storage: under storage pressure it may clear this app\'s threads. Export the ones you want to keep, or bookmark the app and allow it to store data.',
  unavailable: 'This browser cannot say whether it keeps this app\'s data.',
};

/** What the browser said about keeping the app's data, and the durability of writes. */
export function StorageStatus() {
  const { persistence, durability, setDurability } = useAppStoreShallow(pick);
  return (
    <details className="storage-status">
      <summary data-testid="storage-persistence" data-state={persistence} title={HELP[persistence]}>{TEXT[persistence]}</summary>
      <div className="storage-menu">
        <p>{HELP[persistence]}</p>
        <label className="check" title="Strict: a checkpoint counts as saved once it is on disk. Relaxed: sooner, faster, but the last checkpoints may be lost if the machine crashes.">
          <input type="checkbox" checked={durability === 'relaxed'} onChange={(e) => void setDurability(e.target.checked ? 'relaxed' : 'strict')} data-testid="durability-relaxed" />
          {' '}faster writes (relaxed durability)
        </label>
      </div>
    </details>
  );
}
