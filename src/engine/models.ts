/**
 * Chat models for debugging graphs (the `replaygraph/models` entry point):
 * - `ScriptedChatModel`: offline, deterministic answers from a script (tool calls included),
 *   streamed token by token;
 * - `OpenAICompatibleChatModel`: an opt-in adapter for a real OpenAI-compatible provider.
 */
export { ScriptedChatModel, ScriptExhaustedError, tokenize, type ScriptedChatModelFields, type ScriptedResponse, type Tokenizer } from './models/scripted';
export { OpenAICompatibleChatModel, ProviderRequestError, type FetchLike, type OpenAICompatibleFields, type ResponseLike } from './models/openai';
