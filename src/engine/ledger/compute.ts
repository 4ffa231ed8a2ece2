/**
 * The ledger from checkpoint data alone: what happened to each pending write of a checkpoint,
 * told by the checkpoint's children and by the other writes beside it. It serves every thread
 * whose trace is unknown (imported threads, foreign checkpoint files, LangGraph servers) and is
 * checked against the engine's recorded decisions on every differential scenario.
 *
 * The rules follow LangGraph's loop (`_first`, `put_writes`, `_reapply_writes_to_succeeded_nodes`,
 * `_resume_error_handlers_if_applicable`):
 * - a `loop` child means the step from the checkpoint completed: task outputs reached the channels
 *   (applied, or re-applied when an earlier attempt saved them and their task did not run again),
 *   control signals did not, resume values were read;
 * - a task that has both a control signal (`__interrupt__`, `__error__`) and outputs ran again
 *   after the signal and finished: its outputs replaced the signal (superseded);
 * - a task's own `__resume__` write is the list of resume values it has read;
 * - an `input` child took the null task's writes (a Command's update) as input and discarded the
 *   rest of the unfinished step; an `update` child took the writes of the update;
 * - a `fork` child replayed the checkpoint: task writes were not re-applied (a write of a state update
 *   may have reached the update checkpoint first), interrupts and resume values were dropped as stale;
 * - otherwise the write is still pending.
 */
import { ERROR, NULL_TASK_ID, RESUME } from '../constants';
import { isHandOff } from '../../shared/control-flow';
import { isKnownSource } from '../../shared/checkpoint-source';
import { controlSignalOf, HAND_OFF_REASON } from './rules';
import type { Disposition, DispositionKind, DispositionStep, LedgerEntry, LedgerInput } from './types';

type Verdict = [Disposition, string, DispositionKind[]?];

/** Facts about one checkpoint's writes and children that the rules read. */
interface Facts {
  step: number | null;
  children: Set<string | undefined>;
  /** Tasks with at least one output write. */
  withOutputs: Set<string>;
  /** Tasks with both a control signal and outputs: they ran again after the signal. */
  reRan: Set<string>;
  /** Some task has read a resume value (it has its own `__resume__` write). */
  readResume: boolean;
  /** A child's stored metadata has no source LangGraph writes: what it did is not known. */
  unknownChild: boolean;
  /** The checkpoint's namespace. */
  ns: string;
}

function factsOf(input: LedgerInput): Facts {
  const writes = input.tuple.pendingWrites ?? [];
  const withOutputs = new Set<string>();
  for (const [tid, ch] of writes) if (!controlSignalOf(ch)) withOutputs.add(tid);
  const reRan = new Set<string>();
  for (const [tid, ch] of writes) if (ch !== RESUME && controlSignalOf(ch) && withOutputs.has(tid)) reRan.add(tid);
  return {
    step: input.tuple.metadata?.step ?? null,
    children: new Set(input.children.map((c) => c.metadata?.source)),
    unknownChild: input.children.some((c) => !isKnownSource(c.metadata?.source)),
    ns: input.tuple.config?.configurable?.checkpoint_ns ?? '',
    withOutputs,
    reRan,
    readResume: writes.some(([tid, ch]) => ch === RESUME && tid !== NULL_TASK_ID),
  };
}

const stepName = (f: Facts): string => (f.step === null ? 'the next step' : `step ${f.step}`);
const NEW_INPUT: Verdict = [{ kind: 'discarded', cause: 'new-input' }, 'Discarded: new input on this checkpoint replaced its unfinished step.'];
const PENDING: Verdict = [{ kind: 'pending' }, 'No step from this checkpoint has completed with it yet.'];
const HAND_OFF: Verdict = [{ kind: 'hand-off' }, HAND_OFF_REASON];
const NOT_KNOWN: Verdict = [{ kind: 'not-known' }, 'A checkpoint was made from this one, but its stored metadata does not say how (it has no source), so what became of this write is not known.'];

function resumeVerdict(taskId: string, f: Facts): Verdict {
  if (taskId !== NULL_TASK_ID) return [{ kind: 'resume-value' }, 'The resume values this task read, kept so that its interrupts replay them when it runs again.'];
  if (f.children.has('loop')) return [{ kind: 'resume-value' }, `Read as a resume value by ${stepName(f)}, which completed.`];
  if (f.readResume) return [{ kind: 'resume-value' }, 'Read as a resume value by a task that then stopped again.'];
  if (f.children.has('fork')) return [{ kind: 'discarded', cause: 'time-travel' }, 'Dropped: a run travelled back to this checkpoint, so this resume value was stale.'];
  if (f.children.has('input')) return NEW_INPUT;
  return [{ kind: 'pending' }, 'Waiting: no task has read this resume value yet.'];
}

