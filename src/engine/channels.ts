/**
 * The `channels` entry point (LangGraph.js `@langchain/langgraph/channels`): the channel classes
 * and the low-level checkpoint helpers for channel maps.
 */
export * from './channels/index';
export { channelsFromCheckpoint, createCheckpoint, deltaChannelsToSnapshot, deltaChannelsWithPendingWrites, exitDeltaLateTaskId, exitDeltaTaskId } from './pregel/channel_checkpoint';
