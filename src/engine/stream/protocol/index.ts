/** The stream protocol (`streamEvents(…, { version: 'v3' })`): what the main entry point exports. */
export { ChatModelStream as ChatModelStreamImpl } from '@langchain/core/language_models/stream';
export { StreamChannel, StreamChannel as EventLog, isStreamChannel, type EventStreamOptions } from './channel';
export { STREAM_EVENTS_V3_MODES, convertToProtocolEvent, isCheckpointEnvelope, type ConvertToProtocolEventOptions } from './convert';
export { GraphRunStream, SubgraphRunStream, createGraphRunStream, type CreateGraphRunStreamOptions } from './run_stream';
export { createLifecycleTransformer, filterLifecycleEntries, type LifecycleEntry, type LifecycleProjection, type LifecycleTransformerOptions } from './transformers/lifecycle';
export { createMessagesTransformer, type NodeChatModelStream } from './transformers/messages';
export { createSubgraphDiscoveryTransformer, filterSubgraphHandles, type SubgraphDiscoveryProjection, type SubgraphDiscoveryTransformerOptions } from './transformers/subgraphs';
export { createValuesTransformer } from './transformers/values';
export { isNativeTransformer } from './types';
export type {
  AgentStatus, InferExtensions, InterruptPayload, Namespace, NativeStreamTransformer, ProtocolEvent, ProtocolMethod, StreamEmitter, StreamTransformer,
  ToolCallStatus, ToolsEventData, UpdatesEventData,
} from './types';
