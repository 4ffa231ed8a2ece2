/**
 * `StateGraph`: the LangGraph.js graph builder (nodes, edges, conditional edges, sequences),
 * compiled into a runnable graph by `compile()`.
 */
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { END, START } from '../constants';
import type { BaseCache, CachePolicy } from '../pregel/cache';
import type { RetryPolicy } from '../pregel/retry';
import type { StoreLike } from '../store/base';
import type { Send } from '../types';
import { AnnotationRoot, specsOf, type StateDefinition, type StateType, type UpdateType } from './annotation';
import { compileStateGraph, type CompiledStateGraph } from './compile';
import { isNodeAction, type NodeAction } from './node_action';

/** A node: a function `(state, config)`, a LangChain Runnable, or a compiled graph (see ./node_action). */
export type NodeFunction<S = any, U = any> = NodeAction<S, U>;

export interface AddNodeOptions {
  retryPolicy?: RetryPolicy;
  /** Possible Command destinations (documentation only, as in LangGraph.js). */
  ends?: string[];
  /** Run only when nothing else is left to run (e.g. after every branch of a fan-out). */
  defer?: boolean;
  /** Cache this node's results by input (needs `compile({ cache })`). */
  cachePolicy?: CachePolicy;
}

export type RouterResult = string | Send | (string | Send)[] | null | undefined;
export type Router<S = any> = (state: S, config: RunnableConfig) => RouterResult | Promise<RouterResult>;

export interface BranchSpec {
  path: Router;
  pathMap?: Record<string, string>;
}

export interface CompileOptions {
  /** A saver; `true` for a subgraph keeping one history per thread; `false` for none. */
  checkpointer?: BaseCheckpointSaver | boolean;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  name?: string;
  /** The node cache used by nodes with a `cachePolicy`. */
  cache?: BaseCache;
  /** The store nodes read as `config.store` / `getStore()`. */
  store?: StoreLike;
}

export interface NodeSpec {
  fn: NodeFunction;
  options: AddNodeOptions;
}

/** Builds a graph over a state schema (`Annotation.Root`, a state definition, or `{ channels }`). */
export class StateGraph<SD extends StateDefinition = StateDefinition, S = StateType<SD>, U = UpdateType<SD>> {
  readonly nodes = new Map<string, NodeSpec>();
  readonly edges: [string, string][] = [];
  readonly waitingEdges: [string[], string][] = [];
  readonly branches = new Map<string, BranchSpec[]>();
  readonly schema: unknown;

  constructor(schema: AnnotationRoot<SD> | SD | { channels: Record<string, unknown> }) {
    this.schema = schema;
    specsOf(schema); // validates early, as LangGraph.js does
  }

  /** Adds a node (or several: `addNode({ a: fnA, b: fnB })` / `addNode([[name, fn], …])`). */
  addNode(name: string, fn: NodeFunction<S, U | unknown>, options?: AddNodeOptions): this;
  addNode(nodes: Record<string, NodeFunction<S, U | unknown>> | [string, NodeFunction<S, U | unknown>, AddNodeOptions?][]): this;
  addNode(a: unknown, fn?: NodeFunction, options?: AddNodeOptions): this {
    const list: [string, NodeFunction, AddNodeOptions?][] =
      typeof a === 'string' ? [[a, fn!, options]] : Array.isArray(a) ? (a as [string, NodeFunction, AddNodeOptions?][]) : Object.entries(a as Record<string, NodeFunction>);
    if (list.length === 0) throw new Error('No nodes provided in `addNode`');
    for (const [key, f, opts] of list) {
      for (const ch of ['|', ':']) if (key.includes(ch)) throw new Error(`"${ch}" is a reserved character and is not allowed in node names.`);
      if (this.nodes.has(key)) throw new Error(`Node \`${key}\` already present.`);
      if (key === END || key === START) throw new Error(`Node \`${key}\` is reserved.`);
      if (!isNodeAction(f)) throw new Error(`Node \`${key}\` must be a function, a Runnable or a compiled graph.`);
      this.nodes.set(key, { fn: f, options: opts ?? {} });
    }
    return this;
  }

