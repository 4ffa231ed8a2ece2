/** Graphs as the page sees them: the drawing, what the run form needs, why a user graph is not loaded, and where its code failed. */
import type { Json } from './dto-json';

/** A graph as the UI draws it. */
export interface GraphShape {
  nodes: GraphNodeDTO[];
  edges: GraphEdgeDTO[];
  /**
   * Set for a functional-API graph: the name of its entrypoint node. Its tasks are not part of
   * the drawing (LangGraph draws an entrypoint as one node); the UI adds those seen in the thread.
   */
  entrypoint?: string;
  /**
   * The graph's state keys and how an update to each is applied (a StateGraph's channels). Absent
   * when not known: an entrypoint, or a server graph (LangGraph servers do not say).
   */
  channels?: GraphChannelDTO[];
  /**
   * The graph's wiring as data, read once when the graph is described: each node's trigger
   * channels in the graph's order, and its channels (barriers with the sources they wait for,
   * defaults). With it, the tasks of a stored checkpoint are computed exactly without running the
   * graph (src/engine/infer). Absent for graphs that do not say (a server graph).
   */
  wiring?: GraphWiringDTO;
}

/** See `GraphShape.wiring` (the engine's `GraphWiring`, src/engine/infer/types.ts). */
export interface GraphWiringDTO {
  nodes: { name: string; triggers: string[] }[];
  channels: { name: string; kind: 'last-value' | 'reducer' | 'topic' | 'ephemeral' | 'barrier' | 'other'; waitsFor?: string[]; default?: Json }[];
}

/**
 * How a write to a state key is applied: `last-value` replaces it, `reducer` passes it to the key's
 * reducer with the current value (LangGraph's BinaryOperatorAggregate; an `Overwrite` replaces it
 * instead), `topic` adds it to the values kept, `ephemeral` replaces it for one step only.
 */
export type ChannelKind = 'last-value' | 'reducer' | 'topic' | 'ephemeral' | 'other';

export interface GraphChannelDTO {
  name: string;
  kind: ChannelKind;
}

export interface GraphNodeDTO {
  id: string;
  /** `task`: a functional-API task the entrypoint was seen calling (added by the UI, never by the worker). */
  kind: 'start' | 'end' | 'node' | 'subgraph' | 'task';
  /** For `subgraph` nodes: the inner graph, drawn when the node is expanded. */
  subgraph?: GraphShape;
  /** Node-level settings worth showing (retry policy, cache policy, deferred...). */
  badges?: string[];
  /**
   * Set when the graph was compiled to pause before this node (`interruptBefore` naming it, or
   * `'*'`): a breakpoint every run stops at, whatever breakpoints the debugger adds.
   */
  interruptBefore?: true;
  /** Set when the graph was compiled to pause after this node (`interruptAfter` naming it, or `'*'`). */
  interruptAfter?: true;
}

export interface GraphEdgeDTO {
  source: string;
  target: string;
  /** True for edges produced by a conditional router (drawn dashed). */
  conditional: boolean;
  /** Edge label: the router's path-map key, or `Send` for fan-out edges. */
  label?: string;
  /** An entrypoint calling one of its tasks (added by the UI, never by the worker; drawn dashed). */
  call?: true;
}

/** A graph the worker can run. */
export interface GraphInfo {
  id: string;
  title: string;
  /** Two sentences: what it does and what to look for in the debugger. */
  description: string;
  /** `observed`: drawn from a thread's checkpoints (an opened file's thread), not a graph that can run. */
  origin: 'builtin' | 'user' | 'remote' | 'observed';
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

/** A problem in a user graph's TypeScript, positioned in its source (null: position unknown). */
export interface UserCodeErrorDTO {
  kind: 'syntax' | 'runtime' | 'shape' | 'import';
  message: string;
  line: number | null;
  column: number | null;
}

/**
 * LangGraph's wire form of an `Overwrite`: a write `{ __overwrite__: value }` to a reducer key
 * replaces its value instead of going through the reducer (src/engine `OVERWRITE`; LangGraph.js
 * and Python read the same form). Written to a key without a reducer, it is stored as it is.
 */
export const OVERWRITE_WIRE_KEY = '__overwrite__';
