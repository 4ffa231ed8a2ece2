import type { TaskUncertainty } from '../../../protocol/dto';
import type { TabProps } from '../registry';
import { taskPathText } from '../../model/words';
import { TaskTimingView } from './TaskTimingView';

const OUTCOME: Record<string, string> = {
  ran: 'ran',
  'served-from-saved-writes': 'served from saved writes',
  failed: 'failed',
  interrupted: 'interrupted',
  'handed-off': 'handed off (Command.PARENT)',
  pending: 'pending',
};

const UNCERTAIN: Record<TaskUncertainty, string> = {
  triggers: 'its trigger channels are read from channel names and versions seen, without the graph',
  id: 'its id depends on which trigger the graph checks first, which the data does not keep',
  order: 'tasks of different nodes are in name order, not the graph\'s node order',
};

/** Why an inferred task is not certain, in one sentence. */
const uncertainText = (what: readonly TaskUncertainty[]) => `Inferred from the checkpoint data: ${what.map((w) => UNCERTAIN[w]).join('; ')}.`;

/** The tasks prepared from this checkpoint, why each was triggered and how long it took. */
export function TasksTab({ detail }: TabProps) {
  if (detail.tasks.length === 0) return <p data-testid="tab-tasks">No tasks: the run ends at this checkpoint.</p>;
  return (
    <ul className="task-list" data-testid="tab-tasks">
      {detail.tasks.map((t) => {
        const path = taskPathText(t);
        return (
        <li key={t.id} data-testid="task" data-task={t.name}>
          <div>
            <strong title={`${path.raw} · task id ${t.id}`} data-testid="task-name">{t.name}</strong>{' '}
            {path.text !== t.name && <span className="muted" title={path.raw} data-testid="task-path">{path.text}</span>}
            {t.outcome !== undefined && <span className={`pill outcome-${t.outcome}`}>{OUTCOME[t.outcome] ?? t.outcome}</span>}
            {t.subgraphNs !== undefined && <span className="pill">subgraph {t.subgraphNs}</span>}
            {t.uncertain !== undefined && <span className="pill" title={uncertainText(t.uncertain)} data-testid="task-inferred">inferred</span>}
          </div>
          {t.timing !== undefined && <TaskTimingView timing={t.timing} />}
          {t.kind === 'push' && <div className="muted">triggered by a Send packet</div>}
          {t.triggers.length > 0 && (
            <table className="trigger-table">
              <caption>Why it was triggered</caption>
              <thead><tr><th scope="col">channel</th><th scope="col">version</th><th scope="col">seen by node</th></tr></thead>
              <tbody>
                {t.triggers.map((tr) => (
                  <tr key={tr.channel} data-testid="trigger">
                    <td><code>{tr.channel}</code></td>
                    <td>{String(tr.version)}</td>
                    <td>{tr.seen === null ? 'never' : String(tr.seen)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {t.interrupts.map((i) => (
            <div key={i.id} className="muted">interrupt {i.id}: <code>{JSON.stringify(i.value)}</code></div>
          ))}
          {t.error !== null && (t.outcome === 'ran'
            ? <div className="muted" data-testid="task-earlier-error">an earlier attempt failed ({t.error.name}: {t.error.message}); it ran again and finished</div>
            : <div className="error-text">{t.error.name}: {t.error.message}</div>)}
        </li>
        );
      })}
    </ul>
  );
}
