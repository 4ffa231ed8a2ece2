import type { GraphInfo } from '../../protocol/dto';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { WaysIn } from './WaysIn';
import './gallery.css';

const pick = (s: AppState) => ({
  graphs: s.graphs, runFromGallery: s.runFromGallery, editGraph: s.editGraph, newEditorGraph: s.newEditorGraph, status: s.status,
  remove: s.deleteEditorGraph,
});

const REASON: Record<NonNullable<GraphInfo['quarantine']>['reason'], string> = {
  'load-failed': 'failed when it was loaded',
  'load-timeout': 'did not finish loading in time',
  unapproved: 'came with an imported file and is not approved yet',
  unavailable: 'could not be loaded now',
};

function GraphCard({ graph, onRun, onEdit, editLabel, onDelete }: { graph: GraphInfo; onRun: () => void; onEdit: (() => void) | null; editLabel: string; onDelete?: () => void }) {
  const q = graph.quarantine;
  return (
    <li className="gallery-card" data-testid="gallery-card" data-graph-id={graph.id} data-quarantine={q?.reason}>
      <h3>{graph.title}{q && <span className="badge" data-testid="gallery-quarantine"> quarantined: {REASON[q.reason]}</span>}</h3>
      <p>{graph.description}</p>
      <div className="buttons">
        {!q && <button type="button" onClick={onRun} data-testid="gallery-run">Run it</button>}
        {onEdit && <button type="button" onClick={onEdit} data-testid="gallery-edit">{q ? (q.reason === 'unapproved' ? 'Read it in the editor' : 'Open in the editor to fix') : editLabel}</button>}
        {onDelete && <button type="button" onClick={onDelete} data-testid="gallery-delete">Delete</button>}
      </div>
    </li>
  );
}

/**
 * The first view: the four ways in (a checkpoint file, a server, a program, a gallery graph), then
 * the built-in scenarios, each runnable with one click (new thread, run, debugger), and the user's
 * own graphs beside them.
 */
export function GalleryView() {
  const g = useAppStoreShallow(pick);
  const builtin = g.graphs.filter((x) => x.origin === 'builtin');
  const mine = g.graphs.filter((x) => x.origin === 'user');
  const quarantined = mine.filter((x) => x.quarantine);
  return (
    <main className="studio" data-testid="gallery">
      {quarantined.length > 0 && (
        <p className="import-problem" role="status" data-testid="gallery-quarantine-notice">
          {quarantined.length === 1 ? 'One of your graphs was' : `${quarantined.length} of your graphs were`} not loaded, so the app started without {quarantined.length === 1 ? 'it' : 'them'}:{' '}
          {quarantined.map((x) => x.title).join(', ')}. Open {quarantined.length === 1 ? 'it' : 'one'} to fix or approve it, or delete it; threads are kept either way.
        </p>
      )}
      <WaysIn />
      <section className="gallery-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title">Scenario gallery</h2>
        {g.status === 'ready' && builtin.length === 0 && <p className="muted">No graphs yet.</p>}
        <ul className="gallery-grid">
          {builtin.map((graph) => (
            <GraphCard
              key={graph.id}
              graph={graph}
              onRun={() => void g.runFromGallery(graph.id)}
              onEdit={graph.source === undefined ? null : () => g.editGraph(graph.id)}
              editLabel="Copy into the editor"
            />
          ))}
        </ul>
      </section>
      <section className="gallery-section" aria-labelledby="gallery-mine">
        <h2 id="gallery-mine">Your graphs</h2>
        <ul className="gallery-grid" data-testid="user-graphs">
          {mine.map((graph) => (
            <GraphCard
              key={graph.id}
              graph={graph}
              onRun={() => void g.runFromGallery(graph.id)}
              onEdit={() => g.editGraph(graph.id)}
              editLabel="Edit"
              onDelete={() => window.confirm(`Delete the graph ${graph.title}? Its threads stay.`) && void g.remove(graph.id)}
            />
          ))}
        </ul>
        <div className="buttons">
          <button type="button" onClick={() => g.newEditorGraph()} data-testid="gallery-new-graph">Write a new graph</button>
        </div>
      </section>
    </main>
  );
}
