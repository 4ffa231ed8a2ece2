/**
 * The engine trace of a run, folded into what the runs panel shows: each tick with its
 * isReplaying flag, the tasks that ran versus those served from saved writes, put_writes
 * deduplications, and, per subgraph namespace, the checkpoint its first visit loaded and why.
 * Which tick an event belongs to is the engine's one tick rule (`src/shared/ticks.ts`).
 */
import { TickTracker } from '../../shared/ticks';
import { isTraceEvent, type TraceEvent } from '../../shared/trace';

/** One superstep of a run as the trace tells it. */
export interface TickSummary {
  /** The tick's identity in the trace: the run and `seq` of its tick.start event. */
  id: string;
  ns: string;
  step: number;
  checkpointId: string;
  isReplaying: boolean;
  ran: string[];
  cached: string[];
  failed: string[];
  interrupted: string[];
  /** put_writes calls that dropped earlier special-channel writes (`name`: the task's node, when the trace names it). */
  dedups: { taskId: string; name: string | null; channels: string[]; replaced: number }[];
}

/** How a subgraph started the first time the run entered it. */
export interface SubgraphVisit {
  ns: string;
  checkpointId: string | null;
  reason: string;
  /** For time-travelling runs: whether the engine's first-visit rule applied (see @engine.replay.visit). */
  firstVisit?: boolean;
}

/** A run's trace, folded. */
export interface TraceSummary {
  ticks: TickSummary[];
  visits: SubgraphVisit[];
  status: string | null;
  ignored: number;
}

function visitReason(e: Extract<TraceEvent, { type: '@engine.run.start' }>): string {
  if (e.checkpointId === null) return 'no saved checkpoint in this namespace: starts fresh';
  if (e.isReplaying) return 'replays from this checkpoint (its saved writes are not re-applied on the first tick)';
  if (e.isResuming) return 'resumes its latest checkpoint (saved writes are re-applied)';
  return 'continues from its latest checkpoint';
}

function replayVisitReason(e: Extract<TraceEvent, { type: '@engine.replay.visit' }>): string {
  if (!e.firstVisit) return `later visit of ${e.stableNs} in this replay: loads its latest checkpoint`;
  if (e.loadedCheckpointId === null) return `first visit of ${e.stableNs} in this replay: no checkpoint before ${e.replayBefore}, starts fresh`;
  return `first visit of ${e.stableNs} in this replay: loads its latest checkpoint before ${e.replayBefore} (step ${e.loadedStep ?? '?'})`;
}

/** Folds trace events (any order; sorted by seq) into ticks and subgraph visits. */
export function summarizeTrace(raw: readonly unknown[]): TraceSummary {
  const events = raw.filter(isTraceEvent).sort((a, b) => (a.runId === b.runId ? a.seq - b.seq : a.runId < b.runId ? -1 : 1));
  const ticks: TickSummary[] = [];
  const bySerial = new Map<number, TickSummary>();
  const visits: SubgraphVisit[] = [];
  const visited = new Set<string>();
  let status: string | null = null;
  const tracker = new TickTracker();
  let current: TickSummary | undefined;
  const tickOf = () => current;
  const names = new Map<string, string>();
  for (const e of events) {
    const at = tracker.place(e);
    current = at.tick && !at.opened ? bySerial.get(at.tick.serial) : undefined;
    switch (e.type) {
      case '@engine.run.start':
        if (e.checkpointNs !== '' && !visited.has(e.checkpointNs)) {
          visited.add(e.checkpointNs);
          visits.push({ ns: e.checkpointNs, checkpointId: e.checkpointId, reason: visitReason(e) });
        }
        break;
      case '@engine.replay.visit':
        visited.add(e.checkpointNs);
        visits.push({ ns: e.checkpointNs, checkpointId: e.loadedCheckpointId, reason: replayVisitReason(e), firstVisit: e.firstVisit });
        break;
      case '@engine.run.end':
        if (e.checkpointNs === '') status = e.status;
        break;
      case '@engine.tick.start': {
        const t: TickSummary = { id: `${e.runId}:${e.seq}`, ns: e.checkpointNs, step: e.step, checkpointId: e.checkpointId, isReplaying: e.isReplaying, ran: [], cached: [], failed: [], interrupted: [], dedups: [] };
        ticks.push(t);
        if (at.opened) bySerial.set(at.opened.serial, t);
        break;
      }
      case '@engine.task.prepared':
        names.set(e.taskId, e.name);
        break;
      case '@engine.task.run':
        names.set(e.taskId, e.name);
        if (e.attempt === 1) tickOf()?.ran.push(e.name);
        break;
      case '@engine.task.cached':
        tickOf()?.cached.push(e.name);
        break;
      case '@engine.task.finished':
        if (e.status === 'error') tickOf()?.failed.push(e.name);
        if (e.status === 'interrupt') tickOf()?.interrupted.push(e.name);
        break;
      case '@engine.writes.put':
        if (e.deduplicated.length > 0 || e.replaced > 0) tickOf()?.dedups.push({ taskId: e.taskId, name: names.get(e.taskId) ?? null, channels: e.deduplicated, replaced: e.replaced });
        break;
      default:
        break;
    }
  }
  return { ticks, visits, status, ignored: raw.length - events.length };
}
