/**
 * StateGraph → Pregel: one channel per state key, `__start__`, `__pregel_tasks`, a
 * `branch:to:<node>` trigger per node and a barrier per join; each node's writers turn its return
 * value into state writes, Command routing, edges and conditional branches (in LangGraph.js order).
 */
import type { ChannelSpec } from '../channels/base';
import { ephemeralSpec } from '../channels/ephemeral';
import { lastValueAfterFinishSpec, namedBarrierAfterFinishSpec } from '../channels/after_finish';
import { namedBarrierSpec } from '../channels/named_barrier';
import { topicSpec } from '../channels/topic';
import type { PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { BRANCH_PREFIX, END, START, TAG_HIDDEN, TASKS } from '../constants';
import { InvalidUpdateError, ParentCommand } from '../errors';
import { currentTask } from '../pregel/context';
import { Pregel } from '../pregel/pregel';
import type { PregelNode, ReadFn } from '../pregel/types';
import { Command, isCommand, isSend, type Send } from '../types';
import { drawGraph, withDrawing, type DrawnGraph, type GetGraphOptions } from './drawable';
import { validateInput, validateUpdates, type RuntimeSchema } from './schema/index';
import { isZodObject } from './schema/zod';
import { interopParse } from '@langchain/core/utils/types';
import { boundOf, callRouter } from './node_action';
import type { BranchSpec, CompileOptions, NodeSpec, StateGraph } from './state_graph';

/** A compiled StateGraph (LangGraph.js `CompiledStateGraph`). `S`/`U` type state and updates. */
export class CompiledStateGraph<S = Record<string, unknown>, U = Partial<S>> extends Pregel {
  declare readonly __types?: [S, U];
  builder!: StateGraph<unknown, S, U>;
  /** Used by a supervisor to describe the hand-off to this graph. */
  description?: string;

  /** The run's `context` (else `configurable`) checked against the context schema, if any. */
  override validateContext(config: RunnableConfig): void {
    const schema = this.builder.contextRuntime;
    if (schema && isZodObject(schema)) interopParse(schema, config.context !== undefined ? config.context : config.configurable);
  }

  /** Graph input validated by the input schema (StateSchema / zod), as LangGraph.js does. */
  override validateInput(input: unknown): Promise<unknown> {
    const b = this.builder;
    return validateInput(input, b.inputRuntime, b.stateRuntime);
  }

  /** No input schema (nor state schema) that validates, or no input: nothing to check. */
  override validatesInput(input: unknown): boolean {
    const b = this.builder;
    return input != null && (b.inputRuntime ?? b.stateRuntime) !== undefined;
  }

  /**
   * A drawable view of the graph, shaped like LangGraph.js's `getGraph()`: nodes (with START and
   * END), plain and conditional edges, subgraph nodes marked and (with `xray`) expanded.
   */
  getGraph(options?: GetGraphOptions): DrawnGraph {
    return withDrawing(drawGraph(this, options));
  }

  /** `getGraph()`, as a promise (LangGraph.js's preferred form). */
  async getGraphAsync(options?: GetGraphOptions): Promise<DrawnGraph> {
    return withDrawing(drawGraph(this, options));
  }
}

/** A value returned to a graph whose state is one `__root__` value. */
export const ROOT = '__root__';

/** State writes of a node's return value (LangGraph.js `_getUpdates`). */
export function stateUpdates(node: string, output: unknown, keys: readonly string[]): PendingWriteValue[] {
  if (keys.length === 1 && keys[0] === ROOT) return rootUpdates(output);
  if (!output) return [];
  if (isCommand(output)) {
    if ((output as Command).graph === Command.PARENT) return [];
    return (output as Command)._updateAsTuples().filter(([k]) => keys.includes(k));
  }
  if (Array.isArray(output) && output.length > 0 && output.some(isCommand)) {
    const out: PendingWriteValue[] = [];
    for (const item of output) {
      if (isCommand(item) && item.graph === Command.PARENT) continue;
      out.push(...stateUpdates(node, item, keys));
    }
    return out;
  }
  if (typeof output === 'object' && !Array.isArray(output) && !isSend(output)) {
    return Object.entries(output as Record<string, unknown>).filter(([k]) => keys.includes(k));
  }
  const kind = Array.isArray(output) ? 'array' : typeof output;
  throw new InvalidUpdateError(`Expected node "${node}" to return an object or an array containing at least one Command object, received ${kind}`, {
    lc_error_code: 'INVALID_GRAPH_NODE_RETURN_VALUE',
  });
}

/** The writes of a `__root__` state: the whole value (LangGraph.js `_getRoot`). */
function rootUpdates(output: unknown): PendingWriteValue[] {
  if (isCommand(output)) return output.graph === Command.PARENT ? [] : output._updateAsTuples();
  if (Array.isArray(output) && output.length > 0 && output.some(isCommand)) {
    const out: PendingWriteValue[] = [];
    for (const i of output) {
      if (!isCommand(i)) out.push([ROOT, i]);
      else if (i.graph !== Command.PARENT) out.push(...i._updateAsTuples());
    }
    return out;
  }
  return output != null ? [[ROOT, output]] : [];
}

/**
 * Destinations of Commands returned by a node. A `Command.PARENT` leaves this graph: it travels
 * up as a ParentCommand, to be applied by the task that runs this graph.
 */
function controlDestinations(output: unknown): (string | Send)[] {
  if (isSend(output)) return [output];
  const cmds = isCommand(output) ? [output as Command] : Array.isArray(output) ? output.filter(isCommand) : [];
  const out: (string | Send)[] = [];
  for (const c of cmds) {
    if (c.graph === Command.PARENT) throw new ParentCommand(c);
    out.push(...c.goto);
  }
  return out;
}

const branchChannels = new Map<string, string>();

/** `branch:to:<node>`, one string per node (not a new one per step: channel names are map keys). */
function branchChannel(node: string): string {
  let ch = branchChannels.get(node);
  if (ch === undefined) {
    if (branchChannels.size >= 4096) branchChannels.clear(); // node names, so bounded in practice
    branchChannels.set(node, (ch = `${BRANCH_PREFIX}${node}`));
  }
  return ch;
}

function routeWrites(from: string, dests: readonly (string | Send)[]): PendingWriteValue[] {
  const out: PendingWriteValue[] = [];
  for (const d of dests) {
    if (d === END) continue;
    if (isSend(d)) out.push([TASKS, d]);
    else out.push([branchChannel(d), from]);
  }
  return out;
}

declare const console: { warn(message: string): void };

const NODE_INTERRUPT_IN_EDGE = "[WARN]: 'NodeInterrupt' thrown in conditional edge. This is likely a bug in your graph implementation.\nNodeInterrupt should only be thrown inside a node, not in edge conditions.";

function warnNodeInterrupt(e: unknown): never {
  if (e instanceof Error && e.name === 'NodeInterrupt') console.warn(NODE_INTERRUPT_IN_EDGE);
  throw e;
}

const isThenable = (x: unknown): x is PromiseLike<unknown> => typeof (x as { then?: unknown } | null)?.then === 'function';

/**
 * A conditional edge's writes. A synchronous router is routed synchronously (no promise per
 * step on the hot path); an async one gives a promise.
 */
function runBranch(from: string, b: BranchSpec, state: unknown, config: RunnableConfig, nodes: ReadonlySet<string>): PendingWriteValue[] | Promise<PendingWriteValue[]> {
  let result: unknown;
  try {
    result = callRouter(b.path, state, config);
  } catch (e) {
    warnNodeInterrupt(e);
  }
  if (isThenable(result)) return Promise.resolve(result).then((r) => branchWrites(from, b, r, nodes), warnNodeInterrupt);
  return branchWrites(from, b, result, nodes);
}

function branchWrites(from: string, b: BranchSpec, routed: unknown, nodes: ReadonlySet<string>): PendingWriteValue[] {
  const result = Array.isArray(routed) ? (routed as (string | Send)[]) : [routed as string | Send];
  const dests = b.pathMap ? result.map((r) => (isSend(r) ? r : b.pathMap![r as string])) : result;
  if (dests.some((d) => !d)) throw new Error('Branch condition returned unknown or null destination');
  for (const d of dests) {
    if (isSend(d)) {
      if (d.node === END) throw new InvalidUpdateError('Cannot send a packet to the END node');
      if (!nodes.has(d.node)) throw new InvalidUpdateError(`Invalid node name "${d.node}" in Send packet`);
    }
  }
  return routeWrites(from, dests as (string | Send)[]);
}

function makeWriters<X, S, U>(name: string, g: StateGraph<X, S, U>, keys: string[], nodeNames: ReadonlySet<string>, joins: [string, string][], schema: RuntimeSchema | undefined) {
  // The trigger channels of the node's plain edges, named once rather than per step.
  const edgeChannels = g.edges.filter(([s, e]) => s === name && e !== END).map(([, e]) => `${BRANCH_PREFIX}${e}`);
  const branches = g.branches.get(name) ?? [];
  const readKeys = Object.keys(g.channels);
  /** Runs the branches from the `i`-th on, synchronously while their routers are synchronous. */
  const withBranches = (writes: PendingWriteValue[], i: number, read: ReadFn): PendingWriteValue[] | Promise<PendingWriteValue[]> => {
    for (; i < branches.length; i++) {
      const state = read(readKeys, writes);
      const routed = runBranch(name, branches[i], state, currentTask()?.config ?? {}, nodeNames);
      if (routed instanceof Promise) {
        const next = i + 1;
        return routed.then((ws) => {
          writes.push(...ws);
          return withBranches(writes, next, read);
        });
      }
      writes.push(...routed);
    }
    return writes;
  };
  const finish = (writes: PendingWriteValue[], output: unknown, read: ReadFn): PendingWriteValue[] | Promise<PendingWriteValue[]> => {
    if (name !== START) writes.push(...routeWrites(name, controlDestinations(output)));
    for (const ch of edgeChannels) writes.push([ch, null]);
    for (const [channel] of joins) writes.push([channel, name]);
    return branches.length > 0 ? withBranches(writes, 0, read) : writes;
  };
  return (output: unknown, read: ReadFn): PendingWriteValue[] | Promise<PendingWriteValue[]> => {
    const updates = stateUpdates(name, output, keys);
    if (schema && updates.length > 0) return validateUpdates(schema, updates).then((ws) => finish(ws, output, read));
    return finish(updates, output, read);
  };
}

/** Builds the Pregel graph of a StateGraph (`nodes`: the builder's, with the node defaults applied). */
export function compileStateGraph<X, S, U>(g: StateGraph<X, S, U>, specs: ReadonlyMap<string, NodeSpec>, options: CompileOptions): CompiledStateGraph<S, U> {
  const all = Object.keys(g.channels);
  const channels: Record<string, ChannelSpec> = { ...g.channels, [START]: ephemeralSpec(true), [TASKS]: topicSpec(false) };
  const nodeNames = new Set(specs.keys());
  const joinsBySource = new Map<string, [string, string][]>();
  const joinsByEnd = new Map<string, string[]>();
  for (const [starts, end] of g.waitingEdges) {
    const ch = `join:${starts.join('+')}:${end}`;
    channels[ch] = specs.get(end)?.options.defer ? namedBarrierAfterFinishSpec(starts) : namedBarrierSpec(starts);
    for (const s of starts) joinsBySource.set(s, [...(joinsBySource.get(s) ?? []), [ch, end]]);
    joinsByEnd.set(end, [...(joinsByEnd.get(end) ?? []), ch]);
  }
  const schema = g.stateRuntime;
  const nodes: Record<string, PregelNode> = {
    [START]: {
      name: START, triggers: [START], channels: START, tags: [TAG_HIDDEN],
      // Graph input is filtered to the input schema's keys.
      writers: makeWriters(START, g, g.inputKeys, nodeNames, joinsBySource.get(START) ?? [], schema),
    },
  };
  for (const [name, spec] of specs) {
    // A deferred node's trigger holds its value until nothing else is left to run.
    channels[`${BRANCH_PREFIX}${name}`] = spec.options.defer ? lastValueAfterFinishSpec() : ephemeralSpec(false);
    const fn = spec.fn;
    // A compiled graph as the node, or the subgraph a function node says it runs (`subgraphs`).
    const sub = fn instanceof Pregel ? fn : spec.options.subgraphs?.[0];
    const bound: NonNullable<PregelNode['bound']> = boundOf(fn, name);
    nodes[name] = {
      name,
      triggers: [`${BRANCH_PREFIX}${name}`, ...(joinsByEnd.get(name) ?? [])],
      channels: spec.inputKeys,
      // A compiled graph as a node runs as a subgraph of this task (see Pregel.stream).
      bound,
      // The node's own function, run on its own (LangGraph.js nodes are Runnables).
      invoke: async (input: unknown, config?: RunnableConfig) => bound(input, config ?? {}),
      ...(sub ? { subgraph: sub } : {}),
      writers: makeWriters(name, g, all, nodeNames, joinsBySource.get(name) ?? [], schema),
      retryPolicy: spec.retryPolicy,
      cachePolicy: spec.cachePolicy || undefined,
      timeout: spec.timeout,
      errorHandlerNode: spec.errorHandlerNode,
      isErrorHandler: spec.isErrorHandler,
      metadata: spec.options.metadata,
    };
  }
  const output = g.outputKeys.length === 1 && g.outputKeys[0] === ROOT ? ROOT : g.outputKeys;
  const stream = all.length === 1 && all[0] === ROOT ? ROOT : all;
  const compiled = new CompiledStateGraph<S, U>({
    name: options.name,
    nodes, channels,
    inputChannels: START, outputChannels: output, streamChannels: stream, streamMode: 'updates',
    checkpointer: typeof options.checkpointer === 'object' ? options.checkpointer : undefined,
    ...(typeof options.checkpointer === 'boolean' ? { checkpointMode: options.checkpointer } : {}),
    interruptBefore: options.interruptBefore,
    interruptAfter: options.interruptAfter,
    cache: options.cache,
    store: options.store,
    streamTransformers: options.transformers,
  });
  compiled.builder = g;
  compiled.description = options.description;
  return compiled;
}
