/**
 * Plain-data shapes that cross the worker boundary. Nothing here is an engine object: the worker's
 * host maps engine values to these (see src/worker), and the UI reads only these.
 *
 * Values of user state are `Json`: the host makes them JSON-safe (functions, cycles, class instances
 * are turned into descriptive strings) so the UI can always show them as text.
 */
import type { ThreadFileRef } from './files';
import type { WireError } from './wire-types';

export type { RemoteFaultDTO, SourcePosition, WireError } from './wire-types';

/** A problem in a user graph's TypeScript, positioned in its source (null: position unknown). */
export interface UserCodeErrorDTO {
  kind: 'syntax' | 'runtime' | 'shape' | 'import';
  message: string;
  line: number | null;
  column: number | null;
}

/** What an import file holds (checked completely, nothing written). */
export interface ImportPreviewDTO {
  format: 'replaygraph' | 'langgraph';
  threadId: string;
  graphId: string | null;
  /** True when the file carries the graph's TypeScript source. */
  hasSource: boolean;
  /** That source, to be read before agreeing to run it (shown as text, never markup). */
  graphSource: string | null;
  /** True when that source would be registered (its graph is not known here); it runs only if the user agrees. */
  sourceWouldRun: boolean;
  checkpoints: number;
  namespaces: string[];
  runs: number;
  readOnly: boolean;
  /** True when a thread with the file's id exists already (the import then needs another id). */
  threadExists: boolean;
}

/** Why an import was refused: the first problem with its JSON path, and the first few others. */
export interface ImportProblemDTO {
  code: string;
  message: string;
  path: string | null;
  issues: { path: string; message: string }[];
}

/** A thread that was imported. */
export interface ImportedThreadDTO {
  threadId: string;
  format: 'replaygraph' | 'langgraph';
  graphId: string | null;
  checkpoints: number;
  readOnly: boolean;
  /** Set when the file's graph source was registered as a user graph (its id was unknown and the user agreed). */
  registeredGraphId: string | null;
  /** Set when the file's graph source was kept without running it (not approved, or it failed to load). */
  quarantinedGraphId: string | null;
}

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A graph as the UI draws it. */
export interface GraphShape {
  nodes: GraphNodeDTO[];
  edges: GraphEdgeDTO[];
}

export interface GraphNodeDTO {
  id: string;
  kind: 'start' | 'end' | 'node' | 'subgraph';
  /** For `subgraph` nodes: the inner graph, drawn when the node is expanded. */
  subgraph?: GraphShape;
  /** Node-level settings worth showing (retry policy, cache policy, deferred...). */
  badges?: string[];
}

export interface GraphEdgeDTO {
  source: string;
  target: string;
  /** True for edges produced by a conditional router (drawn dashed). */
  conditional: boolean;
  /** Edge label: the router's path-map key, or `Send` for fan-out edges. */
  label?: string;
}

/** A graph the worker can run. */
export interface GraphInfo {
  id: string;
  title: string;
  /** Two sentences: what it does and what to look for in the debugger. */
  description: string;
  origin: 'builtin' | 'user' | 'remote';
  shape: GraphShape;
  /** A sensible first input, shown in the run form. */
  exampleInput: Json;
  /** For user graphs: the TypeScript source. */
  source?: string;
  /** Set when a user graph is not loaded: it failed or hung at load, or it was imported and not approved yet. */
  quarantine?: GraphQuarantine;
}

/** Why a user graph is not loaded (it cannot run until it is fixed and saved, or approved). */
export interface GraphQuarantine {
  reason: 'load-failed' | 'load-timeout' | 'unapproved' | 'unavailable';
  message: string;
  /** ISO time it was quarantined. */
  since: string;
}

export type ThreadStatus = 'idle' | 'running' | 'interrupted' | 'error';

export interface ThreadSummary {
  threadId: string;
  /** The name the user gave the thread (absent: none; the id is shown). */
  name?: string;
  graphId: string | null;
  status: ThreadStatus;
  /** Number of checkpoints in the root namespace. */
  steps: number;
  /** ISO time of the newest checkpoint or run. */
  updatedAt: string | null;
  /** Set for threads imported read-only (e.g. from a LangGraph deployment). */
  readOnly?: boolean;
  /** Set when some of the thread's stored records are malformed (they are skipped; the other threads are not affected). */
  problem?: string;
  /** Set for a thread read from an opened checkpoint file (always read-only). */
  file?: ThreadFileRef;
}

export type CheckpointSource = 'input' | 'loop' | 'update' | 'fork';

/** One row of the timeline. */
export interface CheckpointSummary {
  checkpointId: string;
  parentId: string | null;
  /** Checkpoint namespace: `""` for the root graph, `node:taskId` (nested with `|`) for subgraphs. */
  ns: string;
  step: number;
  source: CheckpointSource;
  ts: string;
  /** Nodes that will run next from this checkpoint. */
  next: string[];
  /** Counts of pending writes saved against this checkpoint. */
  pendingWrites: number;
  /** Channels of those writes, each once, in order (absent where unknown, e.g. a streamed checkpoint). */
  writeChannels?: string[];
  hasInterrupts: boolean;
  hasError: boolean;
}

/** Why a task was triggered: one trigger channel with its version against what the node had seen. */
export interface TriggerDTO {
  channel: string;
  version: number | string | null;
  seen: number | string | null;
}

