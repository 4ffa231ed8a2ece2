/**
 * The engine's decisions about saved writes, as it made them: `LedgerRecorder` follows a thread's
 * trace (`src/shared/trace.ts`) and keeps one `LedgerRecord` per (namespace, checkpoint, task,
 * channel), the latest decision winning.
 *
 * A write is put (`@engine.writes.put`). A tick from its checkpoint re-applies it or skips it as a
 * control signal (`@engine.write.*`): both are tentative until the step completes
 * (`@engine.checkpoint.saved` of a `loop` checkpoint), which settles what was still open. A replay,
 * a stale-interrupt drop or new input discards it for good. A task reads a waiting resume value
 * (`@engine.task.run`); a later put of the same task replaces it. Under `exit` durability a put
 * reaches the saver only if the run ends with its step unfinished, so deferred puts count from
 * the run's end.
 */
import type { TraceEvent } from '../../shared/trace';
import { ERROR, NULL_TASK_ID, RESUME } from '../constants';
import { controlSignalOf, HAND_OFF_REASON } from './rules';
import { TickTracker, type OpenTick } from '../../shared/ticks';
import { superstepOfTrace } from '../../shared/steps';
import type { Disposition, DispositionStep, LedgerRecord, LedgerRule } from './types';

interface Entry extends Omit<LedgerRecord, 'history'> {
  /** Serial of the tick that last re-applied the write (settled as `reapplied` if that tick completes). */
  reappliedIn: number | null;
  /** The superstep of the current disposition, and the loop rule that decided it. */
  step: number | null;
  rule: LedgerRule | null;
  /** The story before the current disposition. */
  past: DispositionStep[];
  /** The step of a resumed run that skipped this control signal (its task runs again), if any. */
  skippedAt: number | null;
}

type Put = Extract<TraceEvent, { type: '@engine.writes.put' }>;
type Skip = Extract<TraceEvent, { type: '@engine.write.skipped' }>;

const keyOf = (ns: string, cp: string, task: string, channel: string): string => JSON.stringify([ns, cp, task, channel]);
const cpKey = (ns: string, cp: string): string => JSON.stringify([ns, cp]);
const current = (e: Entry): DispositionStep => ({ disposition: e.disposition, step: e.step, ...(e.rule ? { rule: e.rule } : {}), reason: e.reason });
function strip(e: Entry): LedgerRecord {
  const { reappliedIn: _r, step: _s, rule: _u, past, skippedAt: _k, ...record } = e;
  return { ...record, history: [...past, current(e)] };
}

/** Builds ledger records from one thread's trace events, fed in emission order. */
export class LedgerRecorder {
  private readonly ticks = new TickTracker();
  private readonly entries = new Map<string, Entry>();
  /** Record keys per checkpoint, in first-put order. */
  private readonly byCheckpoint = new Map<string, Set<string>>();
  /** Per namespace: `exit`-durability puts not yet handed to the saver. */
  private readonly deferred = new Map<string, Put[]>();
  /** Per namespace: steps that completed under `exit` durability, not saved yet. */
  private readonly unsaved = new Map<string, { tick: OpenTick; step: number }[]>();

  /** Feeds a thread's events (in order). */
  addAll(events: Iterable<TraceEvent>): this {
    for (const e of events) this.add(e);
    return this;
  }

  /** Feeds one event. */
  add(e: TraceEvent): void {
    const at = this.ticks.place(e);
    const ns = e.checkpointNs;
    switch (e.type) {
      case '@engine.writes.put':
        if (e.deferred) this.deferred.set(ns, [...(this.deferred.get(ns) ?? []), e]);
        else this.put(e);
        return;
      case '@engine.write.reapplied': {
        const entry = at.tick && this.entries.get(keyOf(ns, at.tick.checkpointId, e.taskId, e.channel));
        if (entry && at.tick) {
          entry.reappliedIn = at.tick.serial;
          this.set(entry, { kind: 'pending' }, `Re-applied to task ${e.name} in step ${superstepOfTrace(e.step)}, which has not completed.`, null);
        }
        return;
      }
      case '@engine.write.skipped': return at.context ? this.skipped(e, at.context) : undefined;
      case '@engine.task.run': return at.tick ? this.read(at.tick, e.name, superstepOfTrace(e.step)) : undefined;
      case '@engine.writes.applied': {
        if (!at.tick) return;
        // Under `exit` durability the step's writes never reach the saver; the step counts as
        // completed for the saved data only if a later saved checkpoint descends from it.
        if (this.deferred.has(ns)) {
          this.deferred.delete(ns);
          this.unsaved.set(ns, [...(this.unsaved.get(ns) ?? []), { tick: at.tick, step: superstepOfTrace(e.step) }]);
        } else this.complete(at.tick, superstepOfTrace(e.step));
        return;
      }
      case '@engine.checkpoint.saved': {
        const parent = e.parentCheckpointId;
        if (e.source === 'loop') {
          for (const done of this.unsaved.get(ns) ?? []) if (done.tick.checkpointId === parent) this.complete(done.tick, done.step);
          this.unsaved.delete(ns);
        } else if (e.source === 'input' && parent) this.input(ns, parent);
        return;
      }
      case '@engine.run.end': {
        for (const put of this.deferred.get(ns) ?? []) this.put(put);
        this.deferred.delete(ns);
        this.unsaved.delete(ns);
        return;
      }
      default:
    }
  }

