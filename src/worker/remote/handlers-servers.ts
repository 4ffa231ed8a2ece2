/**
 * Requests about LangGraph servers themselves: the saved servers (add, edit, remove, check), and
 * what a server holds (assistants, threads, one thread opened for the debugger, a copy).
 */
import { v4 as uuidv4 } from 'uuid';
import { parseServerConfig, type RemoteAssistant, type SavedRemoteServer } from '../../remote';
import type { RemoteReplyOf, RemoteRequest } from '../../protocol/remote';
import { hostError } from '../context';
import type { RemoteHub } from './hub';
import { wrap } from './hub';
import { assistantToDto, graphInfo, serverToDto, threadSummary, threadToDto } from './map';

type Req<T extends RemoteRequest['type']> = Extract<RemoteRequest, { type: T }>;
type Reply<T extends RemoteRequest['type']> = Omit<RemoteReplyOf[T], 'id'>;

/** rg/remote.servers.list */
export async function onServersList(hub: RemoteHub): Promise<Reply<'rg/remote.servers.list'>> {
  return { type: 'rg/remote.servers', servers: (await hub.deps.servers.list()).map(serverToDto) };
}

/** rg/remote.server.save: the settings are checked first (REMOTE_BAD_CONFIG); nothing is kept when they fail. */
export async function onServerSave(hub: RemoteHub, m: Req<'rg/remote.server.save'>): Promise<Reply<'rg/remote.server.save'>> {
  const old = m.serverId === undefined ? undefined : await hub.deps.servers.get(m.serverId);
  if (m.serverId !== undefined && !old) throw hostError('NOT_FOUND', `saved server "${m.serverId}"`);
  const apiKey = m.apiKey === undefined ? old?.apiKey : m.apiKey ?? undefined;
  const headers = m.headers ?? old?.headers;
  const config = wrap(() => parseServerConfig({ url: m.url, ...(apiKey ? { apiKey } : {}), ...(headers ? { headers } : {}) }));
  const server: SavedRemoteServer = {
    ...config,
    id: old?.id ?? uuidv4(),
    name: m.name?.trim() || old?.name || new URL(config.url).host,
    addedAt: old?.addedAt ?? new Date().toISOString(),
  };
  await hub.deps.servers.put(server);
  hub.forget(server.id);
  return { type: 'rg/remote.server', server: serverToDto(server) };
}

/** rg/remote.server.remove: the server's settings (and key) are deleted; nothing on the server changes. */
export async function onServerRemove(hub: RemoteHub, m: Req<'rg/remote.server.remove'>): Promise<Reply<'rg/remote.server.remove'>> {
  for (const run of hub.runs.values()) if (run.serverId === m.serverId) run.stop();
  await hub.deps.servers.delete(m.serverId);
  hub.forget(m.serverId);
  return { type: 'rg/ok' };
}

/** rg/remote.server.check */
export async function onServerCheck(hub: RemoteHub, m: Req<'rg/remote.server.check'>): Promise<Reply<'rg/remote.server.check'>> {
  const { client } = await hub.client(m.serverId);
  const info = await hub.call(m.callId, (o) => client.info(o));
  return {
    type: 'rg/remote.server.info',
    info: { version: info.version, langgraphJsVersion: info.langgraphJsVersion ?? null, langgraphPyVersion: info.langgraphPyVersion ?? null, latencyMs: info.latencyMs },
  };
}

/** rg/remote.assistants.list */
export async function onAssistantsList(hub: RemoteHub, m: Req<'rg/remote.assistants.list'>): Promise<Reply<'rg/remote.assistants.list'>> {
  const { client } = await hub.client(m.serverId);
  const page = await hub.call(m.callId, (o) =>
    client.assistants.list({ limit: m.limit, offset: m.offset, ...(m.graphId ? { graphId: m.graphId } : {}), ...(m.name ? { name: m.name } : {}) }, o));
  return { type: 'rg/remote.assistants', page: { items: page.items.map(assistantToDto), nextOffset: page.nextOffset ?? null } };
}

