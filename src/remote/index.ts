/**
 * The LangGraph server client: plain TypeScript on `@langchain/langgraph-sdk`, usable in a page or
 * a Web Worker. See README.md in this folder for the API, what a server exposes, and the faults.
 */
export { createRemoteClient, type RemoteClient } from './client';
export { parseServerConfig, type RemoteServerConfig, type RemoteServerInput, type SavedRemoteServer } from './config';
export { DEFAULT_REMOTE_OPTIONS, type CallOptions, type RemoteOptions } from './options';
export { RemoteError, isRemoteError, type ReadOnPoint, type RemoteErrorCode, type RemoteErrorData } from './errors';
export type { AssistantQuery, AssistantsApi } from './api-assistants';
export type { ThreadQuery, ThreadsApi, UpdateStateRequest } from './api-threads';
export type { HistoryApi, HistoryQuery } from './api-history';
export { DEFAULT_STREAM_MODES, type ForkRequest, type RemoteStreamMode, type ResumeAnswer, type RunOptions, type RunsApi, type StreamOptions } from './api-runs';
export type { RemoteRunStream } from './run-stream';
export type { RemoteRunEvent, RemoteTaskResult, RemoteTaskStart } from './events';
export { toDrawableGraph } from './drawing';
export { collectNamespaces, projectPendingWrites, toRemoteCheckpoint } from './mapping';
export { MISSING_FIELDS } from './types';
export type {
  HistoryPage, MissingField, Page, RemoteAssistant, RemoteCheckpoint, RemoteCheckpointRef, RemoteCheckpointView, RemoteInterrupt, RemoteRun,
  RemoteRunStatus, RemoteServerInfo, RemoteTask, RemoteTaskError, RemoteThread, RemoteThreadStatus,
} from './types';
