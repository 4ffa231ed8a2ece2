/**
 * LangGraph.js's low-level Pregel API: nodes that subscribe to channels
 * (`Channel.subscribeTo('in').pipe(fn).pipe(Channel.writeTo(['out']))`), `PregelNode`,
 * `ChannelWrite`, passed to `new Pregel({ nodes, channels, inputChannels, outputChannels })`.
 * A node's `bound` runs as a LangChain Runnable; its writers turn the result into channel writes.
 * `toEngineNode` turns such a node into the engine's own node shape.
 */
import { Runnable, _coerceToRunnable, type RunnableConfig as LcConfig } from '@langchain/core/runnables';
import type { PendingWriteValue } from '../checkpoint/types';
import { TASKS } from '../constants';
import { InvalidUpdateError } from '../errors';
import { isSend, type Send } from '../types';
import type { CachePolicy } from './cache';
import { currentTask } from './context';
import type { RetryPolicy } from './retry';
import { coerceTimeoutPolicy, type TimeoutOption } from './timeout_policy';
import type { PregelNode as EngineNode } from './types';

/** A write's value placeholder: the value the writer receives. */
export const PASSTHROUGH = { [Symbol.for('LG_PASSTHROUGH')]: true };
const isPassthrough = (x: unknown) => typeof x === 'object' && x !== null && Symbol.for('LG_PASSTHROUGH') in x;

/** One write of a ChannelWrite: to `channel`, of `value` (PASSTHROUGH: the input), through `mapper`. */
export interface ChannelWriteEntry {
  channel: string;
  value: unknown;
  /** Skip the write when the (mapped) value is undefined. */
  skipNone?: boolean;
  mapper?: Runnable;
}

/** A writer: writes its input (or fixed values) to channels, and returns its input. */
export class ChannelWrite extends Runnable<unknown, unknown> {
  lc_namespace = ['langgraph', 'pregel'];
  readonly lg_is_writer = true;
  constructor(readonly writes: (ChannelWriteEntry | Send)[], readonly tags?: string[]) {
    super();
  }
  /** The writes this writer makes for `input`. */
  async writesFor(input: unknown, config?: LcConfig): Promise<PendingWriteValue[]> {
    const out: PendingWriteValue[] = [];
    for (const w of this.writes) {
      if (isSend(w)) {
        out.push([TASKS, w]);
        continue;
      }
      if (w.channel === TASKS) throw new InvalidUpdateError('Cannot write to the reserved channel TASKS');
      const value = isPassthrough(w.value) ? input : w.value;
      const mapped = w.mapper ? await w.mapper.invoke(value, config) : value;
      if (w.skipNone && mapped === undefined) continue;
      out.push([w.channel, mapped]);
    }
    return out;
  }
  async invoke(input: unknown, config?: LcConfig): Promise<unknown> {
    const writes = await this.writesFor(input, config);
    const ctx = currentTask();
    if (!ctx) throw new Error('ChannelWrite used outside of a running graph.');
    ctx.send(writes);
    return input;
  }
  static isWriter(x: unknown): x is ChannelWrite {
    return x instanceof ChannelWrite;
  }
}

export interface PregelNodeFields {
  channels: string[] | Record<string, string>;
  triggers: string[];
  /** Maps the node's input (a method, so a mapper typed for that input fits). */
  mapper?(input: unknown): unknown;
  writers?: Runnable[];
  bound?: Runnable;
  tags?: string[];
  metadata?: Record<string, unknown>;
  retryPolicy?: RetryPolicy;
  cachePolicy?: CachePolicy;
  timeout?: TimeoutOption;
}