  /** Every record so far. */
  records(): LedgerRecord[] {
    return [...this.entries.values()].map(strip);
  }

  /** The records of one checkpoint, in first-put order. */
  recordsOf(ns: string, checkpointId: string): LedgerRecord[] {
    return this.entriesOf(ns, checkpointId).map(strip);
  }

  private entriesOf(ns: string, checkpointId: string): Entry[] {
    return [...(this.byCheckpoint.get(cpKey(ns, checkpointId)) ?? [])].map((k) => this.entries.get(k)!);
  }

  private set(entry: Entry, disposition: Disposition, reason: string, step: number | null, rule: LedgerRule | null = null): void {
    entry.disposition = disposition;
    entry.reason = reason;
    entry.step = step;
    entry.rule = rule;
  }

  /** Thrown away for good: what checkpoint data can tell, with no step. */
  private discard(entry: Entry, disposition: Disposition, reason: string): void {
    entry.skippedAt = null;
    this.set(entry, disposition, reason, null);
  }

  private put(e: Put): void {
    const { checkpointNs: ns, checkpointId: cp, taskId } = e;
    const step = superstepOfTrace(e.step);
    const keys = this.byCheckpoint.get(cpKey(ns, cp)) ?? new Set<string>();
    this.byCheckpoint.set(cpKey(ns, cp), keys);
    const mine = new Set(e.channels);
    if (!e.isNullTask) {
      // A task's new writes replace all its earlier ones in the run's memory.
      for (const old of this.entriesOf(ns, cp)) {
        if (old.taskId !== taskId || mine.has(old.channel) || old.disposition.kind === 'discarded') continue;
        // A control signal was not re-applied, or its task would not run again: a resumed run skipped
        // it (an error handler's resumed task is not traced as a skip), which comes first in the story.
        if (controlSignalOf(old.channel) && old.channel !== RESUME) old.past.push(skipStep(old, old.skippedAt ?? step));
        old.skippedAt = null;
        this.set(old, { kind: 'superseded' }, `Replaced by a later put of the same task in step ${step}: it ran again.`, step, 'new-writes-replace-old');
        old.reappliedIn = null;
      }
    }
    for (const channel of mine) {
      const key = keyOf(ns, cp, taskId, channel);
      // A new put of the same (task, channel) replaces the stored write: its story starts again.
      const entry: Entry = this.entries.get(key) ?? { checkpointNs: ns, checkpointId: cp, taskId, channel, disposition: { kind: 'pending' }, reason: '', reappliedIn: null, step: null, rule: null, past: [], skippedAt: null };
      entry.reappliedIn = null;
      entry.past = [];
      entry.skippedAt = null;
      if (channel === RESUME && taskId !== NULL_TASK_ID) {
        this.set(entry, { kind: 'resume-value' }, 'The resume values this task read, kept so that its interrupts replay them when it runs again.', null);
      } else if (channel === ERROR && e.handOff) {
        this.set(entry, { kind: 'hand-off' }, HAND_OFF_REASON, null);
      } else {
        this.set(entry, { kind: 'pending' }, `Put in step ${step}; no step from this checkpoint has completed with it yet.`, null);
      }
      this.entries.set(key, entry);
      keys.add(key);
    }
  }

