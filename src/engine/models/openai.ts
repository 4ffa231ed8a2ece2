/**
 * `OpenAICompatibleChatModel`: a thin adapter to a real provider speaking OpenAI's chat-completions
 * API (`POST {baseURL}/chat/completions`), over `fetch`. Opt-in and off by default: it refuses to
 * exist without `allowNetwork: true`, and it reads no key from anywhere — the caller passes
 * `apiKey` (the app keeps the user's key in this browser only and hands it over per model).
 *
 * It supports tool calling (`bindTools`), streaming (token callbacks, so `streamMode: 'messages'`
 * shows tokens; used when a callback asks for it) and cancellation (`config.signal`). Anything
 * the provider rejects becomes a ProviderRequestError with its status and message.
 *
 * ```ts
 * const model = new OpenAICompatibleChatModel({
 *   allowNetwork: true, baseURL: 'https://api.openai.com/v1', apiKey: userKey, model: 'gpt-4o-mini',
 * });
 * ```
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { toAIMessage, toChunk, toWireMessage } from './openai_format';
import { sseData, type ByteReader } from './sse';

/** The part of a fetch Response this adapter reads. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  statusText?: string;
  text(): Promise<string>;
  body?: { getReader(): ByteReader } | null;
}

/** The part of `fetch` this adapter calls. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: unknown }) => Promise<ResponseLike>;

export interface OpenAICompatibleFields extends BaseChatModelParams {
  /** Must be `true`: calls leave this machine for the provider. */
  allowNetwork: true;
  /** The API root, e.g. `https://api.openai.com/v1` (the path `/chat/completions` is appended). */
  baseURL: string;
  /** The user's key, sent as `Authorization: Bearer …`. Never stored by the adapter. */
  apiKey: string;
  model: string;
  temperature?: number;
  maxTokens?: number;
  /** Extra request headers (e.g. an organisation). */
  headers?: Record<string, string>;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: FetchLike;
}

type CallOptions = BaseChatModelCallOptions & { tools?: BindToolsInput[]; tool_choice?: unknown };

/** The provider refused a request (or answered something that is not a completion). */
export class ProviderRequestError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/** The error message of a provider's error body (`{ error: { message } }`), else the raw body. */
function providerMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const detail = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (detail) return `The provider answered ${status}: ${detail}`;
  } catch {
    // not JSON: fall through to the raw text
  }
  return `The provider answered ${status}${body ? `: ${body.slice(0, 500)}` : ''}`;
}

function toolChoice(choice: unknown): unknown {
  if (choice === undefined || choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (choice === 'any') return 'required';
  if (typeof choice === 'string') return { type: 'function', function: { name: choice } };
  return choice;
}

/** A chat model over an OpenAI-compatible HTTP API (see the module comment). */
export class OpenAICompatibleChatModel extends BaseChatModel<CallOptions> {
  readonly baseURL: string;
  readonly model: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  private readonly apiKey: string;
  private readonly headers: Record<string, string>;
  private readonly fetchFn: FetchLike;

  constructor(fields: OpenAICompatibleFields) {
    super(fields);
    if (fields?.allowNetwork !== true) {
      throw new Error('OpenAICompatibleChatModel calls a provider over the network: pass allowNetwork: true to opt in (ScriptedChatModel answers offline).');
    }
    if (!fields.apiKey) throw new Error('OpenAICompatibleChatModel needs the apiKey to send (it reads none by itself).');
    if (!fields.baseURL || !fields.model) throw new Error('OpenAICompatibleChatModel needs a baseURL and a model.');
    const fetchFn = fields.fetch ?? (globalThis as { fetch?: FetchLike }).fetch;
    if (!fetchFn) throw new Error('This platform has no fetch: pass one as `fetch`.');
    this.baseURL = fields.baseURL.replace(/\/+$/, '');
    this.model = fields.model;
    this.temperature = fields.temperature;
    this.maxTokens = fields.maxTokens;
    this.apiKey = fields.apiKey;
    this.headers = fields.headers ?? {};
    this.fetchFn = fetchFn;
    this.disableStreaming = fields.disableStreaming ?? false;
  }

  _llmType(): string {
    return 'openai-compatible';
  }

  static lc_name(): string {
    return 'OpenAICompatibleChatModel';
  }

  /** Keeps the key out of LangChain's serialised form (traces, toJSON). */
  override get lc_secrets(): Record<string, string> {
    return { apiKey: 'OPENAI_COMPATIBLE_API_KEY' };
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<CallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, CallOptions> {
    return this.withConfig({ ...kwargs, tools });
  }

  /** The request body for `messages` under `options`. */
  requestBody(messages: BaseMessage[], options: this['ParsedCallOptions'], stream: boolean): Record<string, unknown> {
    const tools = options.tools?.map((t) => convertToOpenAITool(t as Parameters<typeof convertToOpenAITool>[0]));
    return {
      model: this.model,
      messages: messages.map(toWireMessage),
      ...(this.temperature !== undefined ? { temperature: this.temperature } : {}),
      ...(this.maxTokens !== undefined ? { max_tokens: this.maxTokens } : {}),
      ...(options.stop?.length ? { stop: options.stop } : {}),
      ...(tools?.length ? { tools, ...(options.tool_choice !== undefined ? { tool_choice: toolChoice(options.tool_choice) } : {}) } : {}),
      ...(stream ? { stream: true } : {}),
    };
  }

  private async post(body: Record<string, unknown>, signal: unknown): Promise<ResponseLike> {
    const response = await this.fetchFn(`${this.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}`, ...this.headers },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw new ProviderRequestError(response.status, providerMessage(response.status, await response.text().catch(() => '')));
    return response;
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const response = await this.post(this.requestBody(messages, options, false), options.signal);
    const text = await response.text();
    let body: Parameters<typeof toAIMessage>[0];
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderRequestError(response.status, `The provider's answer is not JSON: ${text.slice(0, 200)}`);
    }
    const message = toAIMessage(body);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const response = await this.post(this.requestBody(messages, options, true), options.signal);
    if (!response.body) throw new ProviderRequestError(response.status, 'The provider sent no body to stream.');
    for await (const data of sseData(response.body.getReader())) {
      let parsed: Parameters<typeof toChunk>[0];
      try {
        parsed = JSON.parse(data);
      } catch {
        throw new ProviderRequestError(response.status, `A streamed event is not JSON: ${data.slice(0, 200)}`);
      }
      const message = toChunk(parsed);
      if (!message) continue;
      const token = typeof message.content === 'string' ? message.content : '';
      const chunk = new ChatGenerationChunk({ message, text: token });
      await runManager?.handleLLMNewToken(token, undefined, undefined, undefined, undefined, { chunk });
      yield chunk;
    }
  }
}
