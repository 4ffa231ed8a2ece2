import { selectThread } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import './files.css';

const pick = (s: AppState) => ({ graphs: s.graphs, checkpointId: s.checkpointId, continueHere: s.continueHere, attach: s.attachFileGraph, setView: s.setView, running: s.activeRun !== null });

/**
 * Above the debugger for a thread of an opened file: where it comes from, that it is read-only,
 * the graph attached to it (a saved editor graph or a gallery graph: its declared tasks and
 * drawing; none: what the checkpoints show), and "Continue here" (a JS thread, with its graph).
 */
export function FileThreadBar() {
  const thread = useAppStore(selectThread);
  const a = useAppStoreShallow(pick);
  const choices = a.graphs.filter((g) => (g.origin === 'user' || g.origin === 'builtin') && !g.quarantine);
  if (!thread?.file) return null;
  const file = thread.file;
  const attached = thread.graphId !== null && choices.some((g) => g.id === thread.graphId) ? thread.graphId : '';
  const python = file.language === 'python';
  const why = python
    ? 'A thread written by a Python graph can only be read here.'
    : attached === '' ? 'Choose the thread\'s graph first (write it in the editor if it is not listed).' : null;
  return (
    <div className="file-thread-bar" data-testid="file-thread-bar" role="note">
      <span className="badge" data-testid="read-only-badge">read-only</span>
      <span>
        <strong className="mono">{file.originalId}</strong> from <strong>{file.fileName}</strong>
        {' '}({file.language === 'js' ? 'LangGraph.js' : python ? 'LangGraph Python' : 'unknown language'}). Runs, replays, forks and deletes are disabled: the file is only read.
      </span>
      <span className="spacer" />
      <label title="With the thread's graph, its tasks are the graph's own and the canvas draws its declaration; without, both are inferred from the checkpoints.">
        graph{' '}
        <select value={attached} onChange={(e) => void a.attach(e.target.value === '' ? null : e.target.value)} disabled={a.running} data-testid="continue-graph">
          <option value="">(none: inferred from the checkpoints)</option>
          {choices.map((g) => <option key={g.id} value={g.id}>{g.title} ({g.id})</option>)}
        </select>
      </label>
      <button
        type="button"
        disabled={why !== null || a.running}
        title={why ?? `Fork this thread at ${a.checkpointId === null ? 'its newest checkpoint' : 'the selected checkpoint'} into a native thread and run it with ${attached}.`}
        onClick={() => void a.continueHere(attached)}
        data-testid="continue-here"
      >
        Continue here
      </button>
      {!python && !choices.some((g) => g.origin === 'user') && <button type="button" onClick={() => a.setView('editor')} data-testid="continue-open-editor">Open the editor</button>}
      {why && <span className="muted" data-testid="continue-why">{why}</span>}
    </div>
  );
}