/** rg/remote.threads.list */
export async function onThreadsList(hub: RemoteHub, m: Req<'rg/remote.threads.list'>): Promise<Reply<'rg/remote.threads.list'>> {
  const { client } = await hub.client(m.serverId);
  const page = await hub.call(m.callId, (o) =>
    client.threads.list({ limit: m.limit, offset: m.offset, ...(m.status ? { status: m.status } : {}), ...(m.metadata ? { metadata: m.metadata as Record<string, unknown> } : {}) }, o));
  return { type: 'rg/remote.threads', page: { items: page.items.map((t) => threadToDto(m.serverId, t)), nextOffset: page.nextOffset ?? null } };
}

/** rg/remote.assistant.graph */
export async function onAssistantGraph(hub: RemoteHub, m: Req<'rg/remote.assistant.graph'>): Promise<Reply<'rg/remote.assistant.graph'>> {
  const { server, client } = await hub.client(m.serverId);
  return hub.call(m.callId, async (o) => {
    const assistant = await client.assistants.get(m.assistantId, o);
    const drawing = await client.assistants.graph(assistant.assistantId, { ...o, xray: true });
    return { type: 'rg/remote.graph', graph: graphInfo(m.serverId, server.url, assistant, drawing) };
  });
}

/** rg/remote.thread.open: the thread, its assistant's drawing, and a run going on, if any. */
export async function onThreadOpen(hub: RemoteHub, m: Req<'rg/remote.thread.open'>): Promise<Reply<'rg/remote.thread.open'>> {
  const ref = await hub.thread(m.threadKey);
  return hub.call(m.callId, async (o) => {
    const thread = await ref.client.threads.get(ref.threadId, o);
    const assistant = await assistantOf(hub, ref.serverId, thread.assistantId, thread.graphId, o);
    if (assistant) hub.assistantOf.set(ref.key, assistant.assistantId);
    const drawing = assistant ? await ref.client.assistants.graph(assistant.assistantId, { ...o, xray: true }).catch(() => null) : null;
    let activeRunId: string | null = null;
    if (thread.status === 'busy') {
      const runs = await ref.client.runs.list(ref.threadId, { limit: 5 }, o);
      activeRunId = runs.items.find((r) => r.status === 'running' || r.status === 'pending')?.runId ?? null;
    }
    return {
      type: 'rg/remote.thread',
      opened: {
        thread: threadToDto(ref.serverId, thread),
        summary: threadSummary(ref.serverId, thread, assistant?.assistantId ?? null),
        graph: assistant ? graphInfo(ref.serverId, ref.server.url, assistant, drawing) : null,
        activeRunId,
      },
    };
  });
}

/** rg/remote.thread.copy: a new server thread with this one's checkpoints (the original is unchanged). */
export async function onThreadCopy(hub: RemoteHub, m: Req<'rg/remote.thread.copy'>): Promise<Reply<'rg/remote.thread.copy'>> {
  const ref = await hub.thread(m.threadKey);
  const copy = await hub.call(m.callId, (o) => ref.client.threads.copy(ref.threadId, o));
  const assistantId = hub.assistantOf.get(ref.key) ?? copy.assistantId ?? null;
  return onThreadOpen(hub, { ...m, type: 'rg/remote.thread.open', threadKey: threadToDto(ref.serverId, copy).key }).then((r) => {
    if (assistantId) hub.assistantOf.set(r.opened.thread.key, assistantId);
    return r;
  });
}

/**
 * The assistant a thread runs with: the one its metadata names, else the first assistant of its
 * graph (a thread that never ran names neither: then none is known).
 */
export async function assistantOf(
  hub: RemoteHub, serverId: string, assistantId: string | undefined, graphId: string | undefined, o: { signal?: AbortSignal },
): Promise<RemoteAssistant | null> {
  const { client } = await hub.client(serverId);
  if (assistantId) {
    const found = await client.assistants.get(assistantId, o).catch(() => null);
    if (found) return found;
  }
  if (!graphId) return null;
  return (await client.assistants.list({ graphId, limit: 1 }, o)).items[0] ?? null;
}
