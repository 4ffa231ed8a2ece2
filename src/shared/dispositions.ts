/**
 * The one vocabulary of the write ledger: what happened to a pending write saved beside a
 * checkpoint (`Disposition`), the story of each write (`DispositionStep[]`, in order), the rules of
 * LangGraph's loop that decided it (`LedgerRule`), and their words for people. The engine's ledger
 * (`src/engine/ledger`) produces these values, the protocol carries them unchanged and the UI shows
 * them with the words below; nobody renames a kind or words it again.
 *
 * Step numbers are the one numbering of src/shared/steps.ts: the superstep that runs the tasks a
 * checkpoint lists as `next` is numbered by that checkpoint's `metadata.step`.
 */
import type { ControlSignal } from './trace';

/** Why a saved write was thrown away without reaching the channels. */
export type DiscardCause =
  /** A replay of the checkpoint (or a fork from it) runs every task again: saved writes are not re-applied. */
  | 'replaying'
  /** A stale interrupt / resume dropped when a run travels back to a historical checkpoint. */
  | 'time-travel'
  /** New input on the checkpoint discarded the leftovers of its unfinished step. */
  | 'new-input';

/** What happened to one pending write. Switch on `kind`. */
export type Disposition =
  /** Written by a task of the step that ran from the checkpoint; applied when that step completed. */
  | { kind: 'applied' }
  /** Saved by an earlier, unfinished attempt of the step and re-applied to its task, which did not run again. */
  | { kind: 'reapplied' }
  /** A control signal: never applied to a channel (it makes a task run again, or records a failure). */
  | { kind: 'skipped-control'; signal: ControlSignal }
  /** A resume value: read by `interrupt()` in a task. */
  | { kind: 'resume-value' }
  /** Thrown away (see `DiscardCause`). */
  | { kind: 'discarded'; cause: DiscardCause }
  /** Replaced in the run's memory by a later `putWrites` of the same task (it ran again). */
  | { kind: 'superseded' }
  /** Nothing decided yet: a run continuing from the checkpoint will decide. */
  | { kind: 'pending' }
  /** A checkpoint was made from this one, but its stored metadata does not say how (no source): what that did with the write is not known. */
  | { kind: 'not-known' }
  /** An `__error__` write that is a `Command.PARENT` hand-off (src/shared/control-flow.ts): the parent graph applied the command; never re-applied. */
  | { kind: 'hand-off' };

/** The `kind` literals. */
export type DispositionKind = Disposition['kind'];

/** A write as the protocol shows it: a ledger disposition, or `not-exposed` (a LangGraph server does not say). */
export type WriteDisposition = Disposition | { kind: 'not-exposed' };

/** The rules of LangGraph's loop that decide a saved write, by name. */
export type LedgerRule =
  /** `__error__`, `__interrupt__`, `__error_source_node__` are never applied to a channel, and a resumed run does not re-apply them: their task runs again. */
  | 'control-signals-never-reapplied'
  /** A task that succeeded in an unfinished step does not run again: its saved writes are re-applied. */
  | 'succeeded-writes-reapplied'
  /** A task that runs again puts new writes, which replace all its old ones in the run's memory. */
  | 'new-writes-replace-old'
  /** Writes no task made (input, `Command` updates; `NULL_TASK_ID`) never replace each other: they accumulate. */
  | 'null-task-writes-accumulate';

/** One rule in words. */
export const LEDGER_RULE_WORDS: Readonly<Record<LedgerRule, string>> = {
  'control-signals-never-reapplied': 'control signals are never re-applied',
  'succeeded-writes-reapplied': "a succeeded task's writes are re-applied",
  'new-writes-replace-old': "a task's new writes replace its old ones",
  'null-task-writes-accumulate': 'writes of no task (input) accumulate',
};

