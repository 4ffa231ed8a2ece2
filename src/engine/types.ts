/**
 * The graph primitives users create: `Send`, `Command`, `Overwrite`, and the `Interrupt` record.
 */
import { END } from './constants';
import { coerceTimeoutPolicy, type TimeoutPolicy, type TimeoutOption } from './pregel/timeout_policy';

/** An interrupt raised by `interrupt(value)`: the value asked and a stable id. */
export interface Interrupt<V = unknown> {
  id?: string;
  value?: V;
}

/** Options of a Send. */
export interface SendOptions {
  /** Overrides the target node's `timeout` for this one task. */
  timeout?: TimeoutOption;
}

/** A message to run `node` with `args` as its input, in the next superstep (a PUSH task). */
export class Send<N extends string = string, A = unknown> {
  readonly lg_name = 'Send';
  node: N;
  args: A;
  timeout?: TimeoutPolicy;
  constructor(node: N, args: A, options?: SendOptions) {
    this.node = node;
    // As LangGraph.js: Commands and Sends given as plain data inside the args become instances.
    this.args = reviveGraphObjects(args) as A;
    this.timeout = coerceTimeoutPolicy(options?.timeout);
  }
  toJSON() {
    return { lg_name: this.lg_name, node: this.node, args: this.args, timeout: this.timeout };
  }
}

/** A Send, or a plain `{ node, args }` packet (what a saver hands back). */
export function isSend(x: unknown): x is Send {
  return x instanceof Send || (typeof x === 'object' && x !== null && (x as { lg_name?: unknown }).lg_name === 'Send' && typeof (x as Send).node === 'string');
}

/** Options of a Command. */
export interface CommandParams<R = unknown, U = Record<string, unknown> | [string, unknown][]> {
  /** Answer to pending interrupts: one value, or a map interrupt id → value. */
  resume?: R;
  /** State update applied before the next step (as a NULL-task write). */
  update?: U;
  /** Node(s) or Send(s) to go to next. */
  goto?: string | Send | (string | Send)[];
  /** `Command.PARENT`: the update and goto are for the graph that runs this subgraph. */
  graph?: string;
}

/** Graph input or node return value that resumes, updates state and/or routes. */
export class Command<R = unknown, U = Record<string, unknown> | [string, unknown][]> {
  readonly lg_name = 'Command';
  /** Tells LangChain tools to return this Command as it is (not wrapped in a ToolMessage). */
  readonly lc_direct_tool_output = true;
  static readonly PARENT = '__parent__';
  resume?: R;
  update?: U;
  goto: (string | Send)[] = [];
  graph?: string;
  constructor(params: CommandParams<R, U>) {
    this.resume = params.resume;
    this.update = params.update;
    this.graph = params.graph;
    const goto = params.goto;
    if (goto) this.goto = (Array.isArray(goto) ? reviveGraphObjects(goto) : [reviveGraphObjects(goto)]) as (string | Send)[];
  }
  /** The update as `[key, value]` pairs (a non-object update is the `__root__` value). */
  _updateAsTuples(): [string, unknown][] {
    const u = this.update as unknown;
    if (u && typeof u === 'object' && !Array.isArray(u)) return Object.entries(u as Record<string, unknown>);
    if (Array.isArray(u) && u.every((t) => Array.isArray(t) && t.length === 2 && typeof t[0] === 'string')) return u as [string, unknown][];
    return [['__root__', u]];
  }
  toJSON() {
    const goto = this.goto.map((g) => (typeof g === 'string' ? g : g.toJSON()));
    return { lg_name: this.lg_name, update: this.update, resume: this.resume, goto };
  }
}

const isPlainObject = (x: object) => {
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
};

/** A Command instance (a plain object carrying `lg_name: 'Command'` is data, as in LangGraph.js). */
export function isCommand(x: unknown): x is Command {
  return typeof x === 'object' && x !== null && !isPlainObject(x) && (x as { lg_name?: unknown }).lg_name === 'Command';
}

/**
 * A copy of `x` where plain `{ lg_name: 'Command', … }` objects become Commands and plain
 * `{ node, args }` objects become Sends (LangGraph.js `_deserializeCommandSendObjectGraph`), so a
 * Command carried inside a Send (even through a checkpoint) arrives as a Command. Class instances
 * and serializable LangChain objects are kept as they are.
 */
export function reviveGraphObjects(x: unknown, seen?: Map<object, unknown>): unknown {
  if (x === null || typeof x !== 'object') return x;
  seen ??= new Map<object, unknown>();
  if (seen.has(x)) return seen.get(x);
  if (Array.isArray(x)) {
    const out: unknown[] = [];
    seen.set(x, out);
    x.forEach((item, i) => (out[i] = reviveGraphObjects(item, seen)));
    return out;
  }
  if (x instanceof Command || x instanceof Send || !isPlainObject(x)) return x;
  const o = x as Record<string, unknown>;
  if (o.lg_name === 'Command') {
    const cmd = new Command(o as CommandParams);
    seen.set(x, cmd);
    return cmd;
  }
  if (typeof o.node === 'string' && o.args !== undefined) {
    const send = new Send(o.node, o.args, o.timeout !== undefined ? { timeout: o.timeout as TimeoutOption } : undefined);
    seen.set(x, send);
    return send;
  }
  if (o.lc_serializable) return x;
  const out: Record<string, unknown> = {};
  seen.set(x, out);
  for (const [k, v] of Object.entries(o)) out[k] = reviveGraphObjects(v, seen);
  return out;
}

/** Goto targets other than END. */
export function commandGotoTargets(cmd: Command): (string | Send)[] {
  return cmd.goto.filter((g) => g !== END);
}

/** Key of an Overwrite's value, in its wire form `{ __overwrite__: value }`. */
export const OVERWRITE = '__overwrite__';

/**
 * Written to a reducer key, replaces the value instead of going through the reducer (at most one
 * per key and step).
 */
export class Overwrite<V = unknown> {
  readonly lg_name = 'Overwrite';
  readonly [OVERWRITE]: V;
  constructor(value: V) {
    this[OVERWRITE] = value;
  }
  get value(): V {
    return this[OVERWRITE];
  }
  toJSON() {
    return { [OVERWRITE]: this[OVERWRITE] };
  }
  static isInstance(value: unknown): value is Overwrite {
    if (!value || typeof value !== 'object') return false;
    return OVERWRITE in value || (value as { lg_name?: unknown }).lg_name === 'Overwrite';
  }
}

/**
 * `[true, value]` for an Overwrite (an instance, its wire form `{ __overwrite__: v }` or the
 * `{ type: '__overwrite__', value }` form of other runtimes), else `[false, undefined]`.
 */
export function overwriteValue(value: unknown): [boolean, unknown] {
  if (typeof value === 'object' && value !== null) {
    if (OVERWRITE in value) return [true, (value as Record<string, unknown>)[OVERWRITE]];
    const rec = value as { type?: unknown; value?: unknown };
    if (rec.type === OVERWRITE && 'value' in rec) return [true, rec.value];
  }
  return [false, undefined];
}

/** True for an `invoke` / stream value that carries interrupts (`__interrupt__` is an array). */
export function isInterrupted<V = unknown>(values: unknown): values is { __interrupt__: Interrupt<V>[] } {
  if (!values || typeof values !== 'object') return false;
  return Array.isArray((values as { __interrupt__?: unknown }).__interrupt__);
}
