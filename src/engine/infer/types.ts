/**
 * The vocabulary of task inference: what runs next from a stored checkpoint, read from the
 * checkpoint data alone (channel versions, versions seen, pending writes), with or without the
 * graph's wiring. Plain data in and out: no channel objects, no node code.
 */
import type { PendingWrite } from '../checkpoint/types';

/** The part of a stored checkpoint inference reads. */
export interface InferCheckpoint {
  id: string;
  /** Format version (a checkpoint before format 4 keeps its sends in its parent's writes). */
  v?: number;
  channel_values: Record<string, unknown>;
  channel_versions: Record<string, number | string>;
  versions_seen: Record<string, Record<string, number | string>>;
}

/** One node as the graph declares it (`GraphWiring`). */
export interface WiredNode {
  name: string;
  /** Its trigger channels, in the graph's order (the first one with news names the task). */
  triggers: string[];
}

/** How a channel of the graph keeps its value (a barrier is available only once all its sources wrote). */
export interface WiredChannel {
  name: string;
  kind: 'last-value' | 'reducer' | 'topic' | 'ephemeral' | 'barrier' | 'other';
  /** For a barrier: the sources it waits for. */
  waitsFor?: string[];
  /** The value the channel starts with when it has one (JSON-safe), for channels never written. */
  default?: unknown;
}

/**
 * A graph's wiring as data: nodes in the graph's order with their trigger channels, and its
 * channels. Extracted once where the graph is described; with it inference is exact.
 */
export interface GraphWiring {
  nodes: WiredNode[];
  channels?: WiredChannel[];
}

/**
 * What other checkpoints of the same (thread, namespace) showed: each node's trigger channels
 * seen in `versions_seen`, and the nodes in the order they were first seen. Built with
 * `observeWiring`; makes inference without the graph closer (a functional API's entrypoint, say).
 */
export interface ObservedWiring {
  nodes: string[];
  triggers: Record<string, string[]>;
}

/** What inference cannot be sure of without the graph. */
export type Uncertainty =
  /** The node's trigger channels were guessed from channel names and versions seen. */
  | 'triggers'
  /** The task id depends on which trigger LangGraph checks first, which the data does not say. */
  | 'id'
  /** Tasks of different nodes are in name order, not the graph's node order. */
  | 'order';

/** One trigger with news: its version against the one the node last saw. */
export interface InferredTrigger {
  channel: string;
  version: number | string;
  seen: number | string | null;
}

/** One interrupt raised by a task (an `__interrupt__` write). */
export interface InferredInterrupt {
  id: string;
  value: unknown;
}

/** One task of the next step. */
export interface InferredTask {
  id: string;
  name: string;
  kind: 'pull' | 'push';
  /** LangGraph's task path: `['__pregel_pull', name]` or `['__pregel_push', index, false]`. */
  path: (string | number | boolean)[];
  /** The triggers with news (a PUSH task: `__pregel_push`). */
  triggers: InferredTrigger[];
  /** The stored `__error__` value of the task, or null. */
  error: unknown;
  interrupts: InferredInterrupt[];
  /** The namespace of its subgraph's checkpoints, when the thread has one for this task. */
  subgraphNs?: string;
  /** True when a stored pending write carries this task's id (the id is then certain). */
  idSeen: boolean;
  /** What is not certain about this task (empty with a graph attached, or when the data settles it). */
  uncertain: Uncertainty[];
}

/** The input of `inferTasks`. */
export interface InferInput {
  checkpoint: InferCheckpoint;
  /** `metadata.step` of the checkpoint (the tasks are the next step's). */
  step?: number | undefined;
  /** The checkpoint's namespace (`""`: the root graph). */
  checkpointNs?: string | undefined;
  pendingWrites?: readonly PendingWrite[] | undefined;
  /** The pending writes of its parent, for a checkpoint before format 4 (its sends are there). */
  parentWrites?: readonly PendingWrite[] | undefined;
  /** The task path stored with each write's task id, when the store keeps it (LangGraph Python's SQLite does). */
  writePaths?: ReadonlyMap<string, string> | undefined;
  /** The graph's wiring, when a graph is attached: inference is then exact. */
  wiring?: GraphWiring | undefined;
  /** What other checkpoints of the namespace showed (without a graph). */
  observed?: ObservedWiring | undefined;
  /** The thread's namespaces, to tell which tasks ran a subgraph. */
  namespaces?: readonly string[] | undefined;
}

/** What runs next from a checkpoint. */
export interface InferredStep {
  /** Node names of `tasks`, in order (LangGraph's `StateSnapshot.next` of a history entry). */
  next: string[];
  tasks: InferredTask[];
  /** `declared`: from the attached graph's wiring; `observed`: from the checkpoint data alone. */
  basis: 'declared' | 'observed';
}
