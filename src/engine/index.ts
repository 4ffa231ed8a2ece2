/**
 * replaygraph's engine: a TypeScript re-implementation of LangGraph's Pregel engine with
 * LangGraph.js's public API. Pure TypeScript: runs in Node and in a Web Worker.
 *
 * Trace: pass `trace: (event) => void` in the config of `invoke` / `stream` to receive the
 * engine's inner decisions (see src/shared/trace.ts).
 */
export * from './constants';
export * from './errors';
export { Send, Command, Overwrite, OVERWRITE, isCommand, isSend, isInterrupted, type Interrupt, type CommandParams, type SendOptions } from './types';
export { Annotation, AnnotationRoot, type ChannelDef, type StateDefinition, type StateType, type UpdateType } from './graph/annotation';
export {
  StateGraph, DEFAULT_ERROR_HANDLER_NODE, type AddNodeOptions, type CompileOptions, type NodeFunction, type Router, type ErrorHandler, type NodeDefaults,
  type SchemaState, type SchemaUpdate,
} from './graph/state_graph';
export { CompiledStateGraph } from './graph/compile';
export { StateSchema, ReducedValue, UntrackedValue, MessagesValue, MessagesDeltaValue, type StandardSchemaLike } from './graph/schema/state_schema';
export { DeltaValue } from './graph/schema/delta_value';
export { schemaDefaultGetter as getSchemaDefaultGetter, jsonSchemaOf as getJsonSchemaFromSchema, isStandardSchema } from './graph/schema/state_schema';
export { getStateTypeSchema, getUpdateTypeSchema, getInputTypeSchema, getOutputTypeSchema, getConfigTypeSchema } from './graph/schema/json';
export { withLangGraph, registry, schemaMetaRegistry, SchemaMetaRegistry, LanggraphZodMetaRegistry, type SchemaMeta } from './graph/schema/zod';
export { MessagesZodState } from './graph/messages_annotation';
export type { DrawableEdge, DrawableGraph, DrawableNode, DrawableNodeData, GetGraphOptions } from './graph/drawable';
export { Pregel, type PregelOptions, type PregelParams } from './pregel/pregel';
export type { BatchOptions } from './pregel/batch';
export { Channel, ChannelWrite, PregelNode, PASSTHROUGH, type ChannelWriteEntry, type PregelNodeFields } from './pregel/lowlevel';
export { Graph } from './graph/graph';
export type { Durability } from './pregel/loop';
export { RunControl } from './pregel/run_control';
export type { StateSnapshot } from './pregel/state';
export type { StateUpdate, SuperstepUpdate } from './pregel/bulk_update';
export type { StreamMode } from './pregel/io';
export { interrupt } from './pregel/interrupt';
export { getConfig, getCurrentTaskInput } from './pregel/current';
export { entrypoint, task, getPreviousState, type EntrypointOptions, type TaskOptions, type EntrypointFinal } from './func/index';
export { type RetryPolicy, type SleepFn, defaultRetryOn } from './pregel/retry';
export type { TimeoutPolicy, TimeoutOption } from './pregel/timeout_policy';
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
export { messagesDeltaReducer } from './messages/delta_reducer';
export { pushMessage, type PushMessageOptions } from './messages/push';
// Stores and the `custom` stream.
export * from './store/index';
export { getStore } from './store/access';
export { getWriter, writer } from './stream/writer';
// The stream protocol (`streamEvents(…, { version: 'v3' })`).
export * from './stream/protocol/index';
