/**
 * `@langchain/langgraph/stream`: the stream protocol's building blocks (protocol events,
 * `StreamChannel`, subscription matching), as LangGraph.js 1.7.3's `stream` entry point.
 */
export { StreamChannel, StreamChannel as EventLog, isStreamChannel } from './stream/protocol/channel';
export { STREAM_EVENTS_V3_MODES, convertToProtocolEvent, isCheckpointEnvelope, type ConvertToProtocolEventOptions } from './stream/protocol/convert';
export {
  SUPPORTED_CHANNELS, inferChannel, isPrefixMatch, isSupportedChannel, matchesSubscription, normalizeNamespaceSegment, type MatchableEvent, type SubscriptionDefinition,
} from './stream/protocol/subscription';
export type { Namespace, ProtocolEvent, ProtocolMethod } from './stream/protocol/types';
