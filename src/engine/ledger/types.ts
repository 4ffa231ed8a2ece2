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
import type { Disposition, DispositionKind, DispositionStep } from '../../shared/dispositions';
import type { CheckpointMetadata, PendingWrite } from '../checkpoint/types';

/** The vocabulary is defined once, in `src/shared/dispositions.ts`. */
export type { ControlSignal, Disposition, DispositionKind, DispositionStep };
export type { DiscardCause, LedgerRule } from '../../shared/dispositions';

/** One pending write's entry in a checkpoint's ledger. */
export interface LedgerEntry {
  taskId: string;
  channel: string;
  /** Position of the write in the tuple's `pendingWrites`. */
  index: number;
  /** What the write is now: the last step of `history`. */
  disposition: Disposition;
  /** One human-readable sentence: why (the last step's reason). */
  reason: string;
  /** The write's whole story, in order; its last step is `disposition` / `reason`. */
  history: DispositionStep[];
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
  /** What the write is now: the last step of `history`. */
  disposition: Disposition;
  reason: string;
  /** The write's whole story, in order. */
  history: DispositionStep[];
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
