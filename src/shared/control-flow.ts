/**
 * Control flow that LangGraph saves in the shape of a failure. A subgraph node that answers with
 * `Command({ graph: Command.PARENT, … })` ends its task by raising `ParentCommand`; LangGraph (JS
 * and Python) saves that as the task's `__error__` write (`{ name: "ParentCommand" }`) in the
 * subgraph's checkpoint, while the parent graph applies the command. It is a hand-off, not a
 * failure: every layer asks this module, never the error's name.
 */

/** The name LangGraph gives the exception a `Command.PARENT` raises. */
export const HAND_OFF_ERROR_NAME = 'ParentCommand';

/**
 * True when a saved error (an `__error__` write's value, or a task's error) in namespace `ns` is a
 * `Command.PARENT` hand-off. Only a subgraph has a parent: at the root graph it is a failure.
 */
export function isHandOff(error: unknown, ns: string): boolean {
  return ns !== '' && typeof error === 'object' && error !== null && (error as { name?: unknown }).name === HAND_OFF_ERROR_NAME;
}

/** True when a pending write in namespace `ns` records a failure: an `__error__` write that is not a hand-off. */
export function isFailureWrite(channel: string, value: unknown, ns: string): boolean {
  return channel === '__error__' && !isHandOff(value, ns);
}
