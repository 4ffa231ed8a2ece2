/**
 * A thread's checkpoints: history pages (`before` / `limit`, one namespace at a time, never the
 * whole history), one checkpoint as saved, and the head as the server sees it (optionally with
 * the states of the subgraphs it is in).
 */
import type { Checkpoint, Metadata, ThreadState } from '@langchain/langgraph-sdk';
import type { Connection } from './connection';
import { collectNamespaces, toRemoteCheckpoint } from './mapping';
import type { CallOptions } from './options';
import type { HistoryPage, RemoteCheckpoint } from './types';
import { checked, checkedList, SHAPES } from './shapes';

export interface HistoryQuery {
  /** @default RemoteOptions.pageSize */
  limit?: number;
  /** Only checkpoints older than this one (the previous page's `nextBefore`). */
  before?: string;
  /** The (sub)graph namespace to list. @default '' (the root graph) */
  checkpointNs?: string;
  /** Metadata equality on each given key, e.g. `{ source: 'update' }`. */
  metadata?: Record<string, unknown>;
}

export interface HistoryApi {
  /** One page of checkpoints, newest first. */
  page(threadId: string, query?: HistoryQuery, options?: CallOptions): Promise<HistoryPage>;
  /**
   * One checkpoint as saved. With `subgraphs`, each subgraph task carries the state of its
   * subgraph (the server reads that subgraph's latest checkpoint: a live view).
   */
  checkpoint(threadId: string, at: { checkpointId: string; checkpointNs?: string; subgraphs?: boolean }, options?: CallOptions): Promise<RemoteCheckpoint>;
  /**
   * The head as the server shows it (`view: 'live'`: values and next include the writes of tasks
   * that finished from it, e.g. the successful siblings of a failed step). With `subgraphs`, the
   * states of the subgraphs it is in (interrupted or failed inside). Undefined for a thread that
   * has no checkpoint yet.
   */
  head(threadId: string, options?: CallOptions & { subgraphs?: boolean }): Promise<RemoteCheckpoint | undefined>;
}

/**
 * The SDK's two thread reads, typed as the servers read their options: the JS dev server reads
 * `before` only as a checkpoint id (Python servers take an id or a config), and `subgraphs` in a
 * JSON body only as the string "true" (Python servers coerce it). The SDK types them as a config
 * and a boolean; the SDK passes both through as given.
 */
interface ThreadReads {
  getHistory(threadId: string, options: { limit?: number; before?: string; checkpoint?: Partial<Omit<Checkpoint, 'thread_id'>>; metadata?: Metadata; signal?: AbortSignal }): Promise<ThreadState[]>;
  getState(threadId: string, checkpoint: Checkpoint | string | undefined, options: { subgraphs?: boolean | 'true'; signal?: AbortSignal }): Promise<ThreadState>;
}
const readsOf = (conn: Connection) => conn.sdk.threads as ThreadReads;

export function createHistoryApi(conn: Connection): HistoryApi {
  const what = (threadId: string) => `Thread ${threadId}`;
  return {
    page: (threadId, query = {}, options = {}) =>
      conn.call('Reading the history', async (signal) => {
        const limit = query.limit ?? conn.options.pageSize;
        const checkpointNs = query.checkpointNs ?? '';
        // One more than asked, to know whether an older page exists.
        const answer = await readsOf(conn).getHistory(threadId, {
          limit: limit + 1,
          ...(query.before ? { before: query.before } : {}),
          ...(checkpointNs ? { checkpoint: { checkpoint_ns: checkpointNs } } : {}),
          ...(query.metadata ? { metadata: query.metadata } : {}),
          signal,
        });
        const raw = checkedList(SHAPES.state, answer, 'POST /threads/{id}/history');
        const items = raw.slice(0, limit).map((s) => toRemoteCheckpoint(s, 'saved', { threadId }));
        const last = items[items.length - 1];
        return { items, ...(raw.length > limit && last ? { nextBefore: last.ref.checkpointId } : {}), namespaces: collectNamespaces(items) };
      }, { ...options, what: what(threadId) }),
    checkpoint: (threadId, at, options = {}) =>
      conn.call('Reading a checkpoint', async (signal) => {
        const subgraphs = at.subgraphs ? 'true' : undefined;
        const raw = at.checkpointNs
          ? await readsOf(conn).getState(threadId, { thread_id: threadId, checkpoint_ns: at.checkpointNs, checkpoint_id: at.checkpointId, checkpoint_map: null }, { subgraphs, signal })
          : await readsOf(conn).getState(threadId, at.checkpointId, { subgraphs, signal });
        return toRemoteCheckpoint(checked(SHAPES.state, raw, at.checkpointNs ? 'POST /threads/{id}/state/checkpoint' : 'GET /threads/{id}/state/{checkpoint}'), 'saved', { threadId });
      }, { ...options, what: `Checkpoint ${at.checkpointId} of thread ${threadId}` }),
    head: (threadId, options = {}) =>
      conn.call('Reading the thread state', async (signal) => {
        const raw = checked(SHAPES.state, await conn.sdk.threads.getState(threadId, undefined, { subgraphs: options.subgraphs ?? false, signal }), 'GET /threads/{id}/state');
        // A thread that never ran has a state without a checkpoint.
        if (!raw.checkpoint?.checkpoint_id) return undefined;
        return toRemoteCheckpoint(raw, 'live', { threadId });
      }, { ...options, what: what(threadId) }),
  };
}
