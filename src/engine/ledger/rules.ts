/** Reserved channels the ledger tells apart (LangGraph's `isTaskOutput` and control signals). */
import { isControlSignal } from '../constants';
import type { ControlSignal } from './types';

/** Why an `__error__` write that is a `Command.PARENT` hand-off reads `hand-off` (computed and recorded alike). */
export const HAND_OFF_REASON =
  'A Command.PARENT hand-off: the task ended by sending a command to the parent graph, which applied it. LangGraph saves it as this __error__ write, which is never re-applied.';

/** The control signal a channel is, or null for a task output (LangGraph's `isTaskOutput`). */
export function controlSignalOf(channel: string): ControlSignal | null {
  return isControlSignal(channel) ? (channel as ControlSignal) : null;
}
