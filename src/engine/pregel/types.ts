/**
 * The engine's internal model: nodes as the superstep sees them, and prepared tasks.
 */
import type { Channel } from '../channels/base';
import type { PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import type { TriggerReason } from '../../shared/trace';
import type { RetryPolicy } from './retry';

/** Reads channels as the task sees them, with `ownWrites` (the task's writes so far) applied on copies. */
export type ReadFn = (select: string[] | string, ownWrites?: readonly PendingWriteValue[]) => unknown;

/** Maps a node's return value to writes. `read` gives the state for routers. */
export type NodeWriters = (output: unknown, read: ReadFn) => PendingWriteValue[] | Promise<PendingWriteValue[]>;

/** A node of the Pregel graph (what a StateGraph node compiles to). */
export interface PregelNode {
  name: string;
  /** Channels whose new versions trigger the node. */
  triggers: string[];
  /** The channels read as input: a list of keys (object input) or one channel (its value is the input). */
  channels: string[] | string;
  /** Transforms the read input (e.g. filter to the node's input schema). */
  mapper?: (input: unknown) => unknown;
  /** The user's function. Undefined for the hidden `__start__` node (input passes through). */
  bound?: (input: unknown, config: RunnableConfig) => unknown;
  /** Turn the output into channel writes (state updates, edges, branches, Command routing). */
  writers: NodeWriters;
  retryPolicy?: RetryPolicy | RetryPolicy[];
  /** `langsmith:hidden` for nodes `interruptBefore: '*'` ignores. */
  tags?: string[];
  /** Results of this node are cached by input (see ./cache). */
  cachePolicy?: import('./cache').CachePolicy;
  /** Set when the node is a compiled graph (a subgraph): getState reports its state. */
  subgraph?: { checkpointMode?: boolean; nodes: Record<string, PregelNode> } & object;
  /** Each attempt's time budget (see ./timeout). */
  timeout?: import('./timeout_policy').TimeoutPolicy;
  /** The node that handles this node's failures (`addNode(…, { errorHandler })`). */
  errorHandlerNode?: string;
  /** This node is an error handler: its own failures are never handled. */
  isErrorHandler?: boolean;
  /** Merged into the metadata of the node's tasks. */
  metadata?: Record<string, unknown>;
  /** Runs the node's function alone (outside a graph run), as LangGraph.js's `graph.nodes[name].invoke()`. */
  invoke?(input: unknown, config?: RunnableConfig): unknown;
}

export type TaskPath = (string | number | boolean | TaskPath)[];

/** A task prepared for a superstep (plain description plus its input). */
export interface PreparedTask {
  id: string;
  name: string;
  /** `["__pregel_pull", name]` or `["__pregel_push", idx, false]`. */
  path: TaskPath;
  /** The triggering channels (pull: the first trigger with news; push: `["__pregel_push"]`). */
  triggers: string[];
  /** For the trace: every trigger with news, with its version and the version seen. */
  reasons: TriggerReason[];
  input: unknown;
  node: PregelNode;
  /** `<ns|>name:id`: the task's own checkpoint namespace (subgraphs and interrupt ids use it). */
  taskNs: string;
  /** Writes of this task: filled when it runs, or from saved writes. */
  writes: PendingWriteValue[];
  /** Where its result is cached, when its node has a cache policy. */
  cacheKey?: import('./cache').CacheKey;
  /** The time budget of each attempt (a Send's own, else the node's). */
  timeout?: import('./timeout_policy').TimeoutPolicy;
  /** For an error handler's task: the failure it handles. */
  nodeError?: import('../errors').NodeError;
}

/** What applyWrites needs of a task. */
export interface WritingTask {
  name: string;
  path: TaskPath;
  triggers: readonly string[];
  writes: readonly PendingWriteValue[];
}

export type Channels = Record<string, Channel>;
