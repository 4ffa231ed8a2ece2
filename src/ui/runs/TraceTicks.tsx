import { memo } from 'react';
import type { TickSummary, TraceSummary } from '../model/trace-summary';

/** Ticks drawn at most (the newest); a long run's older ticks stay in the store. */
export const MAX_TICK_ROWS = 200;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** True when two summaries of one tick draw the same row (the trace is summarized afresh on each batch). */
function sameTick(a: TickSummary, b: TickSummary): boolean {
  return (
    a.ns === b.ns && a.step === b.step && a.isReplaying === b.isReplaying &&
    same(a.ran, b.ran) && same(a.cached, b.cached) && same(a.failed, b.failed) && same(a.interrupted, b.interrupted) &&
    a.dedups.length === b.dedups.length &&
    a.dedups.every((d, i) => d.taskId === b.dedups[i]!.taskId && d.replaced === b.dedups[i]!.replaced && same(d.channels, b.dedups[i]!.channels))
  );
}

/** One tick's row; redrawn only when what it shows changed. */
const TickRow = memo(function TickRow({ tick: t }: { tick: TickSummary }) {
  return (
    <tr data-testid="trace-tick" data-replaying={t.isReplaying}>
      <td><code>{t.ns === '' ? 'root' : t.ns}</code></td>
      <td>{t.step}</td>
      <td>{t.isReplaying ? 'isReplaying' : '—'}</td>
      <td>{t.ran.join(', ')}</td>
      <td data-testid="tick-cached">{t.cached.join(', ')}</td>
      <td>{[...t.failed.map((n) => `${n} ✖`), ...t.interrupted.map((n) => `${n} ‖`)].join(', ')}</td>
      <td>{t.dedups.map((d) => `${d.taskId.slice(0, 8)}: ${d.channels.join('+') || '—'}${d.replaced > 0 ? ` (replaced ${d.replaced})` : ''}`).join('; ')}</td>
    </tr>
  );
}, (a, b) => sameTick(a.tick, b.tick));

/**
 * The ticks of a run's trace: replaying flag, ran vs served from saved writes, deduplications.
 * A row is keyed by its tick's place in the whole run, so that while a run streams in, the newest
 * window moves by inserting and dropping rows at its ends instead of drawing all of them again.
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
        {shown.map((t, i) => <TickRow key={first + i} tick={t} />)}
      </tbody>
    </table>
    </>
  );
}
