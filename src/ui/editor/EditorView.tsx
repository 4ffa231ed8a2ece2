import type { UserCodeErrorDTO } from '../../protocol/dto';
import { ERROR_CODES } from '../../shared/errors';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { CodeEditor } from './CodeEditor';
import { ProgramPanel } from './ProgramPanel';
import { cleanName, unapprovedGraph } from './slice';
import '../gallery/gallery.css';

const pick = (s: AppState) => ({
  name: s.editorName, source: s.editorSource, error: s.editorError, problem: s.editorProblem, status: s.editorStatus, graphs: s.graphs,
  setName: s.setEditorName, setSource: s.setEditorSource, check: s.checkEditorGraph, save: s.saveEditorGraph, run: s.runEditorGraph,
  edit: s.editGraph, fresh: s.newEditorGraph, remove: s.deleteEditorGraph, cancel: s.cancelEditorCompile, cancelRun: s.cancelRun,
  runProgram: s.runEditorProgram, cancelProgram: s.cancelEditorProgram, programRunning: s.programRun?.status === 'running',
});

const KIND: Record<UserCodeErrorDTO['kind'], string> = { syntax: 'Syntax error', runtime: 'Runtime error', shape: 'Not a graph', import: 'Import error' };

/** Where an error is, as people read it. */
export function errorWhere(e: UserCodeErrorDTO): string {
  return e.line === null ? 'position unknown' : `line ${e.line}${e.column === null ? '' : `, column ${e.column}`}`;
}

const ignoreTyping = () => undefined;

/**
 * Write a graph in TypeScript (importing from 'replaygraph'), save it, run it. Compiling and
 * running happen in the worker; errors come back with their line and column. An imported graph
 * not approved yet is shown as text, read-only, with Check off and Save as its approval.
 */
export function EditorView() {
  const e = useAppStoreShallow(pick);
  const mine = e.graphs.filter((g) => g.origin === 'user');
  const gallery = e.graphs.filter((g) => g.origin === 'builtin' && g.source !== undefined);
  const busy = e.status === 'compiling' || e.status === 'running';
  const graphId = `user:${cleanName(e.name)}`;
  const quarantined = e.graphs.find((g) => g.id === graphId)?.quarantine;
  const imported = unapprovedGraph(e.graphs, graphId);
  const notApproved = imported ? ERROR_CODES.GRAPH_NOT_APPROVED(graphId) : undefined;
  return (
    <main className="studio editor-layout" data-testid="editor">
      <aside className="editor-side" aria-label="Graphs to edit">
        <button type="button" onClick={() => e.fresh()} data-testid="editor-new">New graph</button>
        <h2 className="pane-title">Your graphs</h2>
        <ul data-testid="editor-user-graphs">
          {mine.length === 0 && <li className="muted">None saved yet.</li>}
          {mine.map((g) => (
            <li key={g.id} className="buttons">
              <button type="button" onClick={() => e.edit(g.id)} data-testid="editor-open" data-graph-id={g.id} data-quarantine={g.quarantine?.reason}>
                {g.title}{g.quarantine && <span className="muted"> (quarantined)</span>}
              </button>
              <button type="button" aria-label={`Delete ${g.title}`} onClick={() => window.confirm(`Delete the graph ${g.title}? Its threads stay.`) && void e.remove(g.id)}>✕</button>
            </li>
          ))}
        </ul>
        <h2 className="pane-title">Start from a gallery graph</h2>
        <ul>
          {gallery.map((g) => (
            <li key={g.id}>
              <button type="button" onClick={() => e.edit(g.id)} data-testid="editor-copy" data-graph-id={g.id}>{g.title}</button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="editor-main" aria-label="Graph source">
        <div className="buttons">
          <label className="picker">
            Name <code>user:</code>
            <input value={e.name} onChange={(ev) => e.setName(ev.target.value)} onBlur={() => e.setName(cleanName(e.name))} data-testid="editor-name" spellCheck={false} />
          </label>
          <button type="button" disabled={busy || imported !== undefined} title={notApproved} aria-describedby={imported && 'editor-unapproved'} onClick={() => void e.check()} data-testid="editor-check" data-disabled-reason={imported && 'GRAPH_NOT_APPROVED'}>Check</button>
          <button type="button" disabled={busy} onClick={() => void e.save()} data-testid="editor-save" data-approves={imported ? 'true' : undefined}>{imported ? 'Approve and save' : 'Save'}</button>
          <button type="button" disabled={busy} onClick={() => void e.run()} data-testid="editor-run" data-approves={imported ? 'true' : undefined}>{imported ? 'Approve, save and run' : 'Save and run'}</button>
          <button type="button" disabled={busy || e.programRunning || imported !== undefined} onClick={() => void e.runProgram()} data-testid="editor-run-program"
            title="Run the text as a program: its top-level calls run, console output shows below, every graph call is a thread">Run program</button>
          {e.programRunning && <button type="button" onClick={() => void e.cancelProgram()} data-testid="editor-cancel-program">Cancel program</button>}
          {e.status === 'compiling' && <button type="button" onClick={() => void e.cancel()} data-testid="editor-cancel">Cancel</button>}
          {e.status === 'running' && <button type="button" onClick={() => void e.cancelRun()} data-testid="editor-cancel-run" title="Stop the run: every checkpoint it committed stays">Cancel run</button>}
          <span className="muted" data-testid="editor-status" data-status={e.status} aria-live="polite">
            {e.status === 'compiling' ? 'Compiling…' : e.status === 'running' ? 'Running…' : e.status === 'saved' ? 'Saved.' : e.status === 'compiled' ? 'Compiles (not saved).' : ''}
          </span>
        </div>
        {imported && (
          <div className="editor-error" role="status" id="editor-unapproved" data-testid="editor-quarantine" data-reason="unapproved">
            This graph&apos;s code came from an imported file and has not run: it is shown below as text, read-only, and nothing
            of it has been evaluated. Read it. Check is off until you approve it: <strong>Approve and save</strong> runs exactly
            this code (in the sandbox, without access to your other threads) and makes it yours to edit. Deleting it keeps its threads.
          </div>
        )}
        {quarantined && !imported && (
          <div className="editor-error" role="status" data-testid="editor-quarantine" data-reason={quarantined.reason}>
            This graph is quarantined and does not run: {quarantined.message} Saving it loads it again (fix it first); deleting it keeps its threads.
          </div>
        )}
        {e.problem && (
          <div className="editor-error" role="alert" data-testid="editor-problem" data-code={e.problem.code}>{e.problem.message}</div>
        )}
        {e.error && (
          <div className="editor-error" role="alert" data-testid="editor-error" data-kind={e.error.kind} data-line={e.error.line ?? ''} data-column={e.error.column ?? ''}>
            {KIND[e.error.kind]} ({errorWhere(e.error)}): {e.error.message}
          </div>
        )}
        <CodeEditor value={imported?.source ?? e.source} onChange={imported ? ignoreTyping : e.setSource} errorAt={e.error?.line ?? null} readOnly={imported !== undefined} />
        <ProgramPanel />
      </section>
    </main>
  );
}
