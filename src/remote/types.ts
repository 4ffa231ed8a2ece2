/**
 * The data a LangGraph server gives us, in our names: plain JSON, branded ids, and the engine's
 * checkpoint shapes where the server's data allows (see MISSING_FIELDS for where it does not).
 */
import type { CheckpointMetadata, CheckpointTuple } from '../engine/checkpoint/types';

/** What `GET /info` says about the server. */
export interface RemoteServerInfo {
  /** The API version, e.g. `1.5.1` for `langgraph dev` from `@langchain/langgraph-cli` 1.5.1. */
  version: string;
  /** The LangGraph.js version serving the graphs (JS servers). */
  langgraphJsVersion?: string;
  /** The LangGraph version serving the graphs (Python servers). */
  langgraphPyVersion?: string;
  /** Feature flags (`assistants`, `crons`, `langsmith`, …). */
  flags: Record<string, unknown>;
  /** Round-trip time of the check, in ms. */
  latencyMs: number;
}

/** One page of a listing, and where the next one starts (absent: this is the last page). */
export interface Page<T> {
  items: T[];
  nextOffset?: number;
}

export interface RemoteAssistant {
  assistantId: string;
  graphId: string;
  name: string;
  description?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, unknown>;
  config: Record<string, unknown>;
}

/** A thread's status as the server reports it. */
export type RemoteThreadStatus = 'idle' | 'busy' | 'interrupted' | 'error';

export interface RemoteThread {
  threadId: string;
  createdAt: string;
  updatedAt: string;
  status: RemoteThreadStatus;
  metadata: Record<string, unknown>;
  /** From the metadata the server adds when a run starts (absent on a thread that never ran). */
  graphId?: string;
  assistantId?: string;
  /** The latest values, only when asked for (`includeValues`): they can be large. */
  values?: unknown;
  /** Task id → the interrupts it is waiting on (tasks without interrupts are left out). */
  interrupts: Record<string, RemoteInterrupt[]>;
}

export interface RemoteInterrupt {
  /** The id to answer it by (a resume map is keyed by these). */
  id?: string;
  value: unknown;
  when?: string;
  resumable?: boolean;
  /** The task namespace that raised it (older servers). */
  ns?: string[];
}

/** A task's error as the server sends it (a node that threw, or a sibling cancelled by that). */
export interface RemoteTaskError {
  name: string;
  message: string;
}

/** Where a checkpoint lives on the server. */
export interface RemoteCheckpointRef {
  threadId: string;
  /** `''` for the root graph, `node:taskId` (joined by `|`) for subgraphs. */
  checkpointNs: string;
  checkpointId: string;
}

export interface RemoteTask {
  id: string;
  name: string;
  /** The task path (`['__pregel_pull', node]`, or a Send's push path). */
  path?: unknown[];
  interrupts: RemoteInterrupt[];
  error?: RemoteTaskError;
  /**
   * What the task wrote to the graph's state keys, when it ran from this checkpoint: the server's
   * projection of its pending writes (`key → value`, `{ $writes: [...] }` for several writes to one
   * key; for functional graphs, the return value). Absent when the task has not run from here.
   */
  result?: unknown;
  /** A task running a subgraph: its namespace and, when asked with `subgraphs: true`, its state. */
  subgraph?: { checkpointNs: string; checkpointId?: string; state?: RemoteCheckpoint };
}

/**
 * - `saved`: the checkpoint as stored (history pages, a checkpoint read by id, stream events).
 * - `live`: the server's view of a head (`GET /threads/{id}/state`, and the subgraph states inside
 *   it): `values` and `next` already include the writes of tasks that finished from it.
 */
export type RemoteCheckpointView = 'saved' | 'live';

/** One checkpoint of a server thread. */
export interface RemoteCheckpoint {
  ref: RemoteCheckpointRef;
  parent?: RemoteCheckpointRef;
  view: RemoteCheckpointView;
  /** ISO time the checkpoint was saved (absent in stream events). */
  createdAt?: string;
  /** The graph's state keys, as the server reports them. */
  values: unknown;
  /** Nodes due to run from here. */
  next: string[];
  tasks: RemoteTask[];
  metadata?: CheckpointMetadata;
  /** The same checkpoint in the engine's shape; `missing` says what it could not carry. */
  tuple: CheckpointTuple;
  /** What the server did not expose for this checkpoint (explanations: MISSING_FIELDS). */
  missing: MissingField[];
}

/**
 * What a mapped checkpoint lacks because a LangGraph server's API does not send it, with the
 * sentence a UI can show. The keys are stable; the texts say what cannot be shown.
 */
export const MISSING_FIELDS = {
  channel_versions:
    'Channel versions are not sent by the server: when each channel last changed, and version-based trigger reasons, cannot be shown.',
  versions_seen:
    "What each node had seen (versions_seen) is not sent: why a task was triggered cannot be derived from saved data (a live run's task events name their triggers).",
  internal_channels:
    "Only the graph's state keys are sent; internal channels (branch:to:*, __pregel_tasks with Send packets, __start__) are not.",
  pending_writes:
    "Pending writes are rebuilt from each task's result, error and interrupts. Writes to internal channels, __resume__ answers, their order and their exact count are not sent, so some write dispositions cannot be told.",
  format_version: 'The checkpoint format version is not sent; 4 (LangGraph 1.x) is assumed.',
  created_at: 'The save time is not sent with stream events; the time shown is when the event was emitted.',
  saved_values:
    "This is the server's live view of the head: values and next already include the writes of tasks that finished from it. Open the checkpoint by id for the values as saved.",
} as const;

export type MissingField = keyof typeof MISSING_FIELDS;

/** A page of a thread's history (newest first) in one namespace. */
export interface HistoryPage {
  items: RemoteCheckpoint[];
  /** Pass as `before` for the next (older) page; absent on the last page. */
  nextBefore?: string;
  /** Subgraph namespaces named by the tasks on this page (a pointer per subgraph task). */
  namespaces: string[];
}

/** A run's status as the server reports it. */
export type RemoteRunStatus = 'pending' | 'running' | 'error' | 'success' | 'timeout' | 'interrupted';

export interface RemoteRun {
  runId: string;
  threadId: string;
  assistantId: string;
  status: RemoteRunStatus;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, unknown>;
  multitaskStrategy?: string;
}
