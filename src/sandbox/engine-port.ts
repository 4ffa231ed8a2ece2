/**
 * What the host needs from a compiled graph, written as structural types. A graph compiled with
 * src/engine satisfies these (the registry assigns one to the other, so the type checker catches
 * drift); keeping them narrow documents exactly which engine features the debugger relies on.
 */
import type { CheckpointListOptions, CheckpointTuple, RunnableConfig } from '../engine/checkpoint/types';
import type { TraceListener } from '../shared/trace';

/** A task of a state snapshot (LangGraph.js `PregelTaskDescription`). */
export interface SnapshotTask {
  id: string;
  name: string;
  path?: readonly unknown[];
  error?: unknown;
  /** Interrupts (LangGraph.js `{ id, value }` objects). */
  interrupts?: readonly unknown[];
  /** For subgraph tasks: the subgraph's config (or snapshot). */
  state?: unknown;
  result?: unknown;
}

/** A state snapshot (LangGraph.js `StateSnapshot`). */
export interface Snapshot {
  values: unknown;
  next: readonly string[];
  config: RunnableConfig;
  metadata?: Record<string, unknown>;
  createdAt?: string;
  parentConfig?: RunnableConfig;
  tasks: readonly SnapshotTask[];
}

/** The run config the host passes to the engine. */
export interface HostRunConfig extends RunnableConfig {
  trace?: TraceListener;
  streamMode?: string | string[];
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  durability?: 'sync' | 'async' | 'exit';
}

/**
 * A node of a drawing. A StateGraph's drawing marks a node its graph was compiled to pause at with
 * `metadata.__interrupt`: `'before'`, `'after'` or `'before,after'` (LangGraph.js's words).
 */
export interface DrawableNode {
  id: string;
  name?: string;
  data?: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * LangGraph.js `getGraph()` output, as far as drawing needs it: a StateGraph's (nodes keyed by
 * name, `subgraphs` holding the drawing of each subgraph node) or LangChain's drawing of any other
 * Runnable (nodes keyed by random ids, with a `name`).
 */
export interface DrawableGraph {
  nodes: Record<string, DrawableNode> | readonly DrawableNode[];
  edges: readonly { source: string; target: string; conditional?: boolean; data?: unknown }[];
  subgraphs?: Record<string, DrawableGraph>;
}

/** The node settings shown as badges (src/engine `addNode` options). */
export interface NodeSettings {
  retryPolicy?: { maxAttempts?: number };
  defer?: boolean;
}

/** The part of a StateGraph builder the host reads: its nodes' settings (never its edges: the drawing is `getGraph()`'s). */
export interface BuilderLike {
  nodes: Readonly<Record<string, { options?: NodeSettings }>>;
  /**
   * Its state channels by key: src/engine's specs carry `kind` ('LastValue', 'BinaryOperatorAggregate'...),
   * LangGraph.js's channels `lc_graph_name` (the same names).
   */
  channels?: Readonly<Record<string, { kind?: string; lc_graph_name?: string }>>;
}

/** A compiled graph as the host drives it. */
/** What the wiring reads of a fresh channel: its kind, a barrier's sources, its default. */
export interface WiringChannel {
  kind?: string;
  names?: ReadonlySet<string>;
  isAvailable?(): boolean;
  get?(): unknown;
}

export interface HostGraph {
  invoke(input: unknown, config?: HostRunConfig): Promise<unknown>;
  stream(input: unknown, config?: HostRunConfig): Promise<AsyncIterable<unknown>> | AsyncIterable<unknown>;
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<Snapshot>;
  getStateHistory(config: RunnableConfig, options?: CheckpointListOptions): AsyncIterable<Snapshot>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
  getGraph?(): DrawableGraph | Promise<DrawableGraph>;
  /** The StateGraph it was compiled from (absent for an entrypoint); read for node settings only. */
  builder?: BuilderLike;
  /** Its nodes; a node that is a compiled graph carries it as `subgraph`. */
  nodes?: Record<string, { subgraph?: object; triggers?: readonly string[] }>;
  /** Its channels as the engine compiled them (a spec makes a fresh channel); read for the wiring only. */
  channels?: Record<string, { kind?: string; create?: () => WiringChannel }>;
  /** The nodes it was compiled to pause before (`'*'`: every node); a run's own list replaces it. */
  readonly interruptBefore?: readonly string[] | '*';
  /** The nodes it was compiled to pause after (`'*'`: every node); a run's own list replaces it. */
  readonly interruptAfter?: readonly string[] | '*';
}

export type { CheckpointTuple, RunnableConfig };
