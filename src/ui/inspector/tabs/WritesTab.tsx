import type { WriteDisposition } from '../../../protocol/dto';
import { jsonText } from '../../model/json-text';
import type { TabProps } from '../registry';
import { channelWords, taskText } from '../../model/words';

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
    case 'superseded':
      return 'superseded: the task ran again and its later writes replaced this one';
    case 'pending':
      return 'pending (no run has continued from here yet)';
    case 'not-exposed':
      return 'not known: the server does not say';
    case 'hand-off':
      return 'hand-off: Command.PARENT, applied by the parent graph (saved as an __error__ write; never re-applied)';
    case 'not-known':
      return 'not known: the checkpoint made from here does not record its source';
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

/** The pending writes saved against this checkpoint, each with its disposition. */
export function WritesTab({ detail }: TabProps) {
  const notice = detail.remote ? <ServerWritesNotice remote={detail.remote} /> : null;
  // A resume by interrupt id is saved under the interrupt's id: say whose interrupt it answers.
  const asker = new Map(detail.tasks.flatMap((t) => t.interrupts.map((i) => [i.id, t.name] as const)));
  if (detail.pendingWrites.length === 0) return <div data-testid="tab-writes">{notice}<p>No pending writes at this checkpoint.</p></div>;
  return (
    <div>
    {notice}
    <table className="writes-table" data-testid="tab-writes">
      <thead><tr><th scope="col">task</th><th scope="col">channel</th><th scope="col">disposition</th><th scope="col">value</th></tr></thead>
      <tbody>
        {detail.pendingWrites.map((w, i) => (
          <tr key={`${w.taskId}:${w.channel}:${i}`} data-testid="pending-write" data-disposition={w.disposition.kind}>
            <td title={`task id ${w.taskId}`} data-testid="write-task">{taskText(w.taskId, w.taskName, asker.get(w.taskId) ?? null)}</td>
            <td title={w.channel} data-testid="write-channel">{channelWords(w.channel) !== null ? <>{channelWords(w.channel)} <code className="muted">{w.channel}</code></> : <code>{w.channel}</code>}</td>
            <td title={w.reason} data-testid="write-disposition">{dispositionText(w.disposition)}{w.dispositionAlternatives ? ' (likely)' : ''}</td>
            <td><code title={jsonText(w.value, 2000)}>{jsonText(w.value, 120)}</code></td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/** For a LangGraph server checkpoint: what the server does and does not expose about pending writes. */
function ServerWritesNotice({ remote }: { remote: NonNullable<TabProps['detail']['remote']> }) {
  return (
    <div className="server-notice" data-testid="server-writes-notice">
      <strong>This checkpoint is on the LangGraph server {remote.serverUrl}.</strong> The server does not expose pending
      writes: the rows below are rebuilt from each task&apos;s result, error and interrupts, and what became of each write is not known.
      <ul>{remote.missing.map((m) => <li key={m.field} data-field={m.field}>{m.text}</li>)}</ul>
    </div>
  );
}
