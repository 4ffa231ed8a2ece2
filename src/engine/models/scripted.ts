/**
 * `ScriptedChatModel`: a chat model for debugging graphs offline. It answers each call with the
 * next message of its script, tool calls included, and streams that answer's tokens through
 * LangChain callbacks (so `streamMode: 'messages'` shows them). The same script gives the same
 * answers, tokens and tool-call ids on every run.
 *
 * ```ts
 * const model = new ScriptedChatModel({ responses: [
 *   new AIMessage({ content: '', tool_calls: [{ id: 'call-1', name: 'get_weather', args: { city: 'Paris' } }] }),
 *   'It is sunny in Paris.',
 * ] });
 * const agent = model.bindTools([getWeather]); // returns the model bound to the tools
 * ```
 *
 * LangChain's own `FakeListChatModel` answers with text only; this one replays whole
 * `AIMessage`s, which a tool-calling agent needs.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type AIMessageFields, type BaseMessage, type ToolCall } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';

/** One scripted answer: a message, its fields, or just its text. */
export type ScriptedResponse = AIMessage | AIMessageFields | string;

/** How an answer's text is cut into streamed tokens. */
export type Tokenizer = 'words' | 'characters' | 'whole';

export interface ScriptedChatModelFields extends BaseChatModelParams {
  /** The answers, in the order calls get them. */
  responses: ScriptedResponse[];
  /**
   * After the last answer: `'error'` throws a ScriptExhaustedError (a graph that calls the model
   * more often than scripted shows up), `'cycle'` starts over, `'repeat-last'` keeps the last.
   * @default 'error'
   */
  whenExhausted?: 'error' | 'cycle' | 'repeat-last';
  /** How text is cut into tokens when streaming. @default 'words' (each word with the spaces after it) */
  tokens?: Tokenizer;
  /**
   * Which answer a call gets: `'calls'`, the next one in call order; `'turns'`, the one at the
   * number of AI messages already in the call's input. With `'turns'` an answer depends only on the
   * conversation, so a resumed, replayed or forked run (or a fresh copy of the model) gets the
   * same answer at the same point of the conversation. @default 'calls'
   */
  answerBy?: 'calls' | 'turns';
}

/** The model was called more often than its script has answers. */
export class ScriptExhaustedError extends Error {
  constructor(calls: number, answers: number) {
    super(`ScriptedChatModel was called ${calls} times but its script has ${answers} answer(s). Add responses, or pass whenExhausted: 'cycle' | 'repeat-last'.`);
    this.name = 'ScriptExhaustedError';
  }
}

/** Cuts `text` into tokens (joined, they give `text` back). */
export function tokenize(text: string, how: Tokenizer): string[] {
  if (text === '') return [];
  if (how === 'whole') return [text];
  if (how === 'characters') return [...text];
  return text.match(/\s*\S+\s*|\s+/g) ?? [text];
}

function fieldsOf(r: ScriptedResponse): AIMessageFields {
  if (typeof r === 'string') return { content: r };
  if (AIMessage.isInstance(r)) {
    return {
      content: r.content, id: r.id, name: r.name, tool_calls: r.tool_calls, invalid_tool_calls: r.invalid_tool_calls,
      additional_kwargs: r.additional_kwargs, response_metadata: r.response_metadata, usage_metadata: r.usage_metadata,
    };
  }
  return r;
}

/** A chat model that replays a script (see the module comment). */
export class ScriptedChatModel extends BaseChatModel<BaseChatModelCallOptions & { tools?: BindToolsInput[] }> {
  readonly responses: ScriptedResponse[];
  readonly whenExhausted: 'error' | 'cycle' | 'repeat-last';
  readonly tokens: Tokenizer;
  readonly answerBy: 'calls' | 'turns';
  /** How many answers were given so far. */
  calls = 0;
  /** The messages each call received, in order (for inspecting what the graph sent). */
  readonly received: BaseMessage[][] = [];

  constructor(fields: ScriptedChatModelFields) {
    super(fields);
    if (!Array.isArray(fields.responses)) throw new TypeError('ScriptedChatModel needs `responses`: a list of AIMessages, message fields or strings.');
    this.responses = fields.responses;
    this.whenExhausted = fields.whenExhausted ?? 'error';
    this.tokens = fields.tokens ?? 'words';
    this.answerBy = fields.answerBy ?? 'calls';
    // LangChain declares `disableStreaming` but leaves it to each model to read: with it, calls
    // answer in one piece (no token callbacks), like a provider that does not stream.
    this.disableStreaming = fields.disableStreaming ?? false;
  }

  _llmType(): string {
    return 'scripted';
  }

  static lc_name(): string {
    return 'ScriptedChatModel';
  }

  /** The model with `tools` bound (they reach each call's options; the script decides the calls). */
  override bindTools(tools: BindToolsInput[], kwargs?: Partial<BaseChatModelCallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions & { tools?: BindToolsInput[] }> {
    return this.withConfig({ ...kwargs, tools });
  }

  /** The next answer as a fresh message (the script itself is never changed by a run). */
  private next(messages: BaseMessage[]): AIMessageFields & { tool_calls: ToolCall[] } {
    const n = this.responses.length;
    const i = this.answerBy === 'turns' ? messages.filter((m) => m.getType() === 'ai').length : this.calls;
    if (n === 0 || (i >= n && this.whenExhausted === 'error')) throw new ScriptExhaustedError(i + 1, n);
    const at = i < n ? i : this.whenExhausted === 'cycle' ? i % n : n - 1;
    this.calls += 1;
    this.received.push([...messages]);
    const fields = fieldsOf(this.responses[at]);
    // Tool calls get stable ids when the script has none: a ToolMessage must answer an id.
    const tool_calls = (fields.tool_calls ?? []).map((c, k) => ({ ...c, id: c.id ?? `call-${i}-${k}`, type: 'tool_call' as const }));
    return { ...fields, tool_calls };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const fields = this.next(messages);
    const message = new AIMessage(fields);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  async *_streamResponseChunks(messages: BaseMessage[], _options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const fields = this.next(messages);
    const text = typeof fields.content === 'string' ? fields.content : '';
    const tokens = tokenize(text, this.tokens);
    const calls = fields.tool_calls;
    // Tool calls travel in the last chunk, as providers send them after the text.
    const last = Math.max(tokens.length, 1) - 1;
    for (let i = 0; i <= last; i += 1) {
      const token = tokens[i] ?? '';
      const message = new AIMessageChunk({
        content: token,
        id: fields.id,
        ...(i === last && calls.length ? { tool_call_chunks: calls.map((c, index) => ({ type: 'tool_call_chunk' as const, id: c.id, name: c.name, args: JSON.stringify(c.args), index })) } : {}),
        ...(i === last && fields.usage_metadata ? { usage_metadata: fields.usage_metadata } : {}),
        ...(i === 0 && fields.name ? { name: fields.name } : {}),
      });
      const chunk = new ChatGenerationChunk({ message, text: token });
      await runManager?.handleLLMNewToken(token, undefined, undefined, undefined, undefined, { chunk });
      yield chunk;
    }
  }
}
