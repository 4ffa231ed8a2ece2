/** Runs: what kind, how they ended, their summaries, controls and resume values. */
import type { Json } from './dto-json';
import type { WireError } from './wire-types';

export type RunKind = 'run' | 'resume' | 'continue' | 'replay' | 'fork';
/** `unknown`: an imported file recorded the run as still going on; nothing here runs it, and how it ended is not known. */
export type RunOutcome = 'running' | 'done' | 'interrupted' | 'paused' | 'error' | 'cancelled' | 'unknown';

/** One engine run on a thread. */
export interface RunSummary {
  runId: string;
  threadId: string;
  kind: RunKind;
  /** The checkpoint the run started from (null on a new thread). */
  fromCheckpointId: string | null;
  startedAt: string;
  endedAt: string | null;
  outcome: RunOutcome;
  error: WireError | null;
  /** The graph the run executed. */
  graphId?: string;
  /** How many trace events the run recorded (known once it ended). */
  events?: number;
}

/** Step-mode and breakpoint settings of a run. */
export interface RunControls {
  /** Pause after every superstep. */
  stepMode?: boolean;
  /** Pause before these nodes run. */
  breakBefore?: string[];
  /** Pause after these nodes ran. */
  breakAfter?: string[];
  /** The most supersteps the run may take (a whole number, at least 1). */
  recursionLimit?: number;
  /**
   * Per-node time limit in milliseconds: a node (one attempt of one task) running longer has its
   * sandbox stopped and the run ends `cancelled`, keeping every committed checkpoint.
   */
  nodeTimeoutMs?: number;
  /**
   * When the engine waits for its checkpoints (LangGraph's `durability`): `async` (the default)
   * runs the next superstep while the previous checkpoint commits; `sync` starts a superstep only
   * once the previous one's writes and checkpoint committed. Either way the page is told a
   * checkpoint is saved only once it committed.
   */
  durability?: RunDurability;
}

/** The durabilities a run may ask for. */
export type RunDurability = 'sync' | 'async';

/** How to answer pending interrupts. */
export type ResumeValue = { kind: 'value'; value: Json } | { kind: 'byId'; values: Record<string, Json> };
