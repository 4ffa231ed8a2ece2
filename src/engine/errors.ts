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

export function isGraphInterrupt(e: unknown): e is GraphInterrupt {
  return e instanceof Error && (e.name === 'GraphInterrupt' || e.name === 'NodeInterrupt');
}

export function isGraphBubbleUp(e: unknown): e is GraphBubbleUp {
  return e instanceof Error && (e as { is_bubble_up?: boolean }).is_bubble_up === true;
}
