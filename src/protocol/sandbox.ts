/**
 * The storage worker ⇄ sandbox protocol: types only. Graph code (built-in, editor, imported) runs
 * only in sandbox workers, started by the bootstrap script of an opaque-origin iframe. Three kinds
 * of channel cross the boundary, each a MessagePort:
 *
 * - the bootstrap's control port (storage ⇄ iframe bootstrap): start and stop sandbox workers;
 * - a sandbox worker's main port (storage ⇄ one worker): load or describe graphs, start a run,
 *   remote graph reads;
 * - a session port per run or read (storage ⇄ the worker serving it): the engine's checkpointer
 *   proxy, the run's events and its end. The storage worker binds each session to one thread.
 *
 * Everything that arrives from the sandbox is untrusted and validated (sandbox-guards.ts).
 */
import type { WireStoreOp } from './store';
import type { ConsoleLineDTO, InterruptDTO, Json, ProgramCall, TaskUncertainty, TriggerDTO, ResumeValue, RunControls, RunKind, UserCodeErrorDTO, WireError, GraphInfo } from './dto';
import type { PortLike } from './endpoint';
import type { RunEvent } from './messages';

/** Bumped on every incompatible change of the messages below. */
export const SANDBOX_PROTOCOL_VERSION = 1;

/** `Omit` applied to each member of a union. */
export type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ---- The page ⇄ iframe bootstrap (window messages) and the storage ⇄ bootstrap control port ----

/** From the page to the bootstrap: the engine bundle (with the control port) or a heartbeat. */
export type PageToBootstrap = { t: 'boot'; code: string } | { t: 'ping'; n: number };
/** From the bootstrap to the page: the only messages the page reads from the iframe. */
export type BootstrapToPage = { t: 'ready' } | { t: 'pong'; n: number };
/** From the storage worker to the bootstrap. `spawn` carries the new worker's main port. */
export type ToBootstrap = { t: 'spawn'; key: string } | { t: 'kill'; key: string };
/**
 * From the bootstrap to the storage worker: worker `key` fired an `error` event (it failed to
 * load, or graph code threw outside any call; only the first means the worker is gone).
 */
export type FromBootstrap = { t: 'error'; key: string };

// ---- A sandbox worker's main port ----

/** A graph as the sandbox loads it: a built-in by id, or a user graph with its source. */
export interface GraphRef {
  id: string;
  /** The TypeScript source of a user graph (absent for built-in graphs). */
  source?: string;
  title?: string;
}

/** The input of a run, as data (the sandbox builds the engine's Command). */
export type RunInput = { kind: 'value'; value: Json } | { kind: 'resume'; resume: ResumeValue } | { kind: 'none' };

/** What a sandbox worker runs for one `sb/run`. */
export interface SandboxRunPlan {
  runId: string;
  threadId: string;
  graphId: string;
  kind: RunKind;
  input: RunInput;
  /** `checkpoint_ns` / `checkpoint_id` to start from (replay). */
  at?: { checkpoint_ns: string; checkpoint_id: string };
  /** Fork: `updateState` on this checkpoint first, then run from the new one when `run` is set. */
  fork?: { ns: string; checkpointId: string; values: Json; asNode?: string; run: boolean };
  controls: RunControls;
  recursionLimit: number;
  /** Flush task start and end events at once (the storage worker times each node). */
  eagerTaskEvents: boolean;
}

/** Requests from the storage worker to a sandbox worker. Reads carry their session port. */
export type ToSandbox =
  /** The built-in graphs (with the test-only ones when asked). */
  | { type: 'sb/catalog'; rid: number; testGraphs: boolean }
  /** Compile (user graphs) and describe one graph. */
  | { type: 'sb/load'; rid: number; graph: GraphRef }
  /** Start a run on its session port (transferred with the message). */
  | { type: 'sb/run'; rid: number; graph: GraphRef; plan: SandboxRunPlan; session: PortLike }
  /** `next` of a page of history rows (`getStateHistory`), through a read-only session. */
  | { type: 'sb/history'; rid: number; graph: GraphRef; threadId: string; ns: string; limit: number; before?: string; session: PortLike }
  /** State snapshots of checkpoints (`getState`), through a read-only session. */
  | { type: 'sb/state'; rid: number; graph: GraphRef; threadId: string; ns: string; checkpointIds: string[]; session: PortLike }
  /** Cooperative cancel of a run (between supersteps). */
  | { type: 'sb/cancel'; runId: string }
  /** Run a program (program.ts) to its end; its console lines come as `sb/console`, its graph calls open threads with `sb/thread.open`. */
  | { type: 'sb/program'; rid: number; plan: ProgramPlan };

/** A program to run: its source, the name its threads are named after, what `process.env` answers. */
export interface ProgramPlan {
  programRunId: string;
  name: string;
  source: string;
  env: Record<string, string>;
}

