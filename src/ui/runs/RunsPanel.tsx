import { useDeferredValue, useMemo } from 'react';
import { summarizeTrace } from '../model/trace-summary';
import { RUN_KIND_WORDS } from '../model/words';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { TraceTicks } from './TraceTicks';
import { runningNow } from '../model/running-now';

const pick = (s: AppState) => ({ threadId: s.threadId, runs: s.runs, problem: s.runsProblem, traceRunId: s.traceRunId, trace: s.trace, loadTrace: s.loadTrace, active: s.activeRun, more: s.traceNextSeq !== null, loadMore: s.loadMoreTrace, newest: s.traceIsNewest });

/** The thread's runs; for the chosen run, its engine trace and subgraph first visits. */
export function RunsPanel() {
  const { threadId, runs, problem, traceRunId, trace, loadTrace, active, more, loadMore, newest } = useAppStoreShallow(pick);
  // Deferred: while a long run streams in, the trace table re-renders in the background in small
  // slices instead of blocking the main thread on every batch.
  const deferredTrace = useDeferredValue(trace);
  const summary = useMemo(() => summarizeTrace(deferredTrace), [deferredTrace]);
  // How the chosen run ended is the run's own record (the one the runs list shows); the trace's last
  // root run.end only stands in while no record says (an engine run inside a node may end otherwise).
  const chosen = runs.find((r) => r.runId === traceRunId);
  // The run going on, listed from its start (its stored record is read once it ends).
  const live = active !== null && active.threadId === threadId && !runs.some((r) => r.runId === active.runId)
    ? { runId: active.runId, nodes: active.runId === traceRunId ? runningNow(deferredTrace) : [] }
    : null;
  const ended = chosen !== undefined && chosen.outcome !== 'running' ? (chosen.outcome === 'unknown' ? 'unknown' : chosen.outcome) : chosen === undefined ? summary.status : null;
  return (
    <div className="runs-panel" data-testid="runs-panel">
      <div className="runs-list">
        <h2 className="pane-title">Runs {active !== null && <span className="muted" data-testid="run-active">running… {active.events} events</span>}</h2>
        {problem !== null && <p role="alert" className="muted" data-testid="runs-problem">{problem}</p>}
        {runs.length === 0 && live === null && <p className="empty">No runs on this thread yet.</p>}
        <ul>
          {live !== null && (
            <li>
              <button type="button" aria-pressed={live.runId === traceRunId} onClick={() => void loadTrace(live.runId)} data-testid="run-item-live" data-outcome="running">
                run · running{live.nodes.length > 0 && <> <span data-testid="run-live-nodes">{live.nodes.join(', ')}</span></>}
              </button>
            </li>
          )}
          {runs.map((r) => (
            <li key={r.runId}>
              <button type="button" aria-pressed={r.runId === traceRunId} onClick={() => void loadTrace(r.runId)} data-testid="run-item" data-outcome={r.outcome} data-kind={r.kind}>
                <span title={RUN_KIND_WORDS[r.kind].meaning} data-testid="run-kind">{RUN_KIND_WORDS[r.kind].word}</span> · {r.outcome === 'unknown' ? 'ended unknown' : r.outcome} <span className="muted">{r.startedAt.slice(11, 19)}</span>
              </button>
              {r.error !== null && <div className="error-text">{r.error.message}</div>}
            </li>
          ))}
        </ul>
      </div>
      <div className="trace-view" tabIndex={0} role="region" aria-label="Trace of the chosen run">
        <h2 className="pane-title">Engine trace {ended !== null && <span className="muted" data-testid="trace-ended">ended: {ended}</span>}</h2>
        <TraceTicks summary={summary} />
        {newest && traceRunId !== null && (
          <button type="button" onClick={() => void loadTrace(traceRunId)} data-testid="trace-from-start" title="The panel holds the newest part of this run's trace, as it streamed in">
            Read this run's trace from its start
          </button>
        )}
        {more && (
          <button type="button" onClick={() => void loadMore()} data-testid="trace-more">
            Read more of the trace ({trace.length} events so far)
          </button>
        )}
        {summary.visits.length > 0 && (
          <>
            <h3 className="pane-title">Subgraph first visits</h3>
            <ul data-testid="subgraph-visits">
              {summary.visits.map((v) => (
                <li key={v.ns} data-testid="subgraph-visit">
                  <code>{v.ns}</code>{v.firstVisit !== undefined && <span className="badge" data-first-visit={v.firstVisit}>{v.firstVisit ? " first visit" : " later visit"}</span>}: loaded <code>{v.checkpointId ?? 'nothing'}</code> — {v.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
