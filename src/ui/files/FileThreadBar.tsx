import { useState } from 'react';
import { selectThread } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import './files.css';

const pick = (s: AppState) => ({ graphs: s.graphs, checkpointId: s.checkpointId, continueHere: s.continueHere, setView: s.setView, running: s.activeRun !== null });

/**
 * Above the debugger for a thread of an opened file: where it comes from, that it is read-only,
 * and "Continue here" (a JS thread, with its graph written in the editor).
 */
export function FileThreadBar() {
  const thread = useAppStore(selectThread);
  const a = useAppStoreShallow(pick);
  const userGraphs = a.graphs.filter((g) => g.origin === 'user' && !g.quarantine);
  const [graphId, setGraphId] = useState('');
  if (!thread?.file) return null;
  const file = thread.file;
  const chosen = userGraphs.some((g) => g.id === graphId) ? graphId : (userGraphs[0]?.id ?? '');
  const python = file.language === 'python';
  const why = python
    ? 'A thread written by a Python graph can only be read here.'
    : userGraphs.length === 0 ? 'Write the thread\'s graph in the editor and compile it first.' : null;
  return (
    <div className="file-thread-bar" data-testid="file-thread-bar" role="note">
      <span className="badge" data-testid="read-only-badge">read-only</span>
      <span>
        <strong className="mono">{file.originalId}</strong> from <strong>{file.fileName}</strong>
        {' '}({file.language === 'js' ? 'LangGraph.js' : python ? 'LangGraph Python' : 'unknown language'}). Runs, replays, forks and deletes are disabled: the file is only read.
      </span>
      <span className="spacer" />
      {!python && (
        <label>
          graph{' '}
          <select value={chosen} onChange={(e) => setGraphId(e.target.value)} disabled={userGraphs.length === 0} data-testid="continue-graph">
            {userGraphs.length === 0 && <option value="">(none in the editor)</option>}
            {userGraphs.map((g) => <option key={g.id} value={g.id}>{g.title} ({g.id})</option>)}
          </select>
        </label>
      )}
      <button
        type="button"
        disabled={why !== null || chosen === '' || a.running}
        title={why ?? `Fork this thread at ${a.checkpointId === null ? 'its newest checkpoint' : 'the selected checkpoint'} into a native thread and run it with ${chosen}.`}
        onClick={() => void a.continueHere(chosen)}
        data-testid="continue-here"
      >
        Continue here
      </button>
      {!python && userGraphs.length === 0 && <button type="button" onClick={() => a.setView('editor')} data-testid="continue-open-editor">Open the editor</button>}
      {why && <span className="muted" data-testid="continue-why">{why}</span>}
    </div>
  );
}
