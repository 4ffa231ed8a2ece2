/**
 * Pregel stream chunks (`[namespace, mode, payload]`) as protocol events, as LangGraph.js 1.7.3's
 * `convertToProtocolEvent` shapes them.
 */
import type { StreamMode } from '../../pregel/io';
import type { Namespace, ProtocolEvent, ToolsEventData, UpdatesEventData } from './types';

/**
 * The stream modes a v3 run asks for. `debug` (a re-wrap of `checkpoints` + `tasks`) is left
 * out, and so is the full `checkpoints` mode: the protocol's `checkpoints` channel carries only
 * the envelope sent before each `values` chunk.
 */
export const STREAM_EVENTS_V3_MODES: StreamMode[] = ['values', 'updates', 'messages', 'tools', 'custom', 'tasks'];

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null;

/** True for a checkpoint envelope (`{ id, parent_id?, step, source }`), not a full `checkpoints` payload. */
export function isCheckpointEnvelope(payload: unknown): boolean {
  if (!isRecord(payload)) return false;
  return typeof payload.id === 'string' && ('source' in payload || typeof payload.step === 'number') && !('values' in payload) && !('config' in payload);
}

/** Options of {@link convertToProtocolEvent}. */
export interface ConvertToProtocolEventOptions {
  namespace: Namespace;
  mode: string;
  payload: unknown;
  seq: number;
}

/** `[message, metadata]` → the message (with the metadata's `run_id`) and its node. */
function unwrapMessages(payload: unknown): { data: unknown; node?: string } {
  if (!Array.isArray(payload) || payload.length !== 2 || !isRecord(payload[1])) return { data: payload };
  const [message, meta] = payload as [unknown, Rec];
  const node = typeof meta.langgraph_node === 'string' ? meta.langgraph_node : undefined;
  const runId = typeof meta.run_id === 'string' ? meta.run_id : undefined;
  return { data: runId !== undefined && isRecord(message) ? { ...message, run_id: runId } : message, node };
}

/** A `tools` mode payload (`on_tool_start`, …) as its protocol event. */
export function toolsEventData(payload: unknown): ToolsEventData {
  if (!isRecord(payload)) return { event: 'tool-error', tool_call_id: '', message: 'Unexpected tools payload shape' };
  const id = String(payload.toolCallId ?? '');
  switch (payload.event) {
    case 'on_tool_start':
      return { event: 'tool-started', tool_call_id: id, tool_name: String(payload.name ?? 'unknown'), input: payload.input };
    case 'on_tool_event':
      return { event: 'tool-output-delta', tool_call_id: id, delta: typeof payload.data === 'string' ? payload.data : JSON.stringify(payload.data ?? '') };
    case 'on_tool_end':
      return { event: 'tool-finished', tool_call_id: id, output: payload.output };
    case 'on_tool_error': {
      const err = payload.error;
      const message = isRecord(err) && typeof err.message === 'string' ? err.message : String(err ?? 'unknown error');
      return { event: 'tool-error', tool_call_id: id, message };
    }
    default:
      return { event: 'tool-error', tool_call_id: '', message: `Unknown tool event: ${String(payload.event)}` };
  }
}

/** `{ node: delta }` → `{ node, values }` (the first node only; a non-object delta becomes `{ value }`). */
export function updatesEventData(payload: unknown): UpdatesEventData {
  if (!isRecord(payload)) return { values: {} };
  const first = Object.entries(payload)[0];
  if (!first) return { values: {} };
  const [node, values] = first;
  return { node, values: isRecord(values) ? values : { value: values } };
}

/**
 * One stream chunk as protocol events: one event, or none for modes the protocol does not carry
 * (`debug`, full `checkpoints` payloads, unknown modes).
 */
export function convertToProtocolEvent({ namespace, mode, payload, seq }: ConvertToProtocolEventOptions): ProtocolEvent[] {
  const timestamp = Date.now();
  const event = (method: string, data: unknown, node?: string): ProtocolEvent[] => [
    { type: 'event', seq, method, params: { namespace, timestamp, ...(node !== undefined ? { node } : {}), data } },
  ];
  switch (mode) {
    case 'messages': {
      const { data, node } = unwrapMessages(payload);
      return event('messages', data, node || undefined);
    }
    case 'tools':
      return event('tools', toolsEventData(payload));
    case 'checkpoints':
      return isCheckpointEnvelope(payload) ? event('checkpoints', payload) : [];
    case 'values':
    case 'tasks':
      return event(mode, payload);
    case 'updates': {
      const data = updatesEventData(payload);
      return event('updates', data, typeof data.node === 'string' ? data.node : undefined);
    }
    case 'custom':
      return event('custom', isRecord(payload) && !Array.isArray(payload) && 'name' in payload ? payload : { payload });
    default:
      return [];
  }
}
