import type { TaskTiming } from '../../../shared/timings';
import { durationText } from '../../model/durations';

const ENDS: Record<string, string> = { success: 'succeeded', error: 'failed', interrupt: 'interrupted', retried: 'failed, retried', running: 'no end traced' };

/** A task's duration and, when it took more than one, each attempt with the wait before the next. */
export function TaskTimingView({ timing }: { timing: TaskTiming }) {
  const took = timing.durationMs === null ? 'not timed (its trace has no times)' : durationText(timing.durationMs);
  return (
    <div className="task-timing" data-testid="task-timing" data-duration-ms={timing.durationMs ?? ''} data-attempts={timing.attempts.length}>
      <span>{timing.outcome === 'cached' ? 'served from saved writes' : `took ${took}`}</span>
      {timing.attempts.length > 1 && (
        <ol className="attempt-list" aria-label="Attempts">
          {timing.attempts.map((a, i) => {
            const next = timing.attempts[i + 1];
            const ms = a.start !== null && a.end !== null ? durationText(a.end - a.start) : 'not timed';
            const wait = next?.start != null && a.end !== null ? durationText(next.start - a.end) : null;
            return (
              <li key={a.attempt} data-testid="task-attempt" data-status={a.status}>
                attempt {a.attempt}: {ms}, {ENDS[a.status] ?? a.status}
                {a.error && <span className="error-text"> ({a.error.name}: {a.error.message})</span>}
                {wait !== null && <span className="muted"> · waited {wait}{a.delayMs !== undefined ? ` (policy ${durationText(a.delayMs)})` : ''}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
