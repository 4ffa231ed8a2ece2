/** What the lifecycle transformer reads off events: graph names, causes, task completions, tool calls. */
import type { Namespace } from '../types';

type Rec = Record<string, unknown>;
export const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a namespace started (`{ type: 'toolCall', tool_call_id }`, …). */
export interface LifecycleCause {
  type: string;
  [key: string]: unknown;
}

/** The root graph's name on the `lifecycle` channel. */
export const ROOT_GRAPH_NAME = 'root';

/** A namespace's graph name when nothing names it: its last segment without the task id. */
export function guessGraphName(ns: Namespace): string {
  const last = ns[ns.length - 1];
  if (last === undefined) return ROOT_GRAPH_NAME;
  const at = last.indexOf(':');
  return at === -1 ? last : last.slice(0, at);
}

/** An error as the `failed` lifecycle event carries it. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

/** The cause of a `started` lifecycle event pushed by someone else. */
export function causeOf(data: unknown): LifecycleCause | undefined {
  if (!isRecord(data) || data.event !== 'started' || !isRecord(data.cause)) return undefined;
  return typeof data.cause.type === 'string' ? (data.cause as LifecycleCause) : undefined;
}

/** A `tasks` result event of a user node: `{ name, id }`. */
export function taskCompletionOf(data: unknown): { name: string; id: string } | undefined {
  if (!isRecord(data) || !('result' in data) || typeof data.name !== 'string' || typeof data.id !== 'string') return undefined;
  return data.name.startsWith('__') ? undefined : { name: data.name, id: data.id };
}

/** The tool call a `tasks` start event's input carries (a `ToolNode` task), if any. */
export function toolCallIdOf(input: unknown): string | undefined {
  if (isRecord(input) && isRecord(input.tool_call)) return typeof input.tool_call.id === 'string' ? input.tool_call.id : undefined;
  if (Array.isArray(input)) for (const call of input) if (isRecord(call) && typeof call.id === 'string') return call.id;
  return undefined;
}

/** `metadata.lc_agent_name` of a `tasks` start event. */
export function agentNameOf(data: unknown): string | undefined {
  const name = isRecord(data) && isRecord(data.metadata) ? data.metadata.lc_agent_name : undefined;
  return typeof name === 'string' ? name : undefined;
}
