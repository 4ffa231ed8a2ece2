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
import { RunToolbar } from '../actions/RunToolbar';
import { DebuggerLayout } from './DebuggerLayout';
import { MissingThread } from './MissingThread';
import { useUrlSync } from '../nav/useUrlSync';
import { useKeyboard } from '../nav/useKeyboard';
import { useTheme } from '../nav/useTheme';
import { HelpDialog } from '../nav/HelpDialog';
import { useState } from 'react';
import { useAppStore } from '../store/useAppStore';
import { GalleryView } from '../gallery/GalleryView';
import { EditorView } from '../editor/EditorView';
import { useViewUrl } from '../gallery/useViewUrl';
import { ServersView } from '../servers/ServersView';
import { ServerThreadBar } from '../servers/ServerThreadBar';
import { FilesView } from '../files/FilesView';
import { FileThreadBar } from '../files/FileThreadBar';
import { ThreadsView } from '../threads/ThreadsView';
import { useDropAnywhere } from '../portability/useDropAnywhere';

/** The debugger: header, run toolbar, errors, then resizable panels (timeline, graph, runs, actions, inspector). */
export function AppShell() {
  const [helpOpen, setHelpOpen] = useState(false);
  useUrlSync();
  useTheme();
  useKeyboard(() => setHelpOpen((o) => !o));
  useViewUrl();
  useDropAnywhere();
  const view = useAppStore((s) => s.view);
  if (view !== 'debugger') {
    return (
      <div className="app">
        <Header onHelp={() => setHelpOpen(true)} />
        <ErrorList />
        {view === 'gallery' ? <ErrorBoundary area="The gallery"><GalleryView /></ErrorBoundary>
          : view === 'servers' ? <ErrorBoundary area="Servers"><ServersView /></ErrorBoundary>
            : view === 'files' ? <ErrorBoundary area="Files"><FilesView /></ErrorBoundary>
              : view === 'threads' ? <ErrorBoundary area="Threads"><ThreadsView /></ErrorBoundary>
              : <ErrorBoundary area="The editor"><EditorView /></ErrorBoundary>}
        {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      </div>
    );
  }
  return (
    <div className="app">
      <Header onHelp={() => setHelpOpen(true)} />
      <SelectionBoundary area="Run controls"><RunToolbar /></SelectionBoundary>
      <ErrorList />
      <MissingThread />
      <DebuggerLayout
        timeline={<><ErrorBoundary area="Namespaces"><NamespaceTree /></ErrorBoundary><ErrorBoundary area="Timeline"><Timeline /></ErrorBoundary></>}
        graph={<><ErrorBoundary area="Server thread"><ServerThreadBar /></ErrorBoundary><SelectionBoundary area="Files"><FileThreadBar /></SelectionBoundary><SelectionBoundary area="Graph"><GraphView /></SelectionBoundary></>}
        runs={<SelectionBoundary area="Runs"><RunsPanel /></SelectionBoundary>}
        actions={<SelectionBoundary area="Actions"><ActionBar /></SelectionBoundary>}
        inspector={<SelectionBoundary area="Inspector"><Inspector /></SelectionBoundary>}
      />
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
