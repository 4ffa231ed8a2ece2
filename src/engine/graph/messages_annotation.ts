/**
 * Ready-made message states (LangGraph.js `MessagesAnnotation`, `MessagesZodState`): one
 * `messages` key folded by `messagesStateReducer`, default `[]`.
 */
import { z } from 'zod/v3';
import { Annotation } from './annotation';
import { messagesStateReducer } from '../messages/reducer';
import { withLangGraph, type SchemaMeta } from './schema/zod';

export const MessagesAnnotation = Annotation.Root({
  messages: Annotation<ReturnType<typeof messagesStateReducer>, Parameters<typeof messagesStateReducer>[1]>({ reducer: messagesStateReducer, default: () => [] }),
});

export const MessagesZodMeta: SchemaMeta = {
  reducer: { fn: messagesStateReducer },
  jsonSchemaExtra: { langgraph_type: 'messages' },
  default: () => [],
};

export const MessagesZodState = z.object({ messages: withLangGraph(z.custom<any>(), MessagesZodMeta) });
