/**
 * One attempt of a task as the code inside it sees it (`TaskContext`): the node's body and its
 * writers, synchronous while they are, and what routers read (the step's channels with the
 * task's own writes). Run by ./runner, which decides what the attempt's outcome means.
 */
import type { PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { PREVIOUS } from '../constants';
import { readChannels, updateChannel } from './algo';
import { runTraced } from './callbacks';
import type { CallOptions, ParentGraphInfo, Scratchpad, TaskContext } from './context';
import type { PregelLoop } from './loop';
import type { RunnerOptions } from './runner';
import type { StepControl } from './step_control';
import type { AttemptScope } from './timeout';
import type { Channels, PreparedTask } from './types';

/**
 * The state a router sees: the step's channels with the task's own writes applied, on copies of
 * just the channels those writes touch (the loop's channels are never changed).
 */
export function localRead(channels: Channels, select: string[] | string, own?: readonly PendingWriteValue[]): unknown {
  if (!own || own.length === 0) return readChannels(channels, select);
  // Touched channels in first-write order, and their values (lists, not a Map: a task writes few).
  const touched: string[] = [];
  const valuesOf: unknown[][] = [];
  for (const [c, v] of own) {
    if (!(typeof select === 'string' ? c === select : select.includes(c)) || !(c in channels)) continue;
    const at = touched.indexOf(c);
    if (at >= 0) valuesOf[at].push(v);
    else {
      touched.push(c);
      valuesOf.push([v]);
    }
  }
  if (touched.length === 0) return readChannels(channels, select);
  const local: Channels = { ...channels };
  for (let i = 0; i < touched.length; i++) {
    const c = touched[i];
    const copy = channels[c].copy();
    updateChannel(c, copy, valuesOf[i]);
    local[c] = copy;
  }
  return readChannels(local, select);
}

/**
 * One attempt of a task, as the code inside it sees it (`TaskContext`). A class rather than a
 * record of closures: an attempt allocates one object, not one function per capability.
 */
export class Attempt implements TaskContext {
  readonly taskId: string;
  readonly name: string;
  readonly taskNs: string;
  readonly hasCheckpointer: boolean;
  readonly input: unknown;
  readonly previous: unknown;
  readonly call: TaskContext['call'];
  /** What the attempt wrote (dropped if it times out). */
  readonly writes: PendingWriteValue[] = [];
  /** The attempt's timeout scope, when the node has a timeout. */
  scope: AttemptScope | undefined;

  constructor(
    readonly task: PreparedTask, readonly loop: PregelLoop, readonly opts: RunnerOptions, readonly step: StepControl,
    readonly scratchpad: Scratchpad, public config: RunnableConfig, private readonly read: Read,
  ) {
    this.taskId = task.id;
    this.name = task.name;
    this.taskNs = task.taskNs;
    this.hasCheckpointer = loop.p.checkpointer !== undefined;
    this.input = task.input;
    const prev = loop.channels[PREVIOUS];
    this.previous = prev?.isAvailable() ? prev.get() : undefined;
    this.call = opts.callTask ? callThrough : undefined;
  }

  /**
   * Appends writes. A method, not an own arrow function: an attempt is made per task per step,
   * and code that takes `send` off the context binds it (see ../messages/push).
   */
  send(ws: PendingWriteValue[]): void {
    if (this.scope && !this.scope.active) return;
    this.scope?.progress();
    this.writes.push(...ws);
  }

  parentGraph(): ParentGraphInfo {
    return this.loop.parentInfo();
  }

  /**
   * The node's body and its writers. With callbacks, both are one chain run, whose config they
   * get. A synchronous node with synchronous writers finishes synchronously (no promise per step).
   */
  run(cfg: RunnableConfig): unknown {
    if (cfg.callbacks === undefined) return this.body(cfg);
    return runTraced(this.task.name, this.task.input, cfg, (c) => Promise.resolve(this.body(c)));
  }

  private body(cfg: RunnableConfig): unknown {
    this.config = cfg;
    const node = this.task.node;
    const output = node.bound ? node.bound(this.task.input, cfg) : this.task.input;
    if (isThenable(output)) return Promise.resolve(output).then((o) => this.write(o));
    return this.write(output);
  }

  /** The node's writers on its output; returns the output (or a promise of it). */
  private write(output: unknown): unknown {
    const ws = this.task.node.writers(output, this.read);
    if (ws instanceof Promise) return ws.then((w) => this.take(w, output));
    return this.take(ws, output);
  }

  private take(ws: readonly PendingWriteValue[], output: unknown): unknown {
    if (!this.scope || this.scope.active) this.writes.push(...ws);
    return output;
  }
}

export const isThenable = (x: unknown): x is PromiseLike<unknown> => typeof (x as { then?: unknown } | null)?.then === 'function';

export type Read = (select: string[] | string, own?: readonly PendingWriteValue[]) => unknown;
const readers = new WeakMap<PregelLoop, Read>();

/** What a node's routers read: the loop's channels as they are, with the task's own writes (one reader per loop). */
export function readerOf(loop: PregelLoop): Read {
  let read = readers.get(loop);
  if (!read) readers.set(loop, (read = (select, own) => localRead(loop.channels, select, own)));
  return read;
}

/** An attempt run with its own config. */
export const runAttempt = (a: Attempt): unknown => a.run(a.config);

/** `TaskContext.call` of an attempt: a call-task made inside it (see ./call). */
function callThrough(this: Attempt, name: string, fn: (...args: unknown[]) => unknown, args: unknown[], options: CallOptions): Promise<unknown> {
  if (this.scope && !this.scope.active) throw new Error(`Node "${this.task.name}" attempt was cancelled after its timeout fired`);
  this.scope?.progress();
  return this.opts.callTask!(this.loop, this.opts, this.step, this.task, this.scratchpad, { name, fn, options }, args);
}

