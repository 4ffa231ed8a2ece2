/**
 * The protocol's LangGraph server messages: types, their field checks, and the keys that name a
 * server thread (or an assistant's graph) inside the ordinary debugger messages.
 *
 * A server thread is opened in the same views as a local one: its key (`remote:<server>/<thread>`)
 * is the `threadId` of `rg/history.page`, `rg/checkpoint.get`, `rg/namespaces.list`, `rg/run.*`…,
 * and the storage worker answers those from the server. The messages below manage servers and list
 * what a server holds. Every one of them may carry a `callId` chosen by the page: while the call
 * waits, the worker posts `rg/remote.progress` for it, and `rg/remote.abort` (`target`: that callId) cancels it.
 *
 * API keys and header values never come back to the page: a server is listed with `hasApiKey` and
 * its header names only.
 */
import type { RequestId } from './wire-types';
import { id, int, isObject, json, nullable, oneOf, optional, record, text, type Check } from './check';
import type { GraphInfo, Json, ThreadSummary } from './dto';
import { JSON_LIMITS, WIRE_LIMITS } from './limits';

/** A saved server as the page sees it (no secrets). */
export interface RemoteServerDTO {
  serverId: string;
  name: string;
  url: string;
  hasApiKey: boolean;
  /** Names of the custom headers sent with every request (their values stay in the worker). */
  headerNames: string[];
  addedAt: string;
}

/** What a server said about itself when it was checked. */
export interface RemoteServerInfoDTO {
  version: string;
  langgraphJsVersion: string | null;
  langgraphPyVersion: string | null;
  latencyMs: number;
}

export interface RemoteAssistantDTO {
  assistantId: string;
  graphId: string;
  name: string;
  description: string | null;
  version: number;
  updatedAt: string;
  metadata: Json;
}

export type RemoteThreadStatusDTO = 'idle' | 'busy' | 'interrupted' | 'error';

export interface RemoteThreadDTO {
  /** The key to open it with in the debugger (`remoteThreadKey`). */
  key: string;
  threadId: string;
  status: RemoteThreadStatusDTO;
  createdAt: string;
  updatedAt: string;
  metadata: Json;
  graphId: string | null;
  assistantId: string | null;
  /** How many interrupts are waiting. */
  interrupts: number;
}

/** One page of a listing; `nextOffset` null on the last page. */
export interface RemotePage<T> {
  items: T[];
  nextOffset: number | null;
}

/** A server thread opened for the debugger. */
export interface RemoteOpenedDTO {
  thread: RemoteThreadDTO;
  /** The summary the debugger lists it with (its `threadId` is the key). */
  summary: ThreadSummary;
  /** The assistant's drawing, as a graph of the debugger (`remoteGraphId`); null when none is known. */
  graph: GraphInfo | null;
  /** A run going on on the server, to follow it (`rg/remote.run.join`). */
  activeRunId: string | null;
}

/** Requests about servers and what they hold. */
export type RemoteRequest = { id: RequestId; callId?: string } & (
  | { type: 'rg/remote.servers.list' }
  /** Adds a server (no `serverId`) or edits one. `apiKey`: absent keeps it, null clears it. `headers`: absent keeps them. */
  | { type: 'rg/remote.server.save'; serverId?: string; name?: string; url: string; apiKey?: string | null; headers?: Record<string, string> }
  | { type: 'rg/remote.server.remove'; serverId: string }
  /** `GET /info`: is the server there, and may this page read it. */
  | { type: 'rg/remote.server.check'; serverId: string }
  | { type: 'rg/remote.assistants.list'; serverId: string; graphId?: string; name?: string; limit: number; offset: number }
  | { type: 'rg/remote.threads.list'; serverId: string; status?: RemoteThreadStatusDTO; metadata?: Json; limit: number; offset: number }
  /** An assistant's graph (its drawing), to start new threads on it. */
  | { type: 'rg/remote.assistant.graph'; serverId: string; assistantId: string }
  | { type: 'rg/remote.thread.open'; threadKey: string }
  /** Copies a server thread on the server (`POST /threads/{id}/copy`). */
  | { type: 'rg/remote.thread.copy'; threadKey: string }
  /** Follows a run of a server thread (read on after a cut, or a run started elsewhere). */
  | { type: 'rg/remote.run.join'; threadKey: string; runId: string; lastEventId?: string }
  /** Cancels the call whose `callId` is `target` (a slow request); that call is answered REMOTE_ABORTED. */
  | { type: 'rg/remote.abort'; target: string }
);

type Reply<T extends string, B = object> = { type: T; id: RequestId } & B;

