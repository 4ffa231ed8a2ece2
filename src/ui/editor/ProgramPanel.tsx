import type { EnvRow } from './program-slice';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ run: s.programRun, env: s.programEnv, setEnv: s.setProgramEnv, open: s.openProgramThread });

const STATUS = { running: 'Running…', done: 'The program ended.', error: 'The program failed.', cancelled: 'The program was stopped.' } as const;

/**
 * What the editor's last program run printed (each console call with its line), the threads its
 * graph calls made (each opens in the debugger), how it ended, and the settings `process.env` reads.
 */
export function ProgramPanel() {
  const p = useAppStoreShallow(pick);
  const setRow = (i: number, row: EnvRow) => p.setEnv(p.env.map((r, n) => (n === i ? row : r)));
  return (
    <section className="program-panel" aria-label="Program" data-testid="program-panel">
      <details>
        <summary>Settings (<code>process.env</code>): {p.env.length}</summary>
        <table data-testid="program-env">
          <tbody>
            {p.env.map((r, i) => (
              <tr key={i}>
                <td><input aria-label="Setting name" value={r.key} onChange={(e) => setRow(i, { ...r, key: e.target.value })} spellCheck={false} /></td>
                <td><input aria-label="Setting value" value={r.value} onChange={(e) => setRow(i, { ...r, value: e.target.value })} spellCheck={false} /></td>
                <td><button type="button" aria-label={`Remove ${r.key}`} onClick={() => p.setEnv(p.env.filter((_, n) => n !== i))}>✕</button></td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={() => p.setEnv([...p.env, { key: '', value: '' }])} data-testid="program-env-add">Add setting</button>
      </details>
      {p.run && (
        <div data-testid="program-output" data-status={p.run.status}>
          <p className="muted" aria-live="polite">{STATUS[p.run.status]}</p>
          <ol className="program-lines">
            {p.run.lines.map((l, i) => (
              <li key={i} data-testid="program-line" data-level={l.level} data-line={l.line ?? ''}>
                <span className="muted">{l.line === null ? '' : `line ${l.line}`}</span> <pre>{l.text}</pre>
              </li>
            ))}
          </ol>
          {p.run.error && (
            <div className="editor-error" role="alert" data-testid="program-error" data-line={p.run.error.line ?? ''}>
              {p.run.error.line === null ? '' : `line ${p.run.error.line}: `}{p.run.error.message}
            </div>
          )}
          {p.run.problem && <div className="editor-error" role="alert" data-testid="program-problem" data-code={p.run.problem.code}>{p.run.problem.message}</div>}
          {p.run.threads.length > 0 && (
            <ul aria-label="Threads of this run" data-testid="program-threads">
              {p.run.threads.map((t) => (
                <li key={t.threadId}>
                  <button type="button" onClick={() => void p.open(t.threadId)} data-testid="program-thread" data-thread-id={t.threadId}>
                    {t.graph} › {t.programThreadId}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
