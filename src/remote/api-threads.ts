/**
 * Threads: search with paging, read, create, copy, delete, and `updateState` (a new checkpoint
 * from edited values: the first half of a fork).
 */
import type { ThreadSelectField } from '@langchain/langgraph-sdk';
import { BadResponseError } from './errors';
import type { Connection } from './connection';
import { toRemoteThread } from './mapping';
import type { CallOptions } from './options';
import type { Page, RemoteCheckpointRef, RemoteThread, RemoteThreadStatus } from './types';
import { checked, checkedList, SHAPES } from './shapes';

export interface ThreadQuery {
  status?: RemoteThreadStatus;
  /** Metadata equality on each given key (the server's JSON containment). */
  metadata?: Record<string, unknown>;
  /** Shorthand for `metadata.graph_id`. */
  graphId?: string;
  /** @default RemoteOptions.pageSize */
  limit?: number;
  offset?: number;
  /** @default 'updated_at' */
  sortBy?: 'thread_id' | 'status' | 'created_at' | 'updated_at';
  /** @default 'desc' */
  sortOrder?: 'asc' | 'desc';
  /** Include each thread's latest values (can be large). @default false */
  includeValues?: boolean;
}

/** Edited values written as if `asNode` had returned them, after `checkpointId` (else after the head). */
export interface UpdateStateRequest {
  values: unknown;
  /** The node the update counts as coming from: it decides what runs next. */
  asNode?: string;
  checkpointId?: string;
  /** The (sub)graph namespace of `checkpointId`. @default '' */
  checkpointNs?: string;
}

export interface ThreadsApi {
  list(query?: ThreadQuery, options?: CallOptions): Promise<Page<RemoteThread>>;
  get(threadId: string, options?: CallOptions): Promise<RemoteThread>;
  create(init?: { metadata?: Record<string, unknown>; threadId?: string }, options?: CallOptions): Promise<RemoteThread>;
  /** A new thread with a copy of this one's checkpoints (the server copies; the original is unchanged). */
  copy(threadId: string, options?: CallOptions): Promise<RemoteThread>;
  delete(threadId: string, options?: CallOptions): Promise<void>;
  /** Writes a new checkpoint (`source: "update"`); refused with REMOTE_THREAD_BUSY while a run is going. */
  updateState(threadId: string, request: UpdateStateRequest, options?: CallOptions): Promise<RemoteCheckpointRef>;
}

const LIST_FIELDS: ThreadSelectField[] = ['thread_id', 'created_at', 'updated_at', 'metadata', 'status', 'interrupts'];

export function createThreadsApi(conn: Connection): ThreadsApi {
  const what = (threadId: string) => `Thread ${threadId}`;
  return {
    list: (query = {}, options = {}) =>
      conn.call('Listing threads', async (signal) => {
        const limit = query.limit ?? conn.options.pageSize;
        const offset = query.offset ?? 0;
        const metadata = { ...query.metadata, ...(query.graphId !== undefined ? { graph_id: query.graphId } : {}) };
        // One more than asked, to know whether another page exists.
        const answer = await conn.sdk.threads.search({
          limit: limit + 1,
          offset,
          ...(query.status ? { status: query.status } : {}),
          ...(Object.keys(metadata).length ? { metadata } : {}),
          sortBy: query.sortBy ?? 'updated_at',
          sortOrder: query.sortOrder ?? 'desc',
          select: query.includeValues ? [...LIST_FIELDS, 'values'] : LIST_FIELDS,
          signal,
        });
        const raw = checkedList(SHAPES.thread, answer, 'POST /threads/search');
        const items = raw.slice(0, limit).map(toRemoteThread);
        return { items, ...(raw.length > limit ? { nextOffset: offset + limit } : {}) };
      }, options),
    get: (threadId, options = {}) =>
      conn.call('Reading the thread', async (signal) => toRemoteThread(checked(SHAPES.thread, await conn.sdk.threads.get(threadId, { signal }), 'GET /threads/{id}')), { ...options, what: what(threadId) }),
    create: (init = {}, options = {}) =>
      conn.call('Creating a thread', async (signal) =>
        toRemoteThread(checked(SHAPES.thread, await conn.sdk.threads.create({ ...(init.metadata ? { metadata: init.metadata } : {}), ...(init.threadId ? { threadId: init.threadId } : {}), signal }), 'POST /threads')),
      options),
    copy: (threadId, options = {}) =>
      conn.call('Copying the thread', async (signal) => toRemoteThread(checked(SHAPES.thread, await conn.sdk.threads.copy(threadId, { signal }), 'POST /threads/{id}/copy')), { ...options, what: what(threadId) }),
    delete: (threadId, options = {}) =>
      conn.call('Deleting the thread', (signal) => conn.sdk.threads.delete(threadId, { signal }), { ...options, what: what(threadId) }),
    updateState: (threadId, request, options = {}) => updateState(conn, threadId, request, options),
  };
}

/** `POST /threads/{id}/state` (shared with the runs API's fork). */
export function updateState(conn: Connection, threadId: string, request: UpdateStateRequest, options: CallOptions = {}): Promise<RemoteCheckpointRef> {
  return conn.call(
    'Writing the edited state',
    async (signal) => {
      const sent = await conn.sdk.threads.updateState(threadId, {
        values: request.values,
        ...(request.asNode ? { asNode: request.asNode } : {}),
        ...(request.checkpointNs
          ? { checkpoint: { thread_id: threadId, checkpoint_ns: request.checkpointNs, checkpoint_id: request.checkpointId ?? null, checkpoint_map: null } }
          : request.checkpointId
            ? { checkpointId: request.checkpointId }
            : {}),
        signal,
      });
      const answer = checked(SHAPES.updated, sent, 'POST /threads/{id}/state');
      const configurable: Record<string, unknown> = answer.checkpoint ?? answer.configurable ?? {};
      const id = configurable.checkpoint_id;
      if (typeof id !== 'string') throw new BadResponseError('the state update did not name the new checkpoint');
      return {
        threadId: typeof configurable.thread_id === 'string' ? configurable.thread_id : threadId,
        checkpointNs: typeof configurable.checkpoint_ns === 'string' ? configurable.checkpoint_ns : (request.checkpointNs ?? ''),
        checkpointId: id,
      };
    },
    { ...options, what: `Thread ${threadId}`, threadId },
  );
}
