/** One checkpoint as the timeline and the inspector show it: its row, tasks, pending writes with their dispositions, the detail and history pages. */
import type { ShownSource } from '../shared/checkpoint-source';
import type { DispositionStep, WriteDisposition } from '../shared/dispositions';
import type { TaskTiming } from '../shared/timings';
import type { Json } from './dto-json';
import type { DetailField, TruncationDTO } from './dto-cut';
import type { WireError } from './wire-types';

/** A checkpoint's `metadata.source`; `unknown` when its stored metadata does not say (src/shared/checkpoint-source.ts). */
export type CheckpointSource = ShownSource;

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
  /**
   * How the task ended in the step after this checkpoint, when known. `handed-off`: it answered
   * with `Command.PARENT` (LangGraph saves that as an `__error__` write; src/shared/control-flow.ts).
   */
  outcome?: 'ran' | 'served-from-saved-writes' | 'failed' | 'interrupted' | 'handed-off' | 'pending';
  /** For subgraph tasks: the namespace of the subgraph's own checkpoints. */
  subgraphNs?: string;
  /** Its attempts and duration in the latest step run from this checkpoint, when the trace tells them. */
  timing?: TaskTiming;
  /**
   * Set when the task was inferred from checkpoint data without the graph (an opened file): what
   * is not certain. `triggers`: its trigger channels were read from channel names and versions
   * seen; `id`: its id depends on a trigger order the data does not keep; `order`: tasks of
   * different nodes are in name order, not the graph's.
   */
  uncertain?: TaskUncertainty[];
}

/** What became of a pending write: the ledger's vocabulary, carried unchanged (src/shared/dispositions.ts). */
export type { WriteDisposition, DispositionStep };

/** What a task inferred from checkpoint data alone may not be sure of (see `TaskDTO.uncertain`). */
export type TaskUncertainty = 'triggers' | 'id' | 'order';

export interface PendingWriteDTO {
  taskId: string;
  /** The task's node name when the task is known. */
  taskName: string | null;
  channel: string;
  value: Json;
  /** True when `value` was cut to a small preview. */
  valueTruncated?: boolean;
  /** What the write is now (the last step of `history`). */
  disposition: WriteDisposition;
  /** Why, in one sentence (from the engine's write ledger). */
  reason?: string;
  /** The write's whole story from the engine's write ledger, in order (absent where the ledger does not say, e.g. a LangGraph server). */
  history?: DispositionStep[];
  /** `recorded`: the engine's own decision at tick time; `computed`: read from checkpoint data. */
  dispositionBasis?: 'recorded' | 'computed';
  /** Other dispositions checkpoint data cannot rule out (ledger kinds, e.g. `reapplied` beside `applied`). */
  dispositionAlternatives?: string[];
}

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
