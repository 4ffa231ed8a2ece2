/**
 * `StateGraph`: the LangGraph.js graph builder (nodes, edges, conditional edges, sequences, node
 * defaults and error handlers), over a state schema of any form (see ./schema), with optional
 * distinct input / output schemas; compiled into a runnable graph by `compile()`.
 */
import type { StreamTransformer } from '../stream/protocol/types';
import type { ChannelSpec } from '../channels/base';
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { END, START } from '../constants';
import type { NodeError } from '../errors';
import { Pregel } from '../pregel/pregel';
import type { BaseCache, CachePolicy } from '../pregel/cache';
import type { RetryPolicy } from '../pregel/retry';
import type { StoreLike } from '../store/base';
import { coerceTimeoutPolicy, type TimeoutOption, type TimeoutPolicy } from '../pregel/timeout_policy';
import { nodeErrorOf } from '../pregel/runner';
import type { Send } from '../types';
import type { AnnotationRoot, LegacyState, StateDefinition, StateType, UpdateType } from './annotation';
import type { StateSchema } from './schema/state_schema';
import { compileStateGraph, type CompiledStateGraph } from './compile';
import { channelsOf, isStateDefinitionInit, isStateGraphInit, runtimeSchemaOf, type RuntimeSchema, type StateGraphInit } from './schema/index';
import { isZodObject } from './schema/zod';
import { AnnotationRoot as AnnotationRootClass } from './annotation';
import { validateGraph } from './validate';

import { isNodeAction, type NodeAction } from './node_action';
import type { Bivariant } from './bivariant';

export type { RunnableLike } from './node_action';
/** A node: a function `(state, config)`, a LangChain Runnable, or a compiled graph (see ./node_action). */
export type NodeFunction<S = unknown, U = unknown> = NodeAction<S, U>;

/** A node error handler: the failed node's input, the failure, the handler task's config. */
export type ErrorHandler<S = unknown, U = unknown> = Bivariant<[state: S, error: NodeError, config: RunnableConfig], U | Promise<U>>;

export interface AddNodeOptions {
  retryPolicy?: RetryPolicy;
  /** Possible Command destinations (documentation only, as in LangGraph.js). */
  ends?: string[];
  /** Run only when nothing else is left to run (e.g. after every branch of a fan-out). */
  defer?: boolean;
  /** Cache this node's results by input (needs `compile({ cache })`); `false` opts out of a default. */
  cachePolicy?: CachePolicy | boolean;
  /** Runs, in the same superstep, when the node fails after its retries; may return an update or a Command. */
  errorHandler?: ErrorHandler;
  /** Each attempt's time budget (ms, or `{ runTimeout, idleTimeout }`); past it: `NodeTimeoutError`. */
  timeout?: TimeoutOption;
  /** The node's input schema: it reads only these keys (keys outside the state become channels). */
  input?: unknown;
  metadata?: Record<string, unknown>;
  subgraphs?: Pregel[];
}

/** Graph-wide node defaults (`setNodeDefaults`); a node's own options win. */
export interface NodeDefaults {
  retryPolicy?: RetryPolicy;
  cachePolicy?: CachePolicy | boolean;
  timeout?: TimeoutOption;
  errorHandler?: ErrorHandler;
}

export type RouterResult = string | Send | (string | Send)[] | null | undefined;
export type Router<S = unknown> = Bivariant<[state: S, config: RunnableConfig], RouterResult | Promise<RouterResult>>;

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
  description?: string;
  /** The node cache used by nodes with a `cachePolicy`. */
  cache?: BaseCache;
  /** The store nodes read as `config.store` / `getStore()`. */
  store?: StoreLike;
  /** Stream transformers every `streamEvents(…, { version: 'v3' })` run starts with. */
  transformers?: ReadonlyArray<() => StreamTransformer<unknown>>;
}

export interface NodeSpec {
  fn: NodeFunction;
  options: AddNodeOptions;
  /** The keys the node reads: its input schema's, else the state's. */
  inputKeys: string[];
  retryPolicy?: RetryPolicy;
  /** `false`: this node opts out of a default cache policy. */
  cachePolicy?: CachePolicy | false;
  timeout?: TimeoutPolicy;
  /** The node handling this node's failures. */
  errorHandlerNode?: string;
  /** A generated error-handler node (its own failures are never handled). */
  isErrorHandler?: boolean;
}

/** The shared handler node `setNodeDefaults({ errorHandler })` adds at compile time. */
export const DEFAULT_ERROR_HANDLER_NODE = '__default_error_handler__';

const handlerNode = (handler: ErrorHandler, inputKeys: string[]): NodeSpec => ({
  fn: (state, config) => handler(state, nodeErrorOf(config)!, config),
  options: {}, inputKeys, isErrorHandler: true,
});

const cacheOf = (c: CachePolicy | boolean | undefined) => (typeof c === 'boolean' ? (c ? {} : undefined) : c);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * The state type of a schema of any form (types only). A plain definition is matched before the
 * `{ state | stateSchema | input }` init objects, so a definition with a key named `input` stays one.
 */
