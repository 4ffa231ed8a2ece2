/**
 * `streamMode: 'messages'`: a callback handler that turns LangChain callbacks into
 * `[message, metadata]` chunks, as LangGraph.js's `StreamMessagesHandler` does:
 * - chat-model token callbacks become message chunks (`AIMessageChunk`), one per token;
 * - a chat model that did not stream gives its whole message when it ends;
 * - each node's output gives the messages it returns that were not streamed already (nor part of
 *   its input).
 * The metadata is the run's: `langgraph_step`, `langgraph_node`, `langgraph_path`,
 * `langgraph_checkpoint_ns`, `checkpoint_ns`, the chat model's `ls_*` keys, `tags` and `name`.
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { AIMessageChunk, isBaseMessage, isBaseMessageChunk, isToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { LLMResult } from '@langchain/core/outputs';
import { isCommand } from '../types';
import { eventNamespace, isOutsideStream, type NamespaceOptions } from './namespace';

/** Where the handler's chunks go: the event's namespace and the `[message, metadata]` pair. */
export type MessagesSink = (ns: string[], chunk: [BaseMessage, Record<string, unknown>]) => void;

type Meta = [string[], Record<string, unknown>];

const NOSTREAM_TAGS = ['langsmith:nostream', 'nostream'];

/** The run's namespace and metadata, or undefined when it carries no checkpoint namespace. */
function streamMeta(options: NamespaceOptions | undefined, metadata: Record<string, unknown> | undefined, tags: string[] | undefined, name: string | undefined): Meta | undefined {
  if (!metadata) return undefined;
  const ns = (metadata.langgraph_checkpoint_ns ?? metadata.checkpoint_ns) as string | undefined;
  if (!ns) return undefined;
  return [eventNamespace(ns, metadata, options), { tags, name, ...metadata }];
}

function isChatGenerationChunk(x: unknown): x is { message: BaseMessage } {
  return isBaseMessage((x as { message?: unknown } | undefined)?.message);
}

/**
 * The `messages` stream mode as a LangChain callback handler. Add it to a run's callbacks; it calls
 * `sink` for every message chunk or message it sees.
 */
export class StreamMessagesHandler extends BaseCallbackHandler {
  name = 'StreamMessagesHandler';
  /** Asks chat models to stream (so tokens arrive even from `invoke`). */
  lc_prefer_streaming = true;
  /** Chunks are emitted in order, before the run goes on (never from a background queue). */
  override awaitHandlers = true;
  private readonly metadatas: Record<string, Meta | undefined> = {};
  private readonly seen: Record<string, BaseMessage> = {};
  private readonly streamed: Record<string, boolean> = {};
  private readonly stableIds: Record<string, string> = {};

  /**
   * @param sink receives each chunk
   * @param namespaceOptions how the owning stream treats nested graphs (undefined: show all)
   */
  constructor(private readonly sink: MessagesSink, readonly namespaceOptions?: NamespaceOptions) {
    super();
  }

  /**
   * Emits `message` under `meta`. Message ids are made stable per run: chunks of one model run
   * share `run-<runId>`, a node's outputs without id get `run-<runId>-out-<n>`, tool messages
   * `run-<runId>-tool-<tool_call_id>`. With `dedupe`, a message already seen is not emitted again.
   */
  emit(meta: Meta, message: BaseMessage, runId?: string, dedupe = false, outputIdx?: number): void {
    if (dedupe && message.id !== undefined && this.seen[message.id] !== undefined) return;
    let id = message.id;
    if (runId != null) {
      if (isToolMessage(message)) id ??= `run-${runId}-tool-${message.tool_call_id}`;
      else if (outputIdx !== undefined) id ??= `run-${runId}-out-${outputIdx}`;
      else {
        if (id == null || id === `run-${runId}`) id = this.stableIds[runId] ?? id ?? `run-${runId}`;
        this.stableIds[runId] ??= id;
      }
    }
    if (id !== message.id) {
      message.id = id;
      message.lc_kwargs.id = id;
    }
    if (message.id != null) this.seen[message.id] = message;
    this.sink(meta[0], [message, meta[1]]);
  }

