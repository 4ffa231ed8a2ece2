/** Assistants (a graph with its configuration) and their graph drawings. */
import type { DrawableGraph } from '../engine/graph/drawable';
import type { Connection } from './connection';
import { toDrawableGraph } from './drawing';
import { toRemoteAssistant } from './mapping';
import type { CallOptions } from './options';
import type { Page, RemoteAssistant } from './types';
import { checked, checkedList, SHAPES } from './shapes';

export interface AssistantQuery {
  graphId?: string;
  name?: string;
  metadata?: Record<string, unknown>;
  /** @default RemoteOptions.pageSize */
  limit?: number;
  offset?: number;
  /** @default 'name' */
  sortBy?: 'assistant_id' | 'graph_id' | 'name' | 'created_at' | 'updated_at';
  /** @default 'asc' */
  sortOrder?: 'asc' | 'desc';
}

export interface AssistantsApi {
  list(query?: AssistantQuery, options?: CallOptions): Promise<Page<RemoteAssistant>>;
  get(assistantId: string, options?: CallOptions): Promise<RemoteAssistant>;
  /** `GET /assistants/{id}/graph?xray=…` in the engine's drawable shape (see drawing.ts). @default xray true */
  graph(assistantId: string, options?: CallOptions & { xray?: boolean | number }): Promise<DrawableGraph>;
}

export function createAssistantsApi(conn: Connection): AssistantsApi {
  const what = (assistantId: string) => `Assistant ${assistantId}`;
  return {
    list: (query = {}, options = {}) =>
      conn.call('Listing assistants', async (signal) => {
        const limit = query.limit ?? conn.options.pageSize;
        const offset = query.offset ?? 0;
        // One more than asked, to know whether another page exists.
        const answer = await conn.sdk.assistants.search({
          limit: limit + 1,
          offset,
          ...(query.graphId ? { graphId: query.graphId } : {}),
          ...(query.name ? { name: query.name } : {}),
          ...(query.metadata ? { metadata: query.metadata } : {}),
          sortBy: query.sortBy ?? 'name',
          sortOrder: query.sortOrder ?? 'asc',
          signal,
        });
        const raw = checkedList(SHAPES.assistant, answer, 'POST /assistants/search');
        const items = raw.slice(0, limit).map(toRemoteAssistant);
        return { items, ...(raw.length > limit ? { nextOffset: offset + limit } : {}) };
      }, options),
    get: (assistantId, options = {}) =>
      conn.call('Reading the assistant', async (signal) => toRemoteAssistant(checked(SHAPES.assistant, await conn.sdk.assistants.get(assistantId, { signal }), 'GET /assistants/{id}')), { ...options, what: what(assistantId) }),
    graph: (assistantId, options = {}) =>
      conn.call('Reading the graph drawing', async (signal) =>
        toDrawableGraph(checked(SHAPES.graph, await conn.sdk.assistants.getGraph(assistantId, { xray: options.xray ?? true, signal }), 'GET /assistants/{id}/graph')), {
        ...options,
        what: what(assistantId),
      }),
  };
}
