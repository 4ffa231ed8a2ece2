/**
 * The write ledger's vocabulary: what happened to each pending write saved beside a checkpoint.
 *
 * A pending write `[taskId, channel, value]` is attached to the checkpoint its step started from.
 * Whether the write ever reached the channels is not stored anywhere: it follows from the
 * checkpoint's children (did the step complete?), from the other writes beside it (did the task run
 * again? was an interrupt answered?) and, for our own runs, from what the engine decided at tick
 * time (the `@engine.write.*` trace events). This module names the answers.
 */
import type { ControlSignal } from '../../shared/trace';
import type { CheckpointMetadata, PendingWrite } from '../checkpoint/types';

export type { ControlSignal };

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

/** One pending write's entry in a checkpoint's ledger. */
export interface LedgerEntry {
  taskId: string;
  channel: string;
  /** Position of the write in the tuple's `pendingWrites`. */
  index: number;
  disposition: Disposition;
  /** One human-readable sentence: why. */
  reason: string;
  /**
   * Other dispositions the checkpoint data cannot rule out (computed entries only). Checkpoint data
   * does not say which attempt of a step wrote a task's outputs, so `applied` and `reapplied` are
   * each the likelier of the two, never certain; the recorded ledger tells them apart.
   */
  alternatives?: DispositionKind[];
  /** `computed` from checkpoint data; `recorded` from the engine's decision at tick time. */
  basis: 'computed' | 'recorded';
}

/**
 * The engine's own decision about the writes of one (checkpoint, task, channel), as it made it
 * while running (see `LedgerRecorder`). Plain JSON data, for storage beside the trace.
 */
export interface LedgerRecord {
  checkpointNs: string;
  checkpointId: string;
  taskId: string;
  channel: string;
  disposition: Disposition;
  reason: string;
}

/** The part of a checkpoint the ledger reads. */
export interface LedgerCheckpoint {
  checkpoint: { id: string };
  /** Where it is: its namespace (absent: the root graph). */
  config?: { configurable?: { checkpoint_ns?: string | undefined } | undefined } | undefined;
  metadata?: Pick<CheckpointMetadata, 'source' | 'step'> | undefined;
  pendingWrites?: readonly PendingWrite[] | undefined;
}

/**
 * What the graph says about channels, when the graph is known (foreign data may lack it).
 * `channels`: the graph's channel names; a write to another non-reserved channel reaches nothing.
 */
export interface ChannelRules {
  channels: readonly string[];
}

/** The input of `computeLedger`. */
export interface LedgerInput {
  /** The checkpoint whose pending writes are explained. */
  tuple: LedgerCheckpoint;
  /** Its children in the same namespace: the checkpoints whose parent it is. */
  children: readonly LedgerCheckpoint[];
  rules?: ChannelRules | undefined;
}
