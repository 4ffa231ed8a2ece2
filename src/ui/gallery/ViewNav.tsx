import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import type { AppView } from './slice';

const pick = (s: AppState) => ({ view: s.view, setView: s.setView });

const VIEWS: { view: AppView; label: string }[] = [
  { view: 'gallery', label: 'Gallery' },
  { view: 'editor', label: 'Editor' },
  { view: 'debugger', label: 'Debugger' },
  { view: 'threads', label: 'Threads' },
  { view: 'servers', label: 'Servers' },
  { view: 'files', label: 'Files' },
];

/** Switches between the gallery, the graph editor, the debugger, the thread list, the LangGraph servers and opened checkpoint files. */
export function ViewNav() {
  const { view, setView } = useAppStoreShallow(pick);
  return (
    <nav className="view-nav" aria-label="Views">
      {VIEWS.map((v) => (
        <button key={v.view} type="button" aria-pressed={view === v.view} onClick={() => setView(v.view)} data-testid={`view-${v.view}`}>
          {v.label}
        </button>
      ))}
    </nav>
  );
}