export interface InterruptDTO {
  id: string;
  value: Json;
  /** True when `value` was cut to a small preview (large values are shown in the state tab). */
  valueTruncated?: boolean;
}

/** A task prepared from a checkpoint (what runs next, or ran in the step after it). */
export interface TaskDTO {
  id: string;
  name: string;
  /** Task path as text, e.g. `__pregel_pull, b` or `__pregel_push, 2`. */
  path: string;
  kind: 'pull' | 'push';
  triggers: TriggerDTO[];
  interrupts: InterruptDTO[];
  error: WireError | null;
  /** How the task ended in the step after this checkpoint, when known from the trace. */
  outcome?: 'ran' | 'served-from-saved-writes' | 'failed' | 'interrupted' | 'pending';
  /** For subgraph tasks: the namespace of the subgraph's own checkpoints. */
  subgraphNs?: string;
}

/** Why a pending write was or was not re-applied. */
export type WriteDisposition =
  /** Written by a task of the step that ran from this checkpoint, and applied when that step completed. */
  | { kind: 'applied' }
  /** Saved by an earlier, unfinished attempt of the step and re-applied to its task, which did not run again. */
  | { kind: 'reapplied' }
  | { kind: 'skipped-control'; signal: '__error__' | '__interrupt__' | '__resume__' | '__error_source_node__' }
  | { kind: 'resume-value' }
  | { kind: 'not-reapplied-replaying' }
  /** Dropped by the engine: a stale resume/interrupt when forking from history, or leftovers discarded by new input. */
  | { kind: 'dropped'; reason: 'time-travel' | 'discarded' }
  /** Replaced by a later put of the same task, which ran again after it (e.g. an `__error__` before a successful retry run). */
  | { kind: 'superseded' }
  | { kind: 'pending' }
  /** A LangGraph server thread: the server does not say what became of the write (see CheckpointDetail.remote). */
  | { kind: 'not-exposed' };

export interface PendingWriteDTO {
  taskId: string;
  /** The task's node name when the task is known. */
  taskName: string | null;
  channel: string;
  value: Json;
  /** True when `value` was cut to a small preview. */
  valueTruncated?: boolean;
  disposition: WriteDisposition;
  /** Why, in one sentence (from the engine's write ledger). */
  reason?: string;
  /** `recorded`: the engine's own decision at tick time; `computed`: read from checkpoint data. */
  dispositionBasis?: 'recorded' | 'computed';
  /** Other dispositions checkpoint data cannot rule out (ledger kinds, e.g. `reapplied` beside `applied`). */
  dispositionAlternatives?: string[];
}

/** The fields of a checkpoint detail that can be large, and cut for the page. */
export type DetailField = 'values' | 'raw' | 'metadata';

/**
 * Where a value of a checkpoint detail was cut before it was sent to the page: the array or object
 * at `path` shows its first `shown` of `total` entries (or the string its first `shown` characters).
 * The rest is read with `rg/checkpoint.slice`.
 */
export interface TruncationDTO {
  /** Keys and indexes from the field's root (`[]`: the field itself). */
  path: (string | number)[];
  unit: 'entries' | 'chars';
  total: number;
  shown: number;
}

/** A page of a cut value: entries (each cut small) or characters. */
export interface SliceDTO {
  entries?: [key: string | number, value: Json][];
  text?: string;
  total: number;
  truncated: TruncationDTO[];
}

/** One difference of a checkpoint's state against its parent's (values cut small). */
export type StateChangeDTO =
  | { kind: 'added'; path: string; value: Json }
  | { kind: 'changed'; path: string; from: Json; to: Json }
  | { kind: 'removed'; path: string; value: Json };

/** Everything the inspector shows for one checkpoint. */
export interface CheckpointDetail {
  summary: CheckpointSummary;
  /** The state values (user channels only), sent once: no parent values (the worker diffs), the
   *  raw tuple's `checkpoint.channel_values` cut to no entries (src/worker/README.md). */
  values: Record<string, Json>;
  metadata: Record<string, Json>;
  tasks: TaskDTO[];
  pendingWrites: PendingWriteDTO[];
  /** The raw checkpoint tuple, JSON-safe. */
  raw: Json;
  /**
   * Where `values`, `raw` and `metadata` were cut (large states are sent as a
   * bounded preview; the rest is read with `rg/checkpoint.slice`). Absent: nothing was cut.
   */
  truncated?: Partial<Record<DetailField, TruncationDTO[]>>;
  /** Set for a checkpoint of a LangGraph server thread: what the server does not expose. */
  remote?: RemoteDetailDTO;
}

/** What a server checkpoint lacks, as sentences to show (src/remote MISSING_FIELDS). */
export interface RemoteDetailDTO {
  serverUrl: string;
  /** `saved`: as stored; `live`: the server's view of the head. */
  view: 'saved' | 'live';
  missing: { field: string; text: string }[];
}

/** A page of history, newest first. */
export interface HistoryPage {
  items: CheckpointSummary[];
  /** Pass as `before` to read the next (older) page; null at the end. */
  nextBefore: string | null;
}

export type RunKind = 'run' | 'resume' | 'continue' | 'replay' | 'fork';
export type RunOutcome = 'running' | 'done' | 'interrupted' | 'paused' | 'error' | 'cancelled';

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

/** A namespace in the subgraph tree of a thread. */
export interface NamespaceNode {
  ns: string;
  /** The last level's node name (`""` for the root). */
  name: string;
  children: NamespaceNode[];
  checkpoints: number;
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
