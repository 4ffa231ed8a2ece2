import type { TraceSummary } from '../model/trace-summary';

/** Ticks drawn at most (the newest); a long run's older ticks stay in the store. */
export const MAX_TICK_ROWS = 200;

/**
 * The ticks of a run's trace: replaying flag, ran vs served from saved writes, deduplications.
 * A row is keyed by its tick's identity in the trace, so that while a run streams in, the newest
 * window moves by inserting and dropping rows at its ends instead of drawing all of them again
 * (also once the page drops the trace's oldest events).
 */
export function TraceTicks({ summary }: { summary: TraceSummary }) {
  if (summary.ticks.length === 0) return <p className="muted">No ticks in this run's trace yet.</p>;
  const first = Math.max(0, summary.ticks.length - MAX_TICK_ROWS);
  const shown = summary.ticks.slice(first);
  return (
    <>
    {first > 0 && <p className="muted" data-testid="trace-ticks-window">Showing the newest {shown.length} of {summary.ticks.length} ticks.</p>}
    <table className="ticks-table" data-testid="trace-ticks">
      <thead>
        <tr><th scope="col">ns</th><th scope="col">step</th><th scope="col">replaying</th><th scope="col">ran</th><th scope="col">from saved writes</th><th scope="col">failed / interrupted</th><th scope="col">put_writes dedup</th></tr>
      </thead>
      <tbody>
        {shown.map((t) => (
          <tr key={t.id} data-testid="trace-tick" data-replaying={t.isReplaying}>
            <td><code>{t.ns === '' ? 'root' : t.ns}</code></td>
            <td>{t.step}</td>
            <td>{t.isReplaying ? 'isReplaying' : '—'}</td>
            <td>{t.ran.join(', ')}</td>
            <td data-testid="tick-cached">{t.cached.join(', ')}</td>
            <td>{[...t.failed.map((n) => `${n} ✖`), ...t.interrupted.map((n) => `${n} ‖`)].join(', ')}</td>
            <td>{t.dedups.map((d) => `${d.taskId.slice(0, 8)}: ${d.channels.join('+') || '—'}${d.replaced > 0 ? ` (replaced ${d.replaced})` : ''}`).join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </>
  );
}
