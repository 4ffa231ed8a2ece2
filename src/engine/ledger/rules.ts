/** Reserved channels the ledger tells apart (LangGraph's `isTaskOutput` and control signals). */
import { ERROR, ERROR_SOURCE_NODE, INTERRUPT, RESUME } from '../constants';
import type { ControlSignal } from './types';

const SIGNALS: ReadonlySet<string> = new Set<ControlSignal>([ERROR, ERROR_SOURCE_NODE, INTERRUPT, RESUME] as ControlSignal[]);

/** The control signal a channel is, or null for a task output (LangGraph's `isTaskOutput`). */
export function controlSignalOf(channel: string): ControlSignal | null {
  return SIGNALS.has(channel) ? (channel as ControlSignal) : null;
}