/** A node of a low-level Pregel graph: what it reads and subscribes to, what it runs, what it writes. */
export class PregelNode {
  readonly lc_graph_name = 'PregelNode';
  channels: string[] | Record<string, string>;
  triggers: string[];
  mapper?(input: unknown): unknown;
  writers: Runnable[];
  bound?: Runnable;
  tags: string[];
  metadata: Record<string, unknown>;
  retryPolicy?: RetryPolicy;
  cachePolicy?: CachePolicy;
  timeout?: TimeoutOption;
  constructor(fields: PregelNodeFields) {
    this.channels = fields.channels;
    this.triggers = fields.triggers;
    this.mapper = fields.mapper;
    this.writers = fields.writers ?? [];
    this.bound = fields.bound;
    this.tags = fields.tags ?? [];
    this.metadata = fields.metadata ?? {};
    this.retryPolicy = fields.retryPolicy;
    this.cachePolicy = fields.cachePolicy;
    this.timeout = fields.timeout;
  }
  private with(fields: Partial<PregelNodeFields>): PregelNode {
    return new PregelNode({ ...this, ...fields });
  }
  /** Runs `x` after what the node runs (a ChannelWrite becomes one of its writers). */
  pipe(x: unknown): PregelNode {
    if (ChannelWrite.isWriter(x)) return this.with({ writers: [...this.writers, x] });
    const next = _coerceToRunnable(x as never) as Runnable;
    return this.with({ bound: this.bound ? (this.bound.pipe(next) as Runnable) : next });
  }
  /** Also reads `channels` (without subscribing to them). */
  join(channels: string[]): PregelNode {
    if (Array.isArray(this.channels)) throw new Error('all channels must be named when using .join()');
    return this.with({ channels: { ...this.channels, ...Object.fromEntries(channels.map((c) => [c, c])) } });
  }
}

/** Builders of low-level nodes and writers. */
export const Channel = {
  /** A node triggered by (and reading) `channels`; `key` names the value of a single channel. */
  subscribeTo(channels: string | string[], options?: { key?: string; tags?: string[] }): PregelNode {
    if (Array.isArray(channels) && options?.key !== undefined) throw new Error("Can't specify a key when subscribing to multiple channels");
    const mapping = typeof channels === 'string' ? (options?.key ? { [options.key]: channels } : [channels]) : Object.fromEntries(channels.map((c) => [c, c]));
    return new PregelNode({ channels: mapping, triggers: Array.isArray(channels) ? channels : [channels], tags: options?.tags });
  },
  /** A writer of its input to `channels`, and of `writes` (fixed values, or functions of the input). */
  writeTo(channels: string[], writes?: Record<string, unknown>): ChannelWrite {
    const entries: ChannelWriteEntry[] = channels.map((channel) => ({ channel, value: PASSTHROUGH, skipNone: false }));
    for (const [channel, value] of Object.entries(writes ?? {})) {
      if (typeof value === 'function' || Runnable.isRunnable(value)) entries.push({ channel, value: PASSTHROUGH, skipNone: true, mapper: _coerceToRunnable(value as never) as Runnable });
      else entries.push({ channel, value, skipNone: false });
    }
    return new ChannelWrite(entries);
  },
};

export const isPregelNode = (x: unknown): x is PregelNode => x instanceof PregelNode;

/** The engine's node for a low-level `PregelNode` named `name`. */
export function toEngineNode(name: string, node: PregelNode): EngineNode {
  const mapping = node.channels;
  let channels: string[] | string;
  let rename: ((v: unknown) => unknown) | undefined;
  if (Array.isArray(mapping)) {
    // A list: the value of the first channel that has one (one channel: its value).
    channels = mapping.length === 1 ? mapping[0] : mapping;
    if (mapping.length > 1) rename = (v) => Object.values(v as Record<string, unknown>)[0];
  } else {
    channels = [...new Set(Object.values(mapping))];
    rename = (v) => Object.fromEntries(Object.entries(mapping).flatMap(([k, c]) => (c in (v as object) ? [[k, (v as Record<string, unknown>)[c]]] : [])));
  }
  const user = node.mapper;
  const mapper = rename || user ? (v: unknown) => (user ? user(rename ? rename(v) : v) : rename!(v)) : undefined;
  const bound = node.bound;
  return {
    name, triggers: node.triggers, channels, ...(mapper ? { mapper } : {}),
    bound: bound ? (input, config) => bound.invoke(input, config as LcConfig) : undefined,
    writers: async (output) => {
      const writes: PendingWriteValue[] = [];
      let value = output;
      for (const w of node.writers) {
        if (ChannelWrite.isWriter(w)) writes.push(...(await w.writesFor(value)));
        else value = await w.invoke(value);
      }
      return writes;
    },
    retryPolicy: node.retryPolicy,
    cachePolicy: node.cachePolicy,
    timeout: coerceTimeoutPolicy(node.timeout),
    tags: node.tags,
    metadata: node.metadata,
  };
}
