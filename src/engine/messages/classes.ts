/**
 * The LangChain message classes by name, for code that rebuilds messages from decoded data
 * (e.g. `toEngineValue` of src/formats) without importing `@langchain/core` itself.
 */
import {
  AIMessage, AIMessageChunk, ChatMessage, ChatMessageChunk, FunctionMessage, FunctionMessageChunk, HumanMessage, HumanMessageChunk,
  RemoveMessage, SystemMessage, SystemMessageChunk, ToolMessage, ToolMessageChunk,
} from '@langchain/core/messages';

/** Every message class a checkpoint may name, keyed by class name. */
export const MESSAGE_CLASSES: Readonly<Record<string, unknown>> = Object.freeze({
  AIMessage, AIMessageChunk, ChatMessage, ChatMessageChunk, FunctionMessage, FunctionMessageChunk,
  HumanMessage, HumanMessageChunk, RemoveMessage, SystemMessage, SystemMessageChunk, ToolMessage, ToolMessageChunk,
});
