import type { PendingWriteDTO } from '../../../protocol/dto';
import { dispositionStepWords, dispositionWords, LEDGER_RULE_WORDS } from '../../../shared/dispositions';
import { jsonText } from '../../model/json-text';
import type { TabProps } from '../registry';
import { channelWords, taskText } from '../../model/words';

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
            <td data-testid="write-disposition"><WriteStory write={w} task={taskText(w.taskId, w.taskName, asker.get(w.taskId) ?? null)} /></td>
            <td><code title={jsonText(w.value, 2000)}>{jsonText(w.value, 120)}</code></td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

const BASIS = { recorded: 'recorded by the engine while it ran', computed: 'read from the checkpoint data' } as const;

/**
 * What became of one write, as a story in the shared words of src/shared/dispositions.ts: each step
 * in order, with the loop rule that decided it; the ledger's evidence and the raw ids behind "details".
 */
function WriteStory({ write: w, task }: { write: PendingWriteDTO; task: string }) {
  const likely = w.dispositionAlternatives ? ' (likely)' : '';
  if (!w.history || w.history.length === 0) return <span title={w.reason}>{dispositionWords(w.disposition, { task, last: true })}{likely}</span>;
  const steps = w.history;
  return (
    <>
      <ol className="write-story" data-testid="write-story">
        {steps.map((s, i) => (
          <li key={i} data-testid="write-story-step" data-kind={s.disposition.kind}>
            {i > 0 && <span aria-hidden="true">→ </span>}
            {dispositionStepWords(s, { task, last: i === steps.length - 1 })}
            {i === steps.length - 1 ? likely : ''}
            {s.rule && <span className="muted write-rule" data-testid="write-rule" data-rule={s.rule}> ({LEDGER_RULE_WORDS[s.rule]})</span>}
          </li>
        ))}
      </ol>
      <details className="write-details" data-testid="write-details">
        <summary>details</summary>
        <ul>{steps.map((s, i) => <li key={i}><code>{s.disposition.kind}</code>: {s.reason}</li>)}</ul>
        <p className="muted">task id <code>{w.taskId}</code>; {BASIS[w.dispositionBasis ?? 'computed']}{w.dispositionAlternatives ? `; could also be: ${w.dispositionAlternatives.join(', ')}` : ''}</p>
      </details>
    </>
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