  /** A message pushed by `pushMessage()` from inside a node (`config` of that node). */
  emitPushed(metadata: Record<string, unknown>, message: BaseMessage): void {
    const ns = eventNamespace((metadata.langgraph_checkpoint_ns as string | undefined) ?? '', metadata, this.namespaceOptions);
    if (!isOutsideStream(ns, this.namespaceOptions)) this.emit([ns, metadata], message, undefined, false);
  }

  override handleChatModelStart(_llm: unknown, _messages: unknown, runId: string, _parentRunId?: string, _extra?: unknown, tags?: string[], metadata?: Record<string, unknown>, name?: string): void {
    if (!metadata || tags?.some((t) => NOSTREAM_TAGS.includes(t))) return;
    const meta = streamMeta(this.namespaceOptions, metadata, tags, name);
    if (meta && isOutsideStream(meta[0], this.namespaceOptions)) return;
    this.metadatas[runId] = meta;
  }

  override handleLLMNewToken(token: string, _idx: unknown, runId: string, _parentRunId?: string, _tags?: string[], fields?: { chunk?: unknown }): void {
    this.streamed[runId] = true;
    const meta = this.metadatas[runId];
    if (meta === undefined) return;
    const chunk = fields?.chunk;
    this.emit(meta, isChatGenerationChunk(chunk) ? chunk.message : new AIMessageChunk({ content: token }), runId);
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    const meta = this.metadatas[runId];
    if (meta === undefined) return;
    if (!this.streamed[runId]) {
      const message = (output.generations?.[0]?.[0] as { message?: unknown } | undefined)?.message;
      if (isBaseMessage(message)) this.emit(meta, message, runId, true);
    }
    delete this.streamed[runId];
    delete this.metadatas[runId];
    delete this.stableIds[runId];
  }

  override handleLLMError(_err: unknown, runId: string): void {
    delete this.metadatas[runId];
  }

  override handleChainStart(_chain: unknown, inputs: unknown, runId: string, _parentRunId?: string, tags?: string[], metadata?: Record<string, unknown>, _runType?: string, name?: string): void {
    // Only node runs (a chain named like the node it runs in) stream their outputs.
    if (metadata === undefined || name !== metadata.langgraph_node || tags?.includes('langsmith:hidden')) return;
    const meta = streamMeta(this.namespaceOptions, metadata, tags, name);
    if (meta && isOutsideStream(meta[0], this.namespaceOptions)) return;
    this.metadatas[runId] = meta;
    // Messages the node received are not news: remember them so its output does not repeat them.
    if (inputs && typeof inputs === 'object') {
      for (const value of Object.values(inputs)) {
        const items = Array.isArray(value) ? value : [value];
        for (const item of items) if ((isBaseMessage(item) || isBaseMessageChunk(item)) && item.id !== undefined) this.seen[item.id] = item;
      }
    }
  }

  override handleChainEnd(outputs: unknown, runId: string): void {
    const meta = this.metadatas[runId];
    delete this.metadatas[runId];
    if (meta === undefined) return;
    let outputIdx = 0;
    const emitOne = (value: unknown) => {
      if (!isBaseMessage(value)) return;
      this.emit(meta, value, runId, true, outputIdx);
      outputIdx += 1;
    };
    const walk = (output: unknown): void => {
      if (isCommand(output)) walk(output.update);
      else if (isBaseMessage(output)) emitOne(output);
      else if (Array.isArray(output)) {
        const hasCommands = output.some(isCommand);
        for (const v of output) if (hasCommands) walk(v);
        else emitOne(v);
      } else if (output != null && typeof output === 'object') {
        for (const v of Object.values(output)) if (Array.isArray(v)) walk(v);
        else emitOne(v);
      }
    };
    walk(outputs);
  }

  override handleChainError(_err: unknown, runId: string): void {
    delete this.metadatas[runId];
  }
}