export type SchemaState<X> = X extends AnnotationRoot<infer D> ? StateType<D>
  : X extends StateSchema ? X['State']
  : X extends { _zod: { output: infer O } } ? O
  : X extends { _output: infer O } ? O
  : X extends StateDefinition ? StateType<X>
  : X extends { state: infer T } ? SchemaState<T>
  : X extends { stateSchema: infer T } ? SchemaState<T>
  : X extends { input: infer T } ? SchemaState<T>
  : X extends { channels: infer C } ? LegacyState<C>
  : Record<string, unknown>;

/** The update type of a schema of any form (types only). */
export type SchemaUpdate<X> = X extends AnnotationRoot<infer D> ? UpdateType<D>
  : X extends StateSchema ? X['Update']
  : X extends StateDefinition ? UpdateType<X>
  : X extends { state: infer T } ? SchemaUpdate<T>
  : X extends { stateSchema: infer T } ? SchemaUpdate<T>
  : X extends { input: infer T } ? SchemaUpdate<T>
  : Partial<SchemaState<X>>;

/** Builds a graph over a state schema (`Annotation.Root`, a definition, `StateSchema`, zod, `{ channels }`). */
export class StateGraph<X = unknown, S = SchemaState<X>, U = SchemaUpdate<X>> {
  /** Node name → spec, as LangGraph.js keeps them (a plain record, in insertion order). */
  readonly nodes: Record<string, NodeSpec> = {};
  readonly edges: [string, string][] = [];
  readonly waitingEdges: [string[], string][] = [];
  readonly branches = new Map<string, BranchSpec[]>();
  /** Every channel: the state's, the input and output schemas' and the nodes' input schemas'. */
  readonly channels: Record<string, ChannelSpec> = {};
  readonly stateKeys: string[];
  readonly inputKeys: string[];
  readonly outputKeys: string[];
  /** The schemas that validate: the state's (node updates), the input's (graph input). */
  readonly stateRuntime?: RuntimeSchema;
  readonly inputRuntime?: RuntimeSchema;
  readonly outputRuntime?: RuntimeSchema;
  /** A zod schema the run's `context` (else its `configurable`) must satisfy. */
  readonly contextRuntime?: RuntimeSchema;
  private readonly defaults: NodeDefaults = {};
  /** LangGraph.js's names of the validating schemas (read by code written against it). */
  get _schemaRuntimeDefinition(): RuntimeSchema | undefined {
    return this.stateRuntime;
  }
  get _inputRuntimeDefinition(): RuntimeSchema | undefined {
    return this.inputRuntime;
  }
  get _outputRuntimeDefinition(): RuntimeSchema | undefined {
    return this.outputRuntime;
  }
  get _configRuntimeSchema(): RuntimeSchema | undefined {
    return this.contextRuntime;
  }

  constructor(stateOrInit: X, second?: { input?: unknown; output?: unknown; context?: unknown } | object) {
    // A zod object or Annotation.Root as the second argument is the context schema.
    const options = (isZodObject(second) || second instanceof AnnotationRootClass ? { context: second } : second) as { input?: unknown; output?: unknown; context?: unknown } | undefined;
    const init: StateGraphInit = isStateGraphInit(stateOrInit)
      ? { ...stateOrInit, input: stateOrInit.input ?? options?.input, output: stateOrInit.output ?? options?.output }
      : isStateDefinitionInit(stateOrInit)
        ? { state: stateOrInit, input: options?.input, output: options?.output }
        : { state: stateOrInit };
    const state = init.state ?? init.stateSchema ?? init.input;
    this.stateKeys = this.addSchema(state);
    this.inputKeys = init.input ? this.addSchema(init.input) : this.stateKeys;
    this.outputKeys = init.output ? this.addSchema(init.output) : this.stateKeys;
    this.stateRuntime = runtimeSchemaOf(state);
    this.inputRuntime = runtimeSchemaOf(init.input);
    this.outputRuntime = runtimeSchemaOf(init.output) ?? this.stateRuntime;
    const context = init.context ?? options?.context;
    if (isZodObject(context)) this.contextRuntime = context;
  }

  /** Adds a schema's channels (a key already there must be the same channel, or a plain value). */
  private addSchema(schema: unknown): string[] {
    const specs = channelsOf(schema);
    for (const [key, spec] of Object.entries(specs)) {
      const had = this.channels[key];
      if (!had) this.channels[key] = spec;
      else if ((had.kind !== spec.kind || had.identity !== spec.identity) && spec.kind !== 'LastValue') throw new Error(`Channel "${key}" already exists with a different type.`);
    }
    return Object.keys(specs);
  }

