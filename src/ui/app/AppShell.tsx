import { ErrorBoundary } from './ErrorBoundary';
import { SelectionBoundary } from './SelectionBoundary';
import { Header } from './Header';
import { ErrorList } from './ErrorList';
import { GraphView } from '../graph/GraphView';
import { Timeline } from '../timeline/Timeline';
import { Inspector } from '../inspector/Inspector';
import { RunsPanel } from '../runs/RunsPanel';
import { NamespaceTree } from '../runs/NamespaceTree';
import { ActionBar } from '../actions/ActionBar';
import { useUrlSync } from '../nav/useUrlSync';
import { useKeyboard } from '../nav/useKeyboard';
import { useTheme } from '../nav/useTheme';
import { HelpDialog } from '../nav/HelpDialog';
import { useState } from 'react';
import { useAppStore } from '../store/useAppStore';
import { GalleryView } from '../gallery/GalleryView';
import { EditorView } from '../editor/EditorView';
import { useViewUrl } from '../gallery/useViewUrl';
import { FilesView } from '../files/FilesView';
import { FileThreadBar } from '../files/FileThreadBar';

/** The debugger's layout: header, timeline, graph with actions, inspector, runs. */
export function AppShell() {
  const [helpOpen, setHelpOpen] = useState(false);
  useUrlSync();
  useTheme();
  useKeyboard(() => setHelpOpen((o) => !o));
  useViewUrl();
  const view = useAppStore((s) => s.view);
  if (view !== 'debugger') {
    return (
      <div className="app">
        <Header onHelp={() => setHelpOpen(true)} />
        <ErrorList />
        {view === 'gallery' ? <ErrorBoundary area="The gallery"><GalleryView /></ErrorBoundary>
          : view === 'files' ? <ErrorBoundary area="Files"><FilesView /></ErrorBoundary>
          : <ErrorBoundary area="The editor"><EditorView /></ErrorBoundary>}
        {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      </div>
    );
  }
  return (
    <div className="app">
      <Header onHelp={() => setHelpOpen(true)} />
      <ErrorList />
      <div className="app-body">
        <aside className="pane pane-left" aria-label="Timeline">
          <ErrorBoundary area="Namespaces"><NamespaceTree /></ErrorBoundary>
          <ErrorBoundary area="Timeline"><Timeline /></ErrorBoundary>
        </aside>
        <main className="pane pane-center">
          <SelectionBoundary area="Files"><FileThreadBar /></SelectionBoundary>
          <SelectionBoundary area="Actions"><ActionBar /></SelectionBoundary>
          <SelectionBoundary area="Graph"><GraphView /></SelectionBoundary>
        </main>
        <aside className="pane pane-right" aria-label="Checkpoint inspector">
          <SelectionBoundary area="Inspector"><Inspector /></SelectionBoundary>
        </aside>
      </div>
      <section className="pane pane-bottom" aria-label="Runs and trace">
        <SelectionBoundary area="Runs"><RunsPanel /></SelectionBoundary>
      </section>
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
