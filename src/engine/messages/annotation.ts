/**
 * Prebuilt message state: `MessagesAnnotation` (a `messages` key folded by
 * `messagesStateReducer`, starting empty) and `MessagesZodMeta`, the same key described as the
 * metadata LangGraph.js's zod state reads.
 */
import type { BaseMessage } from '@langchain/core/messages';
import { Annotation } from '../graph/annotation';
import { messagesStateReducer, type Messages } from './reducer';

/**
 * The state of a chat graph: `{ messages: BaseMessage[] }`. Nodes return `{ messages: … }` with
 * one message-like value or a list; see `messagesStateReducer` for how writes are folded.
 * Spread `MessagesAnnotation.spec` into `Annotation.Root({...})` to add keys.
 */
export const MessagesAnnotation = Annotation.Root({
  messages: Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] }),
});

/** The messages key as zod-state metadata: reducer, JSON-schema marker and default. */
export const MessagesZodMeta = {
  reducer: { fn: messagesStateReducer },
  jsonSchemaExtra: { langgraph_type: 'messages' as const },
  default: (): BaseMessage[] => [],
};
