/**
 * LangChain messages ⇄ the OpenAI chat-completions wire format (what OpenAI-compatible providers
 * accept and answer), as pure functions.
 */
import { AIMessage, AIMessageChunk, type BaseMessage, type InvalidToolCall, type ToolCall, type ToolCallChunk, type UsageMetadata } from '@langchain/core/messages';

/** One message of a chat-completions request. */
export interface WireMessage {
  role: string;
  content: unknown;
  name?: string;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
}

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The parts of a completion (or of a streamed delta) this adapter reads. */
export interface WireChoiceMessage {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

export interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

const ROLES: Record<string, string> = { human: 'user', ai: 'assistant', system: 'system', tool: 'tool', function: 'function' };

/** A LangChain message as a chat-completions message. */
export function toWireMessage(m: BaseMessage): WireMessage {
  const type = m.getType();
  const role = type === 'generic' ? String((m as BaseMessage & { role?: string }).role ?? 'user') : (ROLES[type] ?? 'user');
  const out: WireMessage = { role, content: m.content };
  if (m.name) out.name = m.name;
  if (type === 'ai') {
    const calls = (m as AIMessage).tool_calls ?? [];
    if (calls.length > 0) {
      out.tool_calls = calls.map((c) => ({ id: c.id ?? '', type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args ?? {}) } }));
      // Providers want `null` rather than an empty text beside tool calls.
      if (m.content === '') out.content = null;
    }
  }
  if (type === 'tool') {
    out.tool_call_id = (m as BaseMessage & { tool_call_id: string }).tool_call_id;
    if (typeof m.content !== 'string') out.content = JSON.stringify(m.content);
  }
  return out;
}

/** Tool calls of a completion: parsed arguments, or an invalid call when they are not JSON. */
export function parseToolCalls(calls: WireChoiceMessage['tool_calls']): { tool_calls: ToolCall[]; invalid_tool_calls: InvalidToolCall[] } {
  const tool_calls: ToolCall[] = [];
  const invalid_tool_calls: InvalidToolCall[] = [];
  for (const c of calls ?? []) {
    const name = c.function?.name ?? '';
    const raw = c.function?.arguments ?? '';
    try {
      const args = raw === '' ? {} : JSON.parse(raw);
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new Error('arguments are not an object');
      tool_calls.push({ id: c.id, name, args, type: 'tool_call' });
    } catch (e) {
      invalid_tool_calls.push({ id: c.id, name, args: raw, error: (e as Error).message, type: 'invalid_tool_call' });
    }
  }
  return { tool_calls, invalid_tool_calls };
}

/** LangChain's usage record of a completion's `usage`. */
export function toUsage(u: WireUsage | undefined): UsageMetadata | undefined {
  if (!u) return undefined;
  const input = u.prompt_tokens ?? 0;
  const output = u.completion_tokens ?? 0;
  return { input_tokens: input, output_tokens: output, total_tokens: u.total_tokens ?? input + output };
}

/** A whole completion as an AIMessage. */
export function toAIMessage(body: { id?: string; model?: string; choices?: { message?: WireChoiceMessage; finish_reason?: string }[]; usage?: WireUsage }): AIMessage {
  const choice = body.choices?.[0];
  if (!choice?.message) throw new Error('The provider answered without a message (no choices[0].message).');
  const { tool_calls, invalid_tool_calls } = parseToolCalls(choice.message.tool_calls);
  return new AIMessage({
    content: choice.message.content ?? '',
    id: body.id,
    tool_calls,
    invalid_tool_calls,
    usage_metadata: toUsage(body.usage),
    response_metadata: { model_name: body.model, finish_reason: choice.finish_reason },
  });
}

/** One streamed delta as a message chunk (tool calls as chunks, merged by their index). */
export function toChunk(body: { id?: string; choices?: { delta?: WireChoiceMessage; finish_reason?: string | null }[]; usage?: WireUsage }): AIMessageChunk | undefined {
  const choice = body.choices?.[0];
  const delta = choice?.delta;
  if (!delta && !body.usage) return undefined;
  const tool_call_chunks: ToolCallChunk[] = (delta?.tool_calls ?? []).map((c) => ({
    type: 'tool_call_chunk', index: c.index, id: c.id, name: c.function?.name, args: c.function?.arguments,
  }));
  return new AIMessageChunk({
    content: delta?.content ?? '',
    id: body.id,
    tool_call_chunks,
    usage_metadata: toUsage(body.usage),
    response_metadata: choice?.finish_reason ? { finish_reason: choice.finish_reason } : {},
  });
}