  private skipped(e: Skip, checkpointId: string): void {
    const step = superstepOfTrace(e.step);
    const entry = this.entries.get(keyOf(e.checkpointNs, checkpointId, e.taskId, e.channel));
    // A write settled by a completed step keeps its answer: a later replay only runs past it.
    if (!entry || !isOpen(entry.disposition)) return;
    entry.reappliedIn = null;
    switch (e.reason) {
      case 'control-signal': {
        // A resume write stays what it was: a task reading it settles it.
        if (e.channel === RESUME) return;
        const outputs = this.entriesOf(e.checkpointNs, checkpointId).some((o) => o.taskId === e.taskId && !controlSignalOf(o.channel) && o.disposition.kind !== 'superseded');
        if (outputs) {
          entry.past = [skipStep(entry, step)];
          return this.set(entry, { kind: 'superseded' }, `Replaced by the outputs of the same task, which ran again after this ${e.channel} and finished.`, step, 'new-writes-replace-old');
        }
        if (entry.disposition.kind === 'hand-off') return;
        entry.skippedAt = step;
        return this.set(entry, { kind: 'pending' }, `Skipped as a control signal in step ${step} (its task runs again); that step has not completed.`, null);
      }
      case 'replaying': return this.discard(entry, { kind: 'discarded', cause: 'replaying' }, `Not re-applied: step ${step} replayed this checkpoint and ran every task again.`);
      case 'time-travel': return this.discard(entry, { kind: 'discarded', cause: 'time-travel' }, `Dropped: a run travelled back to this checkpoint, so this ${e.channel} was stale.`);
      case 'discarded': return this.discard(entry, { kind: 'discarded', cause: 'new-input' }, 'Discarded: new input on this checkpoint replaced its unfinished step.');
    }
  }

  /** A task ran in `tick`: a waiting resume value of the null task is read by it. */
  private read(tick: OpenTick, name: string, step: number): void {
    for (const entry of this.entriesOf(tick.checkpointNs, tick.checkpointId)) {
      if (entry.channel === RESUME && entry.taskId === NULL_TASK_ID && entry.disposition.kind === 'pending') {
        this.set(entry, { kind: 'resume-value' }, `Read as a resume value when task ${name} ran in step ${step}.`, step);
      }
    }
  }

  /** An input checkpoint was made from `parent`: its input writes went in, the rest was discarded. */
  private input(ns: string, parent: string): void {
    for (const entry of this.entriesOf(ns, parent)) {
      if (!isOpen(entry.disposition)) continue;
      if (entry.taskId === NULL_TASK_ID && !controlSignalOf(entry.channel)) this.set(entry, { kind: 'applied' }, 'Applied as input: the input checkpoint made from this one holds it.', null, 'null-task-writes-accumulate');
      else this.discard(entry, { kind: 'discarded', cause: 'new-input' }, 'Discarded: new input on this checkpoint replaced its unfinished step.');
    }
  }

  /** The step from the tick's checkpoint completed: settle every write still open. */
  private complete(tick: OpenTick, step: number): void {
    for (const entry of this.entriesOf(tick.checkpointNs, tick.checkpointId)) {
      if (!isOpen(entry.disposition)) continue;
      const signal = controlSignalOf(entry.channel);
      entry.skippedAt = null;
      if (entry.channel === RESUME) this.set(entry, { kind: 'resume-value' }, `Read as a resume value by step ${step}, which completed.`, step);
      else if (signal) this.set(entry, { kind: 'skipped-control', signal }, `A ${signal} signal is never applied to a channel; step ${step} completed without it.`, step, 'control-signals-never-reapplied');
      else if (entry.reappliedIn === tick.serial) this.set(entry, { kind: 'reapplied' }, `Saved by an earlier attempt of step ${step} and re-applied to its task, which did not run again.`, step, 'succeeded-writes-reapplied');
      else this.set(entry, { kind: 'applied' }, `Applied when step ${step} completed.`, step, entry.taskId === NULL_TASK_ID ? 'null-task-writes-accumulate' : null);
    }
  }
}

/** The story's step for a control signal a resumed run skipped at `step`. */
function skipStep(entry: Entry, step: number): DispositionStep {
  const signal = controlSignalOf(entry.channel)!;
  return { disposition: { kind: 'skipped-control', signal }, step, rule: 'control-signals-never-reapplied', reason: `Skipped on resume in step ${step}: a ${signal} write is never re-applied, so its task ran again.` };
}

/** Not settled yet: pending, or a hand-off no step has completed after. */
const isOpen = (d: Disposition): boolean => d.kind === 'pending' || d.kind === 'hand-off';

/** The records of one thread's whole trace. */
export function recordLedger(events: Iterable<TraceEvent>): LedgerRecord[] {
  return new LedgerRecorder().addAll(events).records();
}
