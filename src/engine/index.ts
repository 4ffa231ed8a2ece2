/**
 * replaygraph's engine: a TypeScript re-implementation of LangGraph's Pregel engine with
 * LangGraph.js's public API. Pure TypeScript: runs in Node and in a Web Worker.
 *
 * Trace: pass `trace: (event) => void` in the config of `invoke` / `stream` to receive the
 * engine's inner decisions (see src/shared/trace.ts).
 */
export * from './constants';
export * from './errors';
export { Send, Command, isCommand, isSend, type Interrupt, type CommandParams } from './types';
export { Annotation, AnnotationRoot, type ChannelDef, type StateDefinition, type StateType, type UpdateType } from './graph/annotation';
export { StateGraph, type AddNodeOptions, type CompileOptions, type NodeFunction, type Router } from './graph/state_graph';
export { CompiledStateGraph } from './graph/compile';
export type { DrawableEdge, DrawableGraph, DrawableNode, DrawableNodeData, GetGraphOptions } from './graph/drawable';
export { Pregel, type PregelOptions } from './pregel/pregel';
export type { StateSnapshot } from './pregel/state';
export type { StreamMode } from './pregel/io';
export { interrupt } from './pregel/interrupt';
export { entrypoint, task, getPreviousState, type EntrypointOptions, type TaskOptions, type EntrypointFinal } from './func/index';
export { type RetryPolicy, type SleepFn, defaultRetryOn } from './pregel/retry';
export { InMemoryCache, type BaseCache, type CachePolicy } from './pregel/cache';
export { uuid6, uuid5 } from './pregel/ids';
export { applyWrites, prepareNextTasks, shouldInterrupt, taskPathStr } from './pregel/algo';
export * from './channels';
export * from './checkpoint/types';
export { MemorySaver } from './checkpoint/memory';
export type { TraceEvent, TraceListener } from '../shared/trace';
// Messages (LangChain message classes come from @langchain/core/messages).
export { MessagesAnnotation, MessagesZodMeta } from './messages/annotation';
export { messagesStateReducer, addMessages, REMOVE_ALL_MESSAGES, type Messages } from './messages/reducer';
export { pushMessage, type PushMessageOptions } from './messages/push';
// Stores and the `custom` stream.
export * from './store/index';
export { getStore } from './store/access';
export { getWriter, writer } from './stream/writer';