  /** Adds a node (or several: `addNode({ a: fnA, b: fnB })` / `addNode([[name, fn], …])`). */
  addNode(name: string, fn: NodeFunction<S, U | unknown>, options?: AddNodeOptions): this;
  addNode(nodes: Record<string, NodeFunction<S, U | unknown>> | [string, NodeFunction<S, U | unknown>, AddNodeOptions?][]): this;
  addNode(a: unknown, fn?: NodeFunction, options?: AddNodeOptions): this {
    const list: [string, NodeFunction, AddNodeOptions?][] =
      typeof a === 'string' ? [[a, fn!, options]] : Array.isArray(a) ? (a as [string, NodeFunction, AddNodeOptions?][]) : Object.entries(a as Record<string, NodeFunction>);
    if (list.length === 0) throw new Error('No nodes provided in `addNode`');
    for (const [key, f, opts = {}] of list) {
      if (key in this.channels) throw new Error(`${key} is already being used as a state attribute (a.k.a. a channel), cannot also be used as a node name.`);
      for (const ch of ['|', ':']) if (key.includes(ch)) throw new Error(`"${ch}" is a reserved character and is not allowed in node names.`);
      if (has(this.nodes, key)) throw new Error(`Node \`${key}\` already present.`);
      if (key === END || key === START) throw new Error(`Node \`${key}\` is reserved.`);
      if (!isNodeAction(f)) throw new Error(`Node \`${key}\` must be a function, a Runnable or a compiled graph.`);
      const inputKeys = opts.input !== undefined ? this.addSchema(opts.input) : this.stateKeys;
      let errorHandlerNode: string | undefined;
      if (opts.errorHandler !== undefined) {
        errorHandlerNode = `__error_handler__${key}`;
        if (has(this.nodes, errorHandlerNode)) {
          throw new Error(`Cannot add error handler to node \`${key}\`: the reserved name \`${errorHandlerNode}\` is already in use. StateGraph registers \`__error_handler__<nodeName>\` when you pass \`errorHandler\` in addNode options. Remove or rename the existing node with that name (for example, you may have added it manually).`);
        }
        this.nodes[errorHandlerNode] = handlerNode(opts.errorHandler, inputKeys);
      }
      this.nodes[key] = {
        fn: f, options: opts, inputKeys, errorHandlerNode,
        retryPolicy: opts.retryPolicy, cachePolicy: opts.cachePolicy === false ? false : cacheOf(opts.cachePolicy), timeout: coerceTimeoutPolicy(opts.timeout),
      };
    }
    return this;
  }

  /**
   * Graph-wide node policies, resolved at compile time (call order does not matter; later calls
   * override earlier ones per field). A node's own options win. `retryPolicy` and `timeout` also
   * apply to error-handler nodes; `cachePolicy` and `errorHandler` only to regular nodes. Not
   * inherited by subgraphs.
   */
  setNodeDefaults(defaults: NodeDefaults): this {
    if (defaults.retryPolicy !== undefined) this.defaults.retryPolicy = defaults.retryPolicy;
    if (defaults.cachePolicy !== undefined) this.defaults.cachePolicy = cacheOf(defaults.cachePolicy);
    if (defaults.timeout !== undefined) this.defaults.timeout = coerceTimeoutPolicy(defaults.timeout);
    if (defaults.errorHandler !== undefined) this.defaults.errorHandler = defaults.errorHandler;
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
      if (has(this.nodes, key)) throw new Error(`Node names must be unique: node with the name "${key}" already exists.`);
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

  /** The nodes with the defaults applied (and the default error handler, when there is one). */
  resolvedNodes(): Map<string, NodeSpec> {
    const d = this.defaults;
    const out = new Map<string, NodeSpec>();
    const shared = d.errorHandler !== undefined ? DEFAULT_ERROR_HANDLER_NODE : undefined;
    if (shared && has(this.nodes, shared)) {
      throw new Error(`Cannot apply a default error handler: the reserved node name \`${shared}\` is already in use. setNodeDefaults({ errorHandler }) registers a node with that name; rename the conflicting node.`);
    }
    const all: [string, NodeSpec][] = [...Object.entries(this.nodes), ...(shared ? [[shared, handlerNode(d.errorHandler!, this.stateKeys)] as [string, NodeSpec]] : [])];
    for (const [key, n] of all) {
      const handler = n.isErrorHandler === true;
      out.set(key, {
        ...n,
        retryPolicy: n.retryPolicy ?? d.retryPolicy,
        cachePolicy: handler || n.cachePolicy === false ? undefined : (n.cachePolicy ?? (d.cachePolicy as CachePolicy | undefined)),
        timeout: n.timeout ?? (d.timeout as TimeoutPolicy | undefined),
        errorHandlerNode: !handler && n.errorHandlerNode === undefined ? shared : n.errorHandlerNode,
      });
    }
    return out;
  }

  /** Validates the graph and builds the runnable graph. */
  compile(options: CompileOptions = {}): CompiledStateGraph<S, U> {
    const nodes = this.resolvedNodes();
    validateGraph(this, nodes, [
      ...(Array.isArray(options.interruptBefore) ? options.interruptBefore : []),
      ...(Array.isArray(options.interruptAfter) ? options.interruptAfter : []),
    ]);
    return compileStateGraph(this, nodes, options);
  }
}