/** One event in a write's story: what happened, at which superstep, by which rule, and why in detail. */
export interface DispositionStep {
  disposition: Disposition;
  /** The superstep it happened in (see the header), or null when the data does not say. */
  step: number | null;
  /** The loop rule that decided it, where one applies. */
  rule?: LedgerRule;
  /** One sentence with the evidence (the engine's detail, behind a disclosure). */
  reason: string;
}

/** A short label per kind ("superseded", "skipped: control signal"), for badges and filters. */
export const DISPOSITION_LABELS: Readonly<Record<WriteDisposition['kind'], string>> = {
  applied: 'applied',
  reapplied: 're-applied',
  'skipped-control': 'skipped: control signal',
  'resume-value': 'read as a resume value',
  discarded: 'discarded',
  superseded: 'superseded',
  pending: 'pending',
  'not-known': 'not known',
  'hand-off': 'hand-off',
  'not-exposed': 'not known: the server does not say',
};

const DISCARD_WORDS: Readonly<Record<DiscardCause, string>> = {
  replaying: 'not re-applied: a replay ran every task again',
  'time-travel': 'dropped: a stale interrupt or resume value when a run went back to this checkpoint',
  'new-input': 'discarded: new input replaced the unfinished step',
};

/** What the words of a step may name: the task that saved the write, in a person's words. */
export interface StepWordsContext {
  /** The write's task in words ("web", "no task (input)", "answer to clarify's interrupt"). */
  task: string;
  /** True for the story's last step (what the write is now). */
  last: boolean;
}

const at = (step: number | null): string => (step === null ? '' : ` at step ${step}`);

/** One step of a write's story in words, e.g. "superseded at step 1 by web's new writes". */
export function dispositionStepWords(s: Pick<DispositionStep, 'disposition' | 'step'>, ctx: StepWordsContext): string {
  const d = s.disposition;
  switch (d.kind) {
    case 'applied': return s.step === null ? 'applied' : `applied when step ${s.step} completed`;
    case 'reapplied': return `re-applied${at(s.step)}: ${ctx.task} succeeded before and did not run again`;
    case 'skipped-control': return ctx.last
      ? `skipped${at(s.step)}: control signal ${d.signal}, never applied to a channel`
      : `skipped on resume${at(s.step)} — control signal ${d.signal}: ${ctx.task} runs again`;
    case 'resume-value': return `read as a resume value${at(s.step)}`;
    case 'discarded': return `${DISCARD_WORDS[d.cause]}${at(s.step)}`;
    case 'superseded': return `superseded${at(s.step)} by ${ctx.task}'s new writes`;
    case 'pending': return 'pending: no run has continued from here yet';
    case 'not-known': return 'not known: the checkpoint made from here does not record its source';
    case 'hand-off': return 'hand-off: a Command.PARENT the parent graph applied (saved as __error__, never re-applied)';
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

/** The words of a disposition with no story (a server's `not-exposed`, or a bare kind). */
export function dispositionWords(d: WriteDisposition, ctx: StepWordsContext = { task: 'its task', last: true }): string {
  return d.kind === 'not-exposed' ? DISPOSITION_LABELS['not-exposed'] : dispositionStepWords({ disposition: d, step: null }, ctx);
}

/** Channels of the control signals a resumed run skips (`__resume__` is read, not skipped). */
const SKIPPED_SIGNALS: readonly string[] = ['__error__', '__interrupt__', '__error_source_node__'] satisfies ControlSignal[];

/**
 * The ledger's rule `control-signals-never-reapplied` as a checkpoint row can tell it: a control
 * signal is saved beside the checkpoint (`writeChannels`: the channels its pending writes go to) and
 * a step from it completed (a `loop` checkpoint was made from it), so a resumed run skipped the
 * signal. A row knows no more than that; each write's story is in its ledger entry.
 */
export function controlSkippedOnResume(writeChannels: readonly string[], stepCompleted: boolean): boolean {
  return stepCompleted && writeChannels.some((c) => SKIPPED_SIGNALS.includes(c));
}
