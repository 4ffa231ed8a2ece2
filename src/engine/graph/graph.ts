/**
 * `Graph`: LangGraph.js's untyped graph (no state schema). Each node receives the output of the
 * node before it (the first, the graph input) and the graph returns what reaches END. Compiled to
 * a low-level Pregel graph: one channel per node holding its output.
 */
import { _coerceToRunnable, Runnable } from '@langchain/core/runnables';
import { ephemeralSpec } from '../channels/ephemeral';
import type { BaseCheckpointSaver, PendingWriteValue } from '../checkpoint/types';
import { END, START, TAG_HIDDEN, TASKS } from '../constants';
import { InvalidUpdateError } from '../errors';
import { Channel, ChannelWrite, PASSTHROUGH, PregelNode } from '../pregel/lowlevel';
import { Pregel } from '../pregel/pregel';
import { isSend } from '../types';
import type { Router } from './state_graph';

interface GraphBranch {
  path: Router;
  ends?: Record<string, string>;
}

/** Writes a branch's destinations (`branch:<from>:<name>:<to>` channels, END, Sends). */
class BranchWrite extends ChannelWrite {
  constructor(private readonly from: string, private readonly condition: string, private readonly branch: GraphBranch) {
    super([], [TAG_HIDDEN]);
  }
  override async writesFor(input: unknown): Promise<PendingWriteValue[]> {
    let result = await this.branch.path(input, {});
    if (!Array.isArray(result)) result = [result as string];
    const dests = this.branch.ends ? result.map((r) => (isSend(r) ? r : this.branch.ends![r as string])) : result;
    if (dests.some((d) => !d)) throw new Error('Branch condition returned unknown or null destination');
    if (dests.some((d) => isSend(d) && d.node === END)) throw new InvalidUpdateError('Cannot send a packet to the END node');
    return dests.map((d): PendingWriteValue => (isSend(d) ? [TASKS, d] : [d === END ? END : `branch:${this.from}:${this.condition}:${d}`, input]));
  }
}

export class Graph {
  readonly nodes: Record<string, { runnable: Runnable; metadata?: Record<string, unknown> }> = {};
  readonly edges = new Set<[string, string]>();
  readonly branches: Record<string, Record<string, GraphBranch>> = {};

  addNode(key: string, action: unknown, options?: { metadata?: Record<string, unknown> }): this {
    for (const ch of ['|', ':']) if (key.includes(ch)) throw new Error(`"${ch}" is a reserved character and is not allowed in node names.`);
    if (key in this.nodes) throw new Error(`Node \`${key}\` already present.`);
    if (key === END) throw new Error(`Node \`${key}\` is reserved.`);
    this.nodes[key] = { runnable: _coerceToRunnable(action as never) as Runnable, metadata: options?.metadata };
    return this;
  }

  addEdge(from: string, to: string): this {
    if (from === END) throw new Error('END cannot be a start node');
    if (to === START) throw new Error('START cannot be an end node');
    if ([...this.edges].some(([s]) => s === from)) throw new Error(`Already found path for ${from}. For multiple edges, use StateGraph.`);
    this.edges.add([from, to]);
    return this;
  }

  addConditionalEdges(source: string, path: Router, pathMap?: Record<string, string> | string[]): this {
    const ends = Array.isArray(pathMap) ? Object.fromEntries(pathMap.map((n) => [n, n])) : pathMap;
    const byName = (this.branches[source] ??= {});
    const name = 'condition';
    if (byName[name]) throw new Error(`Condition \`${name}\` already present for node \`${source}\``);
    byName[name] = { path, ends };
    return this;
  }

  setEntryPoint(key: string): this {
    return this.addEdge(START, key);
  }

  setFinishPoint(key: string): this {
    return this.addEdge(key, END);
  }

  compile(options: { checkpointer?: BaseCheckpointSaver; interruptBefore?: string[]; interruptAfter?: string[]; name?: string } = {}): Pregel {
    const known = (n: string) => n === START || n === END || n in this.nodes;
    for (const [s, e] of this.edges) if (!known(s) || !known(e)) throw new Error(`Found edge ${known(s) ? 'ending' : 'starting'} at unknown node \`${known(s) ? e : s}\``);
    const channels: Record<string, ReturnType<typeof ephemeralSpec>> = { [START]: ephemeralSpec(), [END]: ephemeralSpec() };
    const nodes: Record<string, PregelNode> = {};
    for (const [key, node] of Object.entries(this.nodes)) {
      channels[key] = ephemeralSpec();
      nodes[key] = new PregelNode({ channels: [], triggers: [], metadata: node.metadata }).pipe(node.runnable).pipe(new ChannelWrite([{ channel: key, value: PASSTHROUGH }], [TAG_HIDDEN]));
    }
    for (const [start, end] of this.edges) {
      if (end === END) {
        if (start === START) throw new Error('Cannot have an edge from START to END');
        nodes[start].writers.push(new ChannelWrite([{ channel: END, value: PASSTHROUGH }], [TAG_HIDDEN]));
      } else {
        nodes[end].triggers.push(start);
        (nodes[end].channels as string[]).push(start);
      }
    }
    for (const [start, branches] of Object.entries(this.branches)) {
      if (start === START && !nodes[START]) nodes[START] = Channel.subscribeTo(START, { tags: [TAG_HIDDEN] });
      for (const [name, branch] of Object.entries(branches)) {
        nodes[start].writers.push(new BranchWrite(start, name, branch));
        for (const end of branch.ends ? Object.values(branch.ends) : Object.keys(this.nodes)) {
          if (end === END) continue;
          const ch = `branch:${start}:${name}:${end}`;
          channels[ch] = ephemeralSpec();
          nodes[end].triggers.push(ch);
          (nodes[end].channels as string[]).push(ch);
        }
      }
    }
    return new Pregel({
      name: options.name, nodes, channels, inputChannels: START, outputChannels: END, streamChannels: Object.keys(this.nodes), streamMode: 'values',
      checkpointer: options.checkpointer, interruptBefore: options.interruptBefore, interruptAfter: options.interruptAfter,
    });
  }
}
