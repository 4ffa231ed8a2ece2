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
import { InvalidUpdateError } from '../errors';
import { currentTask } from '../pregel/context';
import { Pregel } from '../pregel/pregel';
import type { PregelNode, ReadFn } from '../pregel/types';
import { isCommand, isSend, type Command, type Send } from '../types';
import { drawGraph, type DrawableGraph, type GetGraphOptions } from './drawable';
import { boundOf, callRouter } from './node_action';
import { toLangChainGraph, type LangChainGraph } from './lc_graph';
import type { BranchSpec, CompileOptions, StateGraph } from './state_graph';

/** A compiled StateGraph (LangGraph.js `CompiledStateGraph`). `S`/`U` type state and updates. */
export class CompiledStateGraph<S = any, U = any> extends Pregel {
  declare readonly __types?: [S, U];
  builder!: StateGraph<any, any, any>;

  /**
   * A drawable view of the graph, shaped like LangGraph.js's `getGraph()`: nodes (with START and
   * END), plain and conditional edges, subgraph nodes marked and (with `xray`) expanded.
   */
  getGraph(options?: GetGraphOptions): DrawableGraph {
    return drawGraph(this, options);
  }

  /** The same drawing as a LangChain `Graph` (with `drawMermaid()`…), as LangGraph.js's `getGraphAsync()`. */
  async getGraphAsync(options?: GetGraphOptions): Promise<LangChainGraph> {
    return toLangChainGraph(this.getGraph(options));
  }
}

/** State writes of a node's return value (LangGraph.js `_getUpdates`). */
export function stateUpdates(node: string, output: unknown, keys: readonly string[]): PendingWriteValue[] {
  if (output === undefined || output === null) return [];
  if (isCommand(output)) {
    if ((output as Command).graph === '__parent__') return [];
    return (output as Command)._updateAsTuples().filter(([k]) => keys.includes(k));
  }
  if (Array.isArray(output) && output.length > 0 && output.some(isCommand)) {
    const out: PendingWriteValue[] = [];
    for (const item of output) out.push(...stateUpdates(node, item, keys));
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

/** Destinations of Commands returned by a node. */
function controlDestinations(output: unknown): (string | Send)[] {
  if (isSend(output)) return [output];
  const cmds = isCommand(output) ? [output as Command] : Array.isArray(output) ? output.filter(isCommand) : [];
  const out: (string | Send)[] = [];
  for (const c of cmds) {
    if (c.graph === '__parent__') throw new InvalidUpdateError('Command.PARENT is not supported by this engine yet.');
    out.push(...c.goto);
  }
  return out;
}

function routeWrites(from: string, dests: readonly (string | Send)[]): PendingWriteValue[] {
  const out: PendingWriteValue[] = [];
  for (const d of dests) {
    if (d === END) continue;
    if (isSend(d)) out.push([TASKS, d]);
    else out.push([`${BRANCH_PREFIX}${d}`, from]);
  }
  return out;
}

async function runBranch(from: string, b: BranchSpec, state: unknown, config: RunnableConfig, nodes: ReadonlySet<string>): Promise<PendingWriteValue[]> {
  let result = await callRouter(b.path, state, config);
  if (!Array.isArray(result)) result = [result as string | Send];
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

function makeWriters(name: string, g: StateGraph<any, any, any>, keys: string[], nodeNames: ReadonlySet<string>, joins: [string, string][]) {
  const edges = g.edges.filter(([s]) => s === name).map(([, e]) => e);
  const branches = g.branches.get(name) ?? [];
  return async (output: unknown, read: ReadFn): Promise<PendingWriteValue[]> => {
    const writes: PendingWriteValue[] = [...stateUpdates(name, output, keys)];
    if (name !== START) writes.push(...routeWrites(name, controlDestinations(output)));
    for (const e of edges) if (e !== END) writes.push([`${BRANCH_PREFIX}${e}`, null]);
    for (const [channel] of joins) writes.push([channel, name]);
    for (const b of branches) {
      const state = read(keys, writes);
      writes.push(...(await runBranch(name, b, state, currentTask()?.config ?? {}, nodeNames)));
    }
    return writes;
  };
}

/** Builds the Pregel graph of a StateGraph. */
export function compileStateGraph<S, U>(g: StateGraph<any, any, any>, stateSpecs: Record<string, ChannelSpec>, options: CompileOptions): CompiledStateGraph<S, U> {
  const keys = Object.keys(stateSpecs);
  const channels: Record<string, ChannelSpec> = { ...stateSpecs, [START]: ephemeralSpec(true), [TASKS]: topicSpec(false) };
  const nodeNames = new Set(g.nodes.keys());
  const joinsBySource = new Map<string, [string, string][]>();
  const joinsByEnd = new Map<string, string[]>();
  for (const [starts, end] of g.waitingEdges) {
    const ch = `join:${starts.join('+')}:${end}`;
    channels[ch] = g.nodes.get(end)?.options.defer ? namedBarrierAfterFinishSpec(starts) : namedBarrierSpec(starts);
    for (const s of starts) joinsBySource.set(s, [...(joinsBySource.get(s) ?? []), [ch, end]]);
    joinsByEnd.set(end, [...(joinsByEnd.get(end) ?? []), ch]);
  }
  const nodes: Record<string, PregelNode> = {
    [START]: {
      name: START, triggers: [START], channels: START, tags: [TAG_HIDDEN],
      writers: makeWriters(START, g, keys, nodeNames, joinsBySource.get(START) ?? []),
    },
  };
  for (const [name, spec] of g.nodes) {
    // A deferred node's trigger holds its value until nothing else is left to run.
    channels[`${BRANCH_PREFIX}${name}`] = spec.options.defer ? lastValueAfterFinishSpec() : ephemeralSpec(false);
    const fn = spec.fn;
    const sub = fn instanceof Pregel ? fn : undefined;
    const bound = boundOf(fn);
    nodes[name] = {
      name,
      triggers: [`${BRANCH_PREFIX}${name}`, ...(joinsByEnd.get(name) ?? [])],
      channels: keys,
      // A compiled graph as a node runs as a subgraph of this task (see Pregel.stream).
      bound,
      invoke: async (input, config) => bound(input, config ?? {}),
      ...(sub ? { subgraph: sub } : {}),
      writers: makeWriters(name, g, keys, nodeNames, joinsBySource.get(name) ?? []),
      retryPolicy: spec.options.retryPolicy,
      cachePolicy: spec.options.cachePolicy,
    };
  }
  const compiled = new CompiledStateGraph<S, U>({
    name: options.name,
    nodes, channels,
    inputChannels: START, outputChannels: keys, streamChannels: keys,
    checkpointer: typeof options.checkpointer === 'object' ? options.checkpointer : undefined,
    ...(typeof options.checkpointer === 'boolean' ? { checkpointMode: options.checkpointer } : {}),
    interruptBefore: options.interruptBefore,
    interruptAfter: options.interruptAfter,
    cache: options.cache,
    store: options.store,
  });
  compiled.builder = g;
  return compiled;
}