  /** An edge `from → to`; with an array of sources, `to` waits for all of them (a join). */
  addEdge(from: string | string[], to: string): this {
    if (Array.isArray(from)) {
      for (const s of from) if (s === END) throw new Error('END cannot be a start node');
      if (to === START) throw new Error('START cannot be an end node');
      this.waitingEdges.push([from, to]);
      return this;
    }
    if (from === END) throw new Error('END cannot be a start node');
    if (to === START) throw new Error('START cannot be an end node');
    this.edges.push([from, to]);
    return this;
  }

  /** Routes after `source` by `path(state)`: node name(s), Send(s) or END, mapped by `pathMap`. */
  addConditionalEdges(source: string | { source: string; path: Router<S>; pathMap?: Record<string, string> | string[] }, path?: Router<S>, pathMap?: Record<string, string> | string[]): this {
    const opts = typeof source === 'string' ? { source, path: path!, pathMap } : source;
    const map = Array.isArray(opts.pathMap) ? Object.fromEntries(opts.pathMap.map((n) => [n, n])) : opts.pathMap;
    const list = this.branches.get(opts.source) ?? [];
    list.push({ path: opts.path as Router, pathMap: map });
    this.branches.set(opts.source, list);
    return this;
  }

  /** Adds nodes in order with an edge between each consecutive pair. */
  addSequence(nodes: [string, NodeFunction<S, U | unknown>, AddNodeOptions?][] | Record<string, NodeFunction<S, U | unknown>>): this {
    const list = Array.isArray(nodes) ? nodes : Object.entries(nodes).map(([k, f]) => [k, f] as [string, NodeFunction]);
    if (list.length < 1) throw new Error('Sequence requires at least one node.');
    let prev: string | undefined;
    for (const [key, f, opts] of list) {
      this.addNode(key, f as NodeFunction, opts);
      if (prev !== undefined) this.addEdge(prev, key);
      prev = key;
    }
    return this;
  }

  setEntryPoint(key: string): this {
    return this.addEdge(START, key);
  }

  setFinishPoint(key: string): this {
    return this.addEdge(key, END);
  }

  /** Validates the graph and builds the runnable graph. */
  compile(options: CompileOptions = {}): CompiledStateGraph<S, U> {
    this.validate([
      ...(Array.isArray(options.interruptBefore) ? options.interruptBefore : []),
      ...(Array.isArray(options.interruptAfter) ? options.interruptAfter : []),
    ]);
    return compileStateGraph<S, U>(this as unknown as StateGraph<any, any, any>, specsOf(this.schema), options);
  }

  private validate(interrupts: string[]): void {
    const known = (n: string) => n === START || n === END || this.nodes.has(n);
    const sources = new Set<string>();
    for (const [s, e] of this.edges) {
      if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
      if (!known(e)) throw new Error(`Found edge ending at unknown node "${e}"`);
      sources.add(s);
    }
    for (const [ss, e] of this.waitingEdges) {
      for (const s of ss) {
        if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
        sources.add(s);
      }
      if (!known(e)) throw new Error(`Found edge ending at unknown node "${e}"`);
    }
    for (const [s, bs] of this.branches) {
      if (!known(s)) throw new Error(`Found edge starting at unknown node "${s}"`);
      sources.add(s);
      for (const b of bs) for (const d of Object.values(b.pathMap ?? {})) if (!known(d)) throw new Error(`Found edge ending at unknown node "${d}"`);
    }
    if (!sources.has(START)) throw new Error('Graph must have an entrypoint: add at least one edge from START to another node');
    for (const n of interrupts) if (!this.nodes.has(n)) throw new Error(`Interrupt node \`${n}\` not found`);
  }
}
