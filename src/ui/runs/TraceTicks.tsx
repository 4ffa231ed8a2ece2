import type { TraceSummary } from '../model/trace-summary';
import { superstepOfTrace } from '../../shared/steps';

/** Ticks drawn at most (the newest); a long run's older ticks stay in the store. */
export const MAX_TICK_ROWS = 200;

/** Column headings in a LangGraph user's words; the engine's own term on hover. */
const COLUMNS: readonly { label: string; title?: string }[] = [
  { label: 'namespace', title: 'checkpoint_ns: root, or the subgraph call' },
  { label: 'step' },
  { label: 'replay', title: "LangGraph's isReplaying: the first tick of a replay, where saved writes are not re-applied" },
  { label: 'ran' },
  { label: 'from saved writes', title: 'tasks whose writes were saved before: not run again' },
  { label: 'failed / interrupted' },
  { label: 'writes replaced', title: "put_writes dedup: a task's new writes replace the ones it saved before, by task and index" },
];

type Dedup = TraceSummary['ticks'][number]['dedups'][number];

/** A task's put that replaced earlier writes, in words; the engine's terms and the raw task id behind "details". */
function DedupView({ d }: { d: Dedup }) {
  const who = d.name ?? `task ${d.taskId.slice(0, 8)}…`;
  const replaced = d.replaced > 0 ? `replaced ${d.replaced} earlier write${d.replaced === 1 ? '' : 's'}` : '';
  const kept = d.channels.length > 0 ? `kept the last ${d.channels.join(', ')}` : '';
  return (
    <span data-testid="tick-replaced">
      {who}: {[replaced, kept].filter(Boolean).join('; ')}
      <details className="tick-details"><summary>details</summary>put_writes dedup: task id <code>{d.taskId}</code>, deduplicated {d.channels.join('+') || '—'}, replaced {d.replaced}</details>
    </span>
  );
}

/**
 * The ticks of a run's trace: replaying flag, ran vs served from saved writes, deduplications.
 * A row is keyed by its tick's identity in the trace, so that while a run streams in, the newest
 * window moves by inserting and dropping rows at its ends instead of drawing all of them again
 * (also once the page drops the trace's oldest events). The table is an ARIA table of grid rows
 * rather than a `<table>`: a browser lays out a whole `<table>` again whenever a row comes or goes,
 * where rows of their own are laid out once, and not at all off screen (app.css).
 */
export function TraceTicks({ summary }: { summary: TraceSummary }) {
  if (summary.ticks.length === 0) return <p className="muted">No ticks in this run's trace yet.</p>;
  const first = Math.max(0, summary.ticks.length - MAX_TICK_ROWS);
  const shown = summary.ticks.slice(first);
  return (
    <>
    {first > 0 && <p className="muted" data-testid="trace-ticks-window">Showing the newest {shown.length} of the {summary.ticks.length} ticks loaded.</p>}
    <div className="ticks-table" role="table" aria-label="Ticks of the run" data-testid="trace-ticks">
      <div role="rowgroup">
        <div role="row" className="ticks-row ticks-head">
          {COLUMNS.map((c) => <span role="columnheader" key={c.label} title={c.title}>{c.label}</span>)}
        </div>
      </div>
      <div role="rowgroup">
        {shown.map((t) => (
          <div role="row" className="ticks-row" key={t.id} data-testid="trace-tick" data-replaying={t.isReplaying}>
            <span role="cell"><code>{t.ns === '' ? 'root' : t.ns}</code></span>
            <span role="cell">{superstepOfTrace(t.step)}</span>
            <span role="cell">{t.isReplaying ? <span title="LangGraph's isReplaying: the first tick of a replay, where saved writes are not re-applied">replay</span> : '—'}</span>
            <span role="cell">{t.ran.join(', ')}</span>
            <span role="cell" data-testid="tick-cached">{t.cached.join(', ')}</span>
            <span role="cell">{[...t.failed.map((n) => `${n} ✖`), ...t.interrupted.map((n) => `${n} ‖`)].join(', ')}</span>
            <span role="cell">{t.dedups.map((d) => <DedupView key={d.taskId} d={d} />)}</span>
          </div>
        ))}
      </div>
    </div>
    </>
  );
}
