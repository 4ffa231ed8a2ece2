/** Trigger reasons and outcomes of the tasks of a checkpoint's latest tick, read from the trace. */
import { TickTracker } from '../engine/ledger/index';
import type { TaskDTO, TriggerDTO } from '../protocol/dto';
import type { TraceEvent } from '../shared/trace';

type Fact = { triggers: TriggerDTO[]; outcome: TaskDTO['outcome'] };

/** Per task id of the latest tick from (ns, checkpointId): why it was triggered and how it ended. */
export function taskFacts(events: readonly TraceEvent[], ns: string, checkpointId: string): Map<string, Fact> {
  const ticks = new TickTracker();
  let facts = new Map<string, Fact>();
  let latest = -1;
  for (const e of events) {
    const at = ticks.place(e);
    if (e.checkpointNs !== ns) continue;
    if (at.opened?.checkpointId === checkpointId) {
      latest = at.opened.serial;
      facts = new Map();
    }
    if (!at.tick || at.tick.checkpointId !== checkpointId || at.tick.serial !== latest || at.opened) continue;
    if (e.type === '@engine.task.prepared') facts.set(e.taskId, { triggers: e.triggers.map((t) => ({ channel: t.channel, version: t.version, seen: t.seen })), outcome: 'pending' });
    const fact = 'taskId' in e && e.taskId ? facts.get(e.taskId) : undefined;
    if (!fact) continue;
    if (e.type === '@engine.task.cached') fact.outcome = 'served-from-saved-writes';
    if (e.type === '@engine.task.finished') fact.outcome = e.status === 'success' ? 'ran' : e.status === 'error' ? 'failed' : 'interrupted';
  }
  return facts;
}