/** Replies to `RemoteRequest`s. */
export type RemoteReply =
  | Reply<'rg/remote.servers', { servers: RemoteServerDTO[] }>
  | Reply<'rg/remote.server', { server: RemoteServerDTO }>
  | Reply<'rg/remote.server.info', { info: RemoteServerInfoDTO }>
  | Reply<'rg/remote.assistants', { page: RemotePage<RemoteAssistantDTO> }>
  | Reply<'rg/remote.threads', { page: RemotePage<RemoteThreadDTO> }>
  | Reply<'rg/remote.thread', { opened: RemoteOpenedDTO }>
  | Reply<'rg/remote.graph', { graph: GraphInfo }>;

/** Posted while a call with a `callId` waits (every `progressEveryMs` once it is slow). */
export interface RemoteProgressEvent {
  type: 'rg/remote.progress';
  callId: string;
  elapsedMs: number;
}

type RR<T extends RemoteReply['type']> = Extract<RemoteReply, { type: T }>;
type OkReply = { type: 'rg/ok'; id: RequestId };
type StartedReply = { type: 'rg/run.started'; id: RequestId; runId: string; threadId: string };

/** The reply type of each remote request type. */
export interface RemoteReplyOf {
  'rg/remote.servers.list': RR<'rg/remote.servers'>;
  'rg/remote.server.save': RR<'rg/remote.server'>;
  'rg/remote.server.remove': OkReply;
  'rg/remote.server.check': RR<'rg/remote.server.info'>;
  'rg/remote.assistants.list': RR<'rg/remote.assistants'>;
  'rg/remote.threads.list': RR<'rg/remote.threads'>;
  'rg/remote.assistant.graph': RR<'rg/remote.graph'>;
  'rg/remote.thread.open': RR<'rg/remote.thread'>;
  'rg/remote.thread.copy': RR<'rg/remote.thread'>;
  'rg/remote.run.join': StartedReply;
  'rg/remote.abort': OkReply;
}

const KEY_PREFIX = 'remote:';

/** The debugger's thread id of a server thread. */
export const remoteThreadKey = (serverId: string, threadId: string): string => `${KEY_PREFIX}${serverId}/${threadId}`;
/** The debugger's graph id of a server assistant's graph. */
export const remoteGraphId = (serverId: string, assistantId: string): string => `${KEY_PREFIX}${serverId}/${assistantId}`;

/** True when `id` names something on a LangGraph server (a thread key or a graph id). */
export const isRemoteKey = (id: string | null | undefined): id is string => typeof id === 'string' && id.startsWith(KEY_PREFIX);

/** `{ serverId, id }` of a remote key, or null when `key` is not one. */
export function parseRemoteKey(key: string): { serverId: string; id: string } | null {
  if (!isRemoteKey(key)) return null;
  const rest = key.slice(KEY_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return null;
  return { serverId: rest.slice(0, slash), id: rest.slice(slash + 1) };
}

const L = WIRE_LIMITS;
const serverId = id(L.maxLabelLength);
const remoteKey: Check = (v) => (typeof v === 'string' && v.length <= L.maxIdLength && parseRemoteKey(v) ? null : 'a server thread key (remote:<server>/<thread>)');
const page = { limit: int(1, 1000), offset: int(0, 10_000_000) };
const headers = record(id(L.maxLabelLength), text(8192), 100);
const callId = optional(id(L.maxLabelLength));

/** The fields of each remote request (merged into the protocol's field table, guards.ts). */
export const REMOTE_FIELDS: { [K in RemoteRequest['type']]: Record<string, Check> } = {
  'rg/remote.servers.list': { callId },
  'rg/remote.server.save': {
    callId, serverId: optional(serverId), name: optional(text(L.maxLabelLength)), url: id(2048), apiKey: optional(nullable(text(8192))), headers: optional(headers),
  },
  'rg/remote.server.remove': { callId, serverId },
  'rg/remote.server.check': { callId, serverId },
  'rg/remote.assistants.list': { callId, serverId, graphId: optional(text(L.maxLabelLength)), name: optional(text(L.maxLabelLength)), ...page },
  'rg/remote.threads.list': {
    callId, serverId, status: optional(oneOf('idle', 'busy', 'interrupted', 'error')), metadata: optional((v) => (isObject(v) ? json(JSON_LIMITS)(v) : 'an object')), ...page,
  },
  'rg/remote.assistant.graph': { callId, serverId, assistantId: id() },
  'rg/remote.thread.open': { callId, threadKey: remoteKey },
  'rg/remote.thread.copy': { callId, threadKey: remoteKey },
  'rg/remote.run.join': { callId, threadKey: remoteKey, runId: id(), lastEventId: optional(text(L.maxIdLength)) },
  'rg/remote.abort': { target: id(L.maxLabelLength) },
};
