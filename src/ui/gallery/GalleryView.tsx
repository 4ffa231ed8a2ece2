import type { GraphInfo } from '../../protocol/dto';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import './gallery.css';

const pick = (s: AppState) => ({
  graphs: s.graphs, runFromGallery: s.runFromGallery, editGraph: s.editGraph, newEditorGraph: s.newEditorGraph, status: s.status,
});

function GraphCard({ graph, onRun, onEdit, editLabel }: { graph: GraphInfo; onRun: () => void; onEdit: (() => void) | null; editLabel: string }) {
  return (
    <li className="gallery-card" data-testid="gallery-card" data-graph-id={graph.id}>
      <h3>{graph.title}</h3>
      <p>{graph.description}</p>
      <div className="buttons">
        <button type="button" onClick={onRun} data-testid="gallery-run">Run it</button>
        {onEdit && <button type="button" onClick={onEdit} data-testid="gallery-edit">{editLabel}</button>}
      </div>
    </li>
  );
}

/**
 * The first view: built-in scenarios, each runnable with one click (new thread, run, debugger),
 * and the user's own graphs beside them.
 */
export function GalleryView() {
  const g = useAppStoreShallow(pick);
  const builtin = g.graphs.filter((x) => x.origin === 'builtin');
  const mine = g.graphs.filter((x) => x.origin === 'user');
  return (
    <main className="studio" data-testid="gallery">
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
            <GraphCard key={graph.id} graph={graph} onRun={() => void g.runFromGallery(graph.id)} onEdit={() => g.editGraph(graph.id)} editLabel="Edit" />
          ))}
        </ul>
        <div className="buttons">
          <button type="button" onClick={() => g.newEditorGraph()} data-testid="gallery-new-graph">Write a new graph</button>
        </div>
      </section>
    </main>
  );
}