/**
 * The storage worker's answer to an `sb/thread.open` (on the main port, never reachable by graph
 * code): a write session bound to the thread it created or found, or why not.
 */
export type ThreadOpened =
  | { type: 'sb/thread.opened'; rid: number; ok: true; threadId: string; session: PortLike }
  | { type: 'sb/thread.opened'; rid: number; ok: false; error: WireError };

/** A task of a state snapshot, as data. */
export interface WireTask {
  id: string;
  name: string;
  /** The task path as text, e.g. `__pregel_pull, b`. */
  path: string;
  kind: 'pull' | 'push';
  error: WireError | null;
  interrupts: InterruptDTO[];
  /** For subgraph tasks: the namespace of the subgraph's checkpoints. */
  subgraphNs?: string;
  /** Its triggers, when known without a trace (a task inferred from checkpoint data). */
  triggers?: TriggerDTO[];
  /** Set for a task inferred from checkpoint data without the graph: what is not certain about it. */
  uncertain?: TaskUncertainty[];
}

/** A state snapshot (`getState`), as data. */
export interface WireSnapshot {
  /** The state values (JSON-safe), or null when the graph's state is not an object. */
  values: Record<string, Json> | null;
  next: string[];
  tasks: WireTask[];
}

/** What each request's reply carries. */
export interface SandboxReplyOf {
  'sb/catalog': { graphs: GraphInfo[] };
  'sb/load': { info: GraphInfo; compileError: null } | { info: null; compileError: UserCodeErrorDTO };
  'sb/run': { started: true };
  'sb/history': { next: [checkpointId: string, next: string[]][] };
  'sb/state': { snapshots: (WireSnapshot | null)[] };
  'sb/program': { error: UserCodeErrorDTO | null };
}

/** Messages from a sandbox worker on its main port. */
export type FromSandbox =
  | { type: 'sb/ready'; version: number }
  /** A program's console lines, in order (batched). */
  | { type: 'sb/console'; lines: ConsoleLineDTO[] }
  /**
   * A program called `call` on graph `graph` with thread id `threadKey`: the sandbox asks for a
   * write session bound to that thread (the storage worker creates or finds it; answered by `sb/thread.opened`).
   * `resume`: the call's input is a `Command` with `resume` (the run is recorded as a resume).
   */
  | { type: 'sb/thread.open'; rid: number; graph: string; threadKey: string; call: ProgramCall; resume?: boolean }
  | { type: 'sb/reply'; rid: number; ok: true; value: unknown }
  | { type: 'sb/reply'; rid: number; ok: false; error: WireError };

// ---- Session ports ----

/** The address part of a runnable config: all a checkpointer call needs. */
export interface WireConfig {
  configurable: { thread_id?: string; checkpoint_ns?: string; checkpoint_id?: string };
}

/** `list` options as data. */
export interface WireListOptions {
  limit?: number;
  before?: string;
  filter?: Record<string, Json>;
}

/** A checkpoint as a saver receives it (src/engine/checkpoint/types.ts `Checkpoint`). */
export interface WireCheckpoint {
  v: number;
  id: string;
  ts: string;
  channel_values: Record<string, unknown>;
  channel_versions: Record<string, number>;
  versions_seen: Record<string, Record<string, number>>;
  updated_channels?: string[];
}

/** Checkpoint metadata (src/engine/checkpoint/types.ts `CheckpointMetadata`). */
export interface WireMetadata {
  source: 'input' | 'loop' | 'update' | 'fork';
  step: number;
  parents: Record<string, string>;
  [key: string]: unknown;
}

/** Checkpointer calls from the sandbox (each answered by a `cp/reply` with the same `rid`). */
export type SessionRequest =
  | { type: 'cp/getTuple'; rid: number; config: WireConfig }
  | { type: 'cp/list'; rid: number; config: WireConfig; options: WireListOptions }
  | { type: 'cp/put'; rid: number; config: WireConfig; checkpoint: WireCheckpoint; metadata: WireMetadata; newVersions: Record<string, number> }
  | { type: 'cp/putWrites'; rid: number; config: WireConfig; writes: [channel: string, value: unknown][]; taskId: string }
  /** The run's store operations (see store.ts), on the session's thread. */
  | { type: 'st/batch'; rid: number; ops: WireStoreOp[] };

/** How a run ended, as the sandbox saw it (the storage worker decides what the page is told). */
export interface SessionEnd {
  type: 'run/end';
  outcome: 'done' | 'interrupted' | 'paused' | 'error';
  result: Json | null;
  error: WireError | null;
}

/** Everything a sandbox worker may send on a session port. */
export type FromSession = SessionRequest | { type: 'run/events'; events: RunEvent[] } | SessionEnd;

/** The storage worker's answers on a session port. */
export type ToSession =
  | { type: 'cp/reply'; rid: number; ok: true; value: unknown }
  | { type: 'cp/reply'; rid: number; ok: false; error: WireError };
