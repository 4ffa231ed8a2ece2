/**
 * The graph primitives users create: `Send`, `Command`, and the `Interrupt` record.
 */
import { END } from './constants';

/** An interrupt raised by `interrupt(value)`: the value asked and a stable id. */
export interface Interrupt<V = unknown> {
  id?: string;
  value?: V;
}

/** A message to run `node` with `args` as its input, in the next superstep (a PUSH task). */
export class Send<N extends string = string, A = unknown> {
  readonly lg_name = 'Send';
  constructor(public node: N, public args: A) {}
  toJSON() {
    return { lg_name: this.lg_name, node: this.node, args: this.args };
  }
}

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
  /** `Command.PARENT` targets the parent graph (not supported by this engine yet). */
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
  goto: (string | Send)[];
  graph?: string;
  constructor(params: CommandParams<R, U>) {
    this.resume = params.resume;
    this.update = params.update;
    this.graph = params.graph;
    const goto = params.goto;
    this.goto = goto === undefined ? [] : Array.isArray(goto) ? goto : [goto];
  }
  /** The update as `[key, value]` pairs. */
  _updateAsTuples(): [string, unknown][] {
    const u = this.update as unknown;
    if (u == null) return [];
    if (Array.isArray(u)) return u as [string, unknown][];
    if (typeof u === 'object') return Object.entries(u as Record<string, unknown>);
    return [['__root__', u]];
  }
  toJSON() {
    return { lg_name: this.lg_name, update: this.update, resume: this.resume, goto: this.goto };
  }
}

export function isCommand(x: unknown): x is Command {
  return x instanceof Command || (typeof x === 'object' && x !== null && (x as { lg_name?: unknown }).lg_name === 'Command');
}

/** Goto targets other than END. */
export function commandGotoTargets(cmd: Command): (string | Send)[] {
  return cmd.goto.filter((g) => g !== END);
}
