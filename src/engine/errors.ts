/**
 * Engine errors. Each carries the same `name` as its LangGraph.js counterpart, and messages follow
 * LangGraph.js (including the troubleshooting URL it appends when an error has a code), so code
 * written for LangGraph.js can match on them. Prefer `isGraphInterrupt(e)` / `e.name` over
 * `instanceof` across realms.
 */
import type { Interrupt } from './types';

function withCode(message: string, code?: string): string {
  return code ? `${message}\n\nTroubleshooting URL: https://docs.langchain.com/oss/javascript/langgraph/${code}/\n` : message;
}

/** Base class of every engine error. */
export class BaseLangGraphError extends Error {
  lc_error_code?: string;
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(withCode(message ?? '', fields?.lc_error_code));
    this.lc_error_code = fields?.lc_error_code;
  }
}

/** Errors that unwind the graph on purpose (interrupts); never retried. */
export class GraphBubbleUp extends BaseLangGraphError {
  get is_bubble_up(): boolean {
    return true;
  }
}

export class GraphRecursionError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'GraphRecursionError';
  }
}

export class GraphValueError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'GraphValueError';
  }
}

/** Raised by `interrupt()` (with the interrupts) and by static interrupts (without). */
export class GraphInterrupt extends GraphBubbleUp {
  interrupts: Interrupt[];
  constructor(interrupts?: Interrupt[], fields?: { lc_error_code?: string }) {
    super(JSON.stringify(interrupts ?? [], null, 2), fields);
    this.name = 'GraphInterrupt';
    this.interrupts = interrupts ?? [];
  }
}

/** Raised by a node to interrupt the graph with a value (legacy LangGraph API). */
export class NodeInterrupt extends GraphInterrupt {
  constructor(message: unknown, fields?: { lc_error_code?: string }) {
    super([{ value: message }], fields);
    this.name = 'NodeInterrupt';
  }
}

export class InvalidUpdateError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'InvalidUpdateError';
  }
}

export class EmptyInputError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'EmptyInputError';
  }
}

export class EmptyChannelError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'EmptyChannelError';
  }
}

/** The run was cancelled through `config.signal`. */
export class AbortError extends Error {
  constructor(message = 'Aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

/**
 * The failure a node error handler receives (`addNode(name, fn, { errorHandler })`): the failed
 * node's name and what it threw, after its retry policy gave up.
 */
export class NodeError {
  constructor(readonly node: string, readonly error: Error) {}
  static get unminifiable_name(): string {
    return 'NodeError';
  }
}

export function isNodeError(e: unknown): e is NodeError {
  return e != null && typeof e === 'object' && (e.constructor as { unminifiable_name?: string } | undefined)?.unminifiable_name === 'NodeError';
}

/** What a NodeTimeoutError says about the timeout that fired. */
export interface NodeTimeoutFields {
  node: string;
  elapsed: number;
  kind: 'run' | 'idle';
  runTimeout?: number;
  idleTimeout?: number;
}

/**
 * An attempt of a node ran past its `timeout`. An ordinary node failure (not a bubble-up): a retry
 * policy retries it and an error handler receives it.
 */
export class NodeTimeoutError extends BaseLangGraphError {
  readonly node: string;
  readonly kind: 'run' | 'idle';
  /** The timeout that fired (ms). */
  readonly timeout: number;
  readonly elapsed: number;
  readonly runTimeout?: number;
  readonly idleTimeout?: number;
  constructor(fields: NodeTimeoutFields, errorFields?: { lc_error_code?: string }) {
    const { node, elapsed, kind, runTimeout, idleTimeout } = fields;
    const timeout = kind === 'idle' ? idleTimeout : runTimeout;
    if (timeout === undefined) throw new Error(`${kind}Timeout is required when kind='${kind}'`);
    super(
      kind === 'idle'
        ? `Node "${node}" exceeded its idle timeout of ${timeout}ms without making progress (elapsed: ${elapsed}ms).`
        : `Node "${node}" exceeded its run timeout of ${timeout}ms (elapsed: ${elapsed}ms).`,
      errorFields,
    );
    this.name = 'NodeTimeoutError';
    this.node = node;
    this.kind = kind;
    this.timeout = timeout;
    this.elapsed = elapsed;
    this.runTimeout = runTimeout;
    this.idleTimeout = idleTimeout;
  }
}

export function isNodeTimeoutError(e: unknown): e is NodeTimeoutError {
  return e instanceof Error && e.name === 'NodeTimeoutError';
}

/** Carries a `Command({ graph: Command.PARENT })` out of a subgraph to the graph running it. */
export class ParentCommand extends GraphBubbleUp {
  command: import('./types').Command;
  constructor(command: import('./types').Command) {
    super();
    this.name = 'ParentCommand';
    this.command = command;
  }
}

export function isParentCommand(e: unknown): e is ParentCommand {
  return e instanceof Error && e.name === 'ParentCommand';
}

/** The run stopped at a superstep boundary because `RunControl.requestDrain()` was called. */
export class GraphDrained extends GraphBubbleUp {
  readonly reason: string;
  constructor(reason = 'shutdown', fields?: { lc_error_code?: string }) {
    super(`Graph drained: ${reason}`, fields);
    this.name = 'GraphDrained';
    this.reason = reason;
  }
}

export function isGraphDrained(e: unknown): e is GraphDrained {
  return e instanceof Error && e.name === 'GraphDrained';
}

/** `new StateGraph(x)` with something that is not a state schema. */
export class StateGraphInputError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'StateGraphInputError';
    this.message = 'Invalid StateGraph input. Make sure to pass a valid StateDefinition, Annotation.Root, or Zod schema.';
  }
}

export class UnreachableNodeError extends BaseLangGraphError {
  constructor(message?: string, fields?: { lc_error_code?: string }) {
    super(message, fields);
    this.name = 'UnreachableNodeError';
  }
}

export function isGraphInterrupt(e: unknown): e is GraphInterrupt {
  return e instanceof Error && (e.name === 'GraphInterrupt' || e.name === 'NodeInterrupt');
}

export function isGraphBubbleUp(e: unknown): e is GraphBubbleUp {
  return e instanceof Error && (e as { is_bubble_up?: boolean }).is_bubble_up === true;
}
