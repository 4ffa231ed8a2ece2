import { ThemeToggle } from '../nav/ThemeToggle';
import { StatusBadge } from './StatusBadge';
import { GraphPicker } from './GraphPicker';
import { ThreadPicker } from './ThreadPicker';
import { ViewNav } from '../gallery/ViewNav';
import { FileButtons } from '../portability/FileButtons';
import { StorageStatus } from './StorageStatus';

/** Title, worker status, graph and thread pickers, theme and help. */
export function Header({ onHelp }: { onHelp: () => void }) {
  return (
    <header className="app-header">
      <h1>replaygraph</h1>
      <ViewNav />
      <StatusBadge />
      <GraphPicker />
      <ThreadPicker />
      <FileButtons />
      <span className="spacer" />
      <StorageStatus />
      <ThemeToggle />
      <button type="button" onClick={onHelp} aria-label="Keyboard shortcuts" data-testid="help-button">?</button>
    </header>
  );
}
