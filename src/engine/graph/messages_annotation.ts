/**
 * `MessagesZodState` (LangGraph.js): a zod object state with one `messages` key folded by
 * `messagesStateReducer`, default `[]` (the metadata is `MessagesZodMeta`, see ../messages).
 */
import type { BaseMessage } from '@langchain/core/messages';
import { z } from 'zod/v3';
import { MessagesZodMeta } from '../messages/annotation';
import { withLangGraph } from './schema/zod';

export const MessagesZodState = z.object({ messages: withLangGraph(z.custom<BaseMessage[]>(), MessagesZodMeta) });
