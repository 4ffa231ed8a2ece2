import type { WriteDisposition } from '../../../protocol/dto';
import { jsonText } from '../../model/json-text';
import type { TabProps } from '../registry';

/** Words for what happened to a saved write when the next run continued from this checkpoint. */
export function dispositionText(d: WriteDisposition): string {
  switch (d.kind) {
    case 'applied':
      return 'applied (the task ran and its writes were committed)';
    case 'reapplied':
      return 're-applied';
    case 'skipped-control':
      return `skipped: control signal ${d.signal}`;
    case 'resume-value':
      return 'consumed as a resume value';
    case 'not-reapplied-replaying':
      return 'not re-applied: the tick was replaying';
    case 'dropped':
      return d.reason === 'time-travel' ? 'dropped: stale resume/interrupt when forking from history' : 'dropped: discarded by new input';
    case 'pending':
      return 'pending (no run has continued from here yet)';
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

/** The pending writes saved against this checkpoint, each with its disposition. */
export function WritesTab({ detail }: TabProps) {
  if (detail.pendingWrites.length === 0) return <p data-testid="tab-writes">No pending writes at this checkpoint.</p>;
  return (
    <table className="writes-table" data-testid="tab-writes">
      <thead><tr><th scope="col">task</th><th scope="col">channel</th><th scope="col">disposition</th><th scope="col">value</th></tr></thead>
      <tbody>
        {detail.pendingWrites.map((w, i) => (
          <tr key={`${w.taskId}:${w.channel}:${i}`} data-testid="pending-write" data-disposition={w.disposition.kind}>
            <td>{w.taskName ?? w.taskId}</td>
            <td><code>{w.channel}</code></td>
            <td title={w.dispositionReason} data-testid="write-disposition">{dispositionText(w.disposition)}{w.dispositionAlternatives ? ' (likely)' : ''}</td>
            <td><code title={jsonText(w.value, 2000)}>{jsonText(w.value, 120)}</code></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
