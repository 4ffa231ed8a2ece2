/** Reserved channels the ledger tells apart (LangGraph's `isTaskOutput` and control signals). */
import { isControlSignal } from '../constants';
import type { ControlSignal } from './types';

/** The control signal a channel is, or null for a task output (LangGraph's `isTaskOutput`). */
export function controlSignalOf(channel: string): ControlSignal | null {
  return isControlSignal(channel) ? (channel as ControlSignal) : null;
}
