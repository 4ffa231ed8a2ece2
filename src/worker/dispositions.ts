/**
 * What happened to each pending write of a checkpoint, read from the trace of the thread: was it
 * re-applied to its task, skipped as a control signal, consumed as a resume value, ignored because
 * the tick was replaying, dropped, or is it still waiting for a run to continue from there?
 */
import type { TaskDTO, TriggerDTO, WriteDisposition } from '../protocol/dto';
import type { ControlSignal, TraceEvent } from '../shared/trace';

/** The events of one tick: from its `@engine.tick.start` up to the next tick or the run's end. */
interface Tick {
  start: Extract<TraceEvent, { type: '@engine.tick.start' }>;
  /** Index of the tick start in the thread's event list. */
  at: number;
  events: TraceEvent[];
  /** Index of the checkpoint the step saved (it completed), or -1. */
  savedAt: number;
}

/** Ticks that started from `checkpointId` in namespace `ns`, in trace order. */
export function ticksFrom(events: readonly TraceEvent[], ns: string, checkpointId: string): Tick[] {
  const ticks: Tick[] = [];
  let open: Tick | null = null;
  events.forEach((e, at) => {
    if (e.checkpointNs !== ns) return;
    if (e.type === '@engine.tick.start' || e.type === '@engine.run.start' || e.type === '@engine.run.end') {
      open = null;
      if (e.type === '@engine.tick.start' && e.checkpointId === checkpointId) {
        open = { start: e, at, events: [], savedAt: -1 };
        ticks.push(open);
      }
      return;
    }
    // A checkpoint save ends the step: later events of the run belong to the next tick.
    const tick = open as Tick | null;
    if (!tick) return;
    tick.events.push(e);
    if (e.type === '@engine.checkpoint.saved') {
      tick.savedAt = at;
      open = null;
    }
  });
  return ticks;
}

/** Index of the last `writes.put` of (task, channel) against the checkpoint, or -1. */
function lastPut(events: readonly TraceEvent[], ns: string, checkpointId: string, taskId: string, channel: string): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === '@engine.writes.put' && e.checkpointNs === ns && e.checkpointId === checkpointId && e.taskId === taskId && e.channels.includes(channel)) return i;
  }
  return -1;
}

const CONTROL: ReadonlySet<string> = new Set<ControlSignal>(['__error__', '__error_source_node__', '__interrupt__', '__resume__']);

/**
 * The disposition of the write (taskId, channel) saved against `checkpointId`: the latest explicit
 * re-apply/skip decision of a tick from that checkpoint; else decided by the first tick from that
 * checkpoint after the write was put (or by the step that put it, when that step completed).
 */
export function writeDisposition(
  events: readonly TraceEvent[], ns: string, checkpointId: string, taskId: string, channel: string,
): WriteDisposition {
  const ticks = ticksFrom(events, ns, checkpointId);
  // An explicit decision about this write (re-applied / skipped) is authoritative; the latest wins.
  for (let i = ticks.length - 1; i >= 0; i--) {
    const decided = explicitDecision(ticks[i]!, taskId, channel);
    if (decided) return decided;
  }
  const putAt = lastPut(events, ns, checkpointId, taskId, channel);
  const tick = ticks.find((t) => t.at > putAt);
  if (!tick) {
    // Written by a task of a step that then completed: applied with that step's writes.
    const own = ticks.filter((t) => t.at < putAt).at(-1);
    if (putAt >= 0 && own && own.savedAt > putAt) {
      if (channel === '__resume__') return { kind: 'resume-value' };
      return CONTROL.has(channel) ? { kind: 'skipped-control', signal: channel as ControlSignal } : { kind: 'applied' };
    }
    return { kind: 'pending' };
  }
  if (channel === '__resume__') return resumeOrSkipped(tick, taskId);
  if (tick.start.isReplaying) return { kind: 'not-reapplied-replaying' };
  if (CONTROL.has(channel)) return { kind: 'skipped-control', signal: channel as ControlSignal };
  return { kind: 'pending' };
}

/** What a tick's `write.reapplied` / `write.skipped` events say about the write, if anything. */
function explicitDecision(tick: Tick, taskId: string, channel: string): WriteDisposition | null {
  for (const e of tick.events) {
    if (e.type === '@engine.write.reapplied' && e.taskId === taskId && e.channel === channel) return { kind: 'reapplied' };
    if (e.type !== '@engine.write.skipped' || e.taskId !== taskId || e.channel !== channel) continue;
    if (channel === '__resume__' && e.reason === 'control-signal') return resumeOrSkipped(tick, taskId);
    switch (e.reason) {
      case 'control-signal': return { kind: 'skipped-control', signal: e.signal ?? (channel as ControlSignal) };
      case 'replaying': return { kind: 'not-reapplied-replaying' };
      case 'time-travel':
      case 'discarded': return { kind: 'dropped', reason: e.reason };
    }
  }
  return null;
}

/**
 * A `__resume__` write is consumed when a task that can read it ran in the tick: its own task, or,
 * for writes not owned by a task of the tick (a Command's resume, keyed by interrupt id or the
 * null task), any task.
 */
function resumeOrSkipped(tick: Tick, taskId: string): WriteDisposition {
  const ownedByTask = tick.events.some((e) => e.type === '@engine.task.prepared' && e.taskId === taskId);
  const ran = tick.events.some((e) => e.type === '@engine.task.run' && (!ownedByTask || e.taskId === taskId));
  return ran ? { kind: 'resume-value' } : { kind: 'skipped-control', signal: '__resume__' };
}

/** Trigger reasons and outcome of each task prepared in the latest tick from the checkpoint. */
export function taskFacts(events: readonly TraceEvent[], ns: string, checkpointId: string): Map<string, { triggers: TriggerDTO[]; outcome: TaskDTO['outcome'] }> {
  const facts = new Map<string, { triggers: TriggerDTO[]; outcome: TaskDTO['outcome'] }>();
  const tick = ticksFrom(events, ns, checkpointId).at(-1);
  if (!tick) return facts;
  for (const e of tick.events) {
    if (e.type === '@engine.task.prepared') {
      facts.set(e.taskId, { triggers: e.triggers.map((t) => ({ channel: t.channel, version: t.version, seen: t.seen })), outcome: 'pending' });
    }
    const fact = 'taskId' in e && e.taskId ? facts.get(e.taskId) : undefined;
    if (!fact) continue;
    if (e.type === '@engine.task.cached') fact.outcome = 'served-from-saved-writes';
    if (e.type === '@engine.task.finished') fact.outcome = e.status === 'success' ? 'ran' : e.status === 'error' ? 'failed' : 'interrupted';
  }
  return facts;
}