function controlVerdict(taskId: string, signal: NonNullable<ReturnType<typeof controlSignalOf>>, f: Facts): Verdict {
  if (f.withOutputs.has(taskId)) return [{ kind: 'superseded' }, `Replaced by the outputs of the same task, which ran again after this ${signal} and finished.`];
  if (f.children.has('loop')) return [{ kind: 'skipped-control', signal }, `A ${signal} signal is never applied to a channel; ${stepName(f)} completed without it.`];
  if (f.children.has('fork') && signal === '__interrupt__') return [{ kind: 'discarded', cause: 'time-travel' }, 'Dropped: a run travelled back to this checkpoint, so this interrupt was stale.'];
  if (f.children.has('input')) return NEW_INPUT;
  return PENDING;
}

function outputVerdict(taskId: string, f: Facts): Verdict {
  if (f.children.has('loop')) {
    // Without the trace, which attempt wrote the outputs is a guess: a task that did not signal
    // beside one that ran again most likely finished in the earlier attempt.
    if (taskId !== NULL_TASK_ID && f.reRan.size > 0 && !f.reRan.has(taskId)) {
      return [{ kind: 'reapplied' }, `Most likely saved by an earlier attempt of ${stepName(f)} (another task ran again) and re-applied to its task.`, ['applied']];
    }
    return [{ kind: 'applied' }, `Applied when ${stepName(f)} completed.`, ['reapplied']];
  }
  if (f.children.has('input')) {
    return taskId === NULL_TASK_ID ? [{ kind: 'applied' }, 'Applied as input: the input checkpoint made from this one holds it.'] : NEW_INPUT;
  }
  // A replay skips every saved task write; one a state update made had reached its checkpoint first.
  if (f.children.has('fork')) {
    const replayed: Verdict = [{ kind: 'discarded', cause: 'replaying' }, 'Not re-applied: a replay of this checkpoint ran every task again.'];
    return f.children.has('update') ? [replayed[0], replayed[1], ['applied']] : replayed;
  }
  if (f.children.has('update')) return [{ kind: 'applied' }, 'Applied by a state update: the update checkpoint made from this one holds it.'];
  return PENDING;
}

/**
 * The write's story, ending with `verdict`. A control signal superseded by its task's outputs was
 * first skipped on resume (only a resumed run runs a task again beside its saved writes); the step
 * and the loop rule are named where the data says them.
 */
function storyOf(taskId: string, channel: string, verdict: Verdict, f: Facts): DispositionStep[] {
  const [disposition, reason] = verdict;
  // The superstep that ran from the checkpoint is numbered by its metadata.step (src/shared/steps.ts).
  const step = f.step;
  const signal = controlSignalOf(channel);
  switch (disposition.kind) {
    case 'superseded': return [
      ...(signal ? [{ disposition: { kind: 'skipped-control', signal }, step, rule: 'control-signals-never-reapplied', reason: `Skipped on resume: a ${signal} write is never re-applied, so its task ran again.` } satisfies DispositionStep] : []),
      { disposition, step, rule: 'new-writes-replace-old', reason },
    ];
    case 'skipped-control': return [{ disposition, step, rule: 'control-signals-never-reapplied', reason }];
    case 'reapplied': return [{ disposition, step, rule: 'succeeded-writes-reapplied', reason }];
    case 'applied': return [{ disposition, step: f.children.has('loop') ? step : null, ...(taskId === NULL_TASK_ID ? { rule: 'null-task-writes-accumulate' as const } : {}), reason }];
    case 'resume-value': return [{ disposition, step: taskId !== NULL_TASK_ID || !f.children.has('loop') ? null : step, reason }];
    default: return [{ disposition, step: null, reason }];
  }
}

/**
 * One entry per pending write of `input.tuple`, in order: its disposition and why, from the
 * checkpoint, its pending writes, its children and (when known) the graph's channel rules.
 */
export function computeLedger(input: LedgerInput): LedgerEntry[] {
  const writes = input.tuple.pendingWrites ?? [];
  const f = factsOf(input);
  const known = input.rules ? new Set(input.rules.channels) : null;
  return writes.map(([taskId, channel, value], index): LedgerEntry => {
    const signal = controlSignalOf(channel);
    const verdict = channel === RESUME ? resumeVerdict(taskId, f) : signal ? controlVerdict(taskId, signal, f) : outputVerdict(taskId, f);
    // Until a step settles it, a hand-off saved as __error__ reads as what it is; and where nothing
    // known decided, yet a checkpoint was made from here that does not say how, never a guess.
    const open = verdict[0].kind === 'pending';
    const [disposition, why, alternatives] = open && channel === ERROR && isHandOff(value, f.ns) ? HAND_OFF : open && f.unknownChild ? NOT_KNOWN : verdict;
    const nowhere = known && disposition.kind === 'applied' && !known.has(channel) && !channel.startsWith('__') && !channel.startsWith('branch:');
    const reason = nowhere ? `${why} The graph has no channel ${channel}: it changed nothing.` : why;
    const history = storyOf(taskId, channel, [disposition, reason], f);
    return { taskId, channel, index, disposition, reason, history, ...(alternatives ? { alternatives } : {}), basis: 'computed' };
  });
}
