/**
 * What a superstep loop is built from (the compiled graph's parts and the caller's options) and
 * what a subgraph's loop inherits.
 */
import type { ChannelSpec } from '../channels/base';
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import type { BaseCache } from './cache';
import type { LoopMode, OutputKeys } from './io';
import type { ReplayState } from './replay';
import type { RunControl } from './run_control';
import type { Tracer } from './tracer';
import type { PregelNode } from './types';

/** When checkpoints are saved: after every step (`sync` / `async`), or once at exit. */
export type Durability = 'sync' | 'async' | 'exit';

/** What a loop needs from the compiled graph and the caller. */
export interface LoopParams {
  nodes: Record<string, PregelNode>;
  specs: Record<string, ChannelSpec>;
  triggerToNodes: Record<string, string[]>;
  inputKeys: string[] | string;
  outputKeys: OutputKeys;
  streamKeys: OutputKeys;
  checkpointer?: BaseCheckpointSaver;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  config: RunnableConfig;
  input: unknown;
  /** Receives stream chunks of every mode that was asked for. */
  emit: (mode: LoopMode, payload: unknown) => void;
  modes: ReadonlySet<LoopMode>;
  tracer: Tracer;
  /** Set when this graph runs inside a task of a parent graph (a subgraph). */
  nested?: NestedParams;
  /** The node cache (`compile({ cache })`). */
  cache?: BaseCache;
  /** Where subgraphs' stream chunks go (the root's stream, when it asked for `subgraphs`). */
  streamSink?: (ns: string[], mode: string, payload: unknown) => void;
  /** The modes the root's stream takes subgraph chunks in. */
  sinkModes: ReadonlySet<string>;
  /** Ancestor namespace → checkpoint id (the root's: a `checkpoint_map` it was given): `metadata.parents`. */
  checkpointMap: Record<string, string>;
  durability: Durability;
  /** Checked at each superstep boundary (`requestDrain()` stops the run there). */
  control?: RunControl;
  /** The loop pauses once this many supersteps are committed (the root's `stopAfterSteps`). */
  stopAfterSteps?: number;
}

/** What a subgraph's loop inherits from the task that runs it. */
export interface NestedParams {
  /** Its checkpoint namespace, e.g. `sub:<task id>` (or `sub` for `checkpointer: true`). */
  ns: string;
  /** Ancestor namespace → checkpoint id: stored as `metadata.parents`. */
  checkpointMap: Record<string, string>;
  /** The root's `isResuming` during its first step; undefined when the key is absent. */
  resuming: boolean | undefined;
  /** A `Command({ resume })` answer not yet bound to a task, handed down by the parent. */
  nullResume?: { value: unknown };
  /** The parent's `Command({ resume })` map of interrupt id → answer. */
  resumeMap?: Record<string, unknown>;
  replayState?: ReplayState;
}

export type LoopStatus = 'pending' | 'done' | 'interrupt_before' | 'interrupt_after' | 'out_of_steps' | 'draining' | 'paused';
