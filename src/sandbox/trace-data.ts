/**
 * A trace event as it may leave the sandbox: trace events carry user data only in interrupt values
 * and error texts, and those are made JSON-safe, with bounds, before they cross.
 */
import { toJsonSafe } from '../protocol/json-safe';
import type { TraceEvent } from '../shared/trace';

/** `event` with its user data (interrupt values, error texts) made plain and bounded. */
export function traceData(event: TraceEvent): TraceEvent {
  if (event.type === '@engine.interrupt') return { ...event, interrupts: event.interrupts.map((i) => ({ id: i.id, value: toJsonSafe(i.value, { maxDepth: 40, maxNodes: 100_000 }) })) };
  if (event.type === '@engine.error') {
    const { name, message, stack } = event.error;
    return { ...event, error: { name: String(name), message: String(message), ...(stack === undefined ? {} : { stack: String(stack) }) } };
  }
  return event;
}
