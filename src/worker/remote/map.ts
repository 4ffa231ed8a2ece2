/**
 * The one place server records (src/remote types) become the protocol's DTOs: servers without
 * their secrets, assistants, threads, timeline rows, checkpoint details and drawings. Values from
 * a server are JSON already; they still go through `toJsonSafe` (bounded, as every value the page
 * gets). Nothing here invents what a server does not send: triggers stay empty and the dispositions
 * of projected writes are `not-exposed`.
 */
import { MISSING_FIELDS, type RemoteAssistant, type RemoteCheckpoint, type RemoteTask, type RemoteThread, type SavedRemoteServer } from '../../remote';
import type { DrawableGraph } from '../../engine/graph/drawable';
import type {
  CheckpointSummary, GraphInfo, GraphNodeDTO, GraphShape, Json, PendingWriteDTO, TaskDTO, ThreadStatus, ThreadSummary,
} from '../../protocol/dto';
import { recordToJsonSafe, toJsonSafe } from '../../protocol/json-safe';
import { sourceShown } from '../../shared/checkpoint-source';
import type { FullDetail } from '../detail-cache';
import { remoteGraphId, remoteThreadKey, type RemoteAssistantDTO, type RemoteServerDTO, type RemoteThreadDTO } from '../../protocol/remote';
import { isHandOff } from '../../shared/control-flow';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A saved server as the page may see it. */
export const serverToDto = (s: SavedRemoteServer): RemoteServerDTO => ({
  serverId: s.id, name: s.name, url: s.url, hasApiKey: Boolean(s.apiKey), headerNames: Object.keys(s.headers ?? {}), addedAt: s.addedAt,
});

export const assistantToDto = (a: RemoteAssistant): RemoteAssistantDTO => ({
  assistantId: a.assistantId, graphId: a.graphId, name: a.name, description: a.description ?? null, version: a.version, updatedAt: a.updatedAt, metadata: toJsonSafe(a.metadata),
});

export const threadToDto = (serverId: string, t: RemoteThread): RemoteThreadDTO => ({
  key: remoteThreadKey(serverId, t.threadId),
  threadId: t.threadId,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  metadata: toJsonSafe(t.metadata),
  graphId: t.graphId ?? null,
  assistantId: t.assistantId ?? null,
  interrupts: Object.values(t.interrupts).reduce((n, list) => n + list.length, 0),
});

const STATUS: Record<RemoteThread['status'], ThreadStatus> = { idle: 'idle', busy: 'running', interrupted: 'interrupted', error: 'error' };

/** How the debugger lists a server thread (its id is the thread key). */
export const threadSummary = (serverId: string, t: RemoteThread, assistantId: string | null): ThreadSummary => ({
  threadId: remoteThreadKey(serverId, t.threadId),
  graphId: assistantId === null ? null : remoteGraphId(serverId, assistantId),
  status: STATUS[t.status],
  steps: 0,
  updatedAt: t.updatedAt,
});

/** A timeline row. The count of pending writes is that of the projection (what the server shows). */
export function checkpointSummary(c: RemoteCheckpoint): CheckpointSummary {
  return {
    checkpointId: c.ref.checkpointId,
    parentId: c.parent?.checkpointId ?? null,
    ns: c.ref.checkpointNs,
    step: typeof c.metadata?.step === 'number' ? c.metadata.step : -1,
    source: sourceShown(c.metadata?.source),
    ts: c.createdAt ?? '',
    next: c.next,
    pendingWrites: c.tuple.pendingWrites?.length ?? 0,
    hasInterrupts: c.tasks.some((t) => t.interrupts.length > 0),
    hasError: c.tasks.some((t) => t.error !== undefined && !isHandOff(t.error, c.ref.checkpointNs)),
  };
}

function taskToDto(t: RemoteTask, ns: string): TaskDTO {
  const path = Array.isArray(t.path) ? t.path : [];
  const dto: TaskDTO = {
    id: t.id,
    name: t.name,
    path: path.map((p) => (typeof p === 'string' || typeof p === 'number' ? String(p) : JSON.stringify(p))).join(', '),
    kind: path[0] === '__pregel_push' ? 'push' : 'pull',
    // Why a task was triggered is not sent by a server (MISSING_FIELDS.versions_seen).
    triggers: [],
    interrupts: t.interrupts.map((i, n) => ({ id: i.id ?? `#${n}`, value: toJsonSafe(i.value) })),
    error: t.error && !isHandOff(t.error, ns) ? { code: 'RUN_FAILED', name: t.error.name, message: t.error.message } : null,
  };
  if (isHandOff(t.error, ns)) dto.outcome = 'handed-off';
  else if (t.error) dto.outcome = 'failed';
  else if (t.interrupts.length > 0) dto.outcome = 'interrupted';
  else if (t.result !== undefined) dto.outcome = 'ran';
  if (t.subgraph) dto.subgraphNs = t.subgraph.checkpointNs;
  return dto;
}

/** The inspector's view of a server checkpoint (`parent`: the parent checkpoint, for the diff). */
export function checkpointDetail(c: RemoteCheckpoint, parent: RemoteCheckpoint | undefined, serverUrl: string): FullDetail {
  const names = new Map(c.tasks.map((t) => [t.id as string, t.name]));
  const pendingWrites: PendingWriteDTO[] = (c.tuple.pendingWrites ?? []).map(([taskId, channel, value]) => ({
    taskId, taskName: names.get(taskId) ?? null, channel, value: toJsonSafe(value), disposition: { kind: 'not-exposed' },
  }));
  const values = isObject(c.values) ? recordToJsonSafe(c.values) : { value: toJsonSafe(c.values) };
  const parentValues = parent === undefined ? null : isObject(parent.values) ? recordToJsonSafe(parent.values) : { value: toJsonSafe(parent.values) };
  return {
    summary: checkpointSummary(c),
    values,
    parentValues,
    metadata: recordToJsonSafe(c.metadata as Record<string, unknown> | undefined),
    tasks: c.tasks.map((t) => taskToDto(t, c.ref.checkpointNs)),
    pendingWrites,
    raw: toJsonSafe({ tuple: c.tuple, tasks: c.tasks } as unknown),
    remote: { serverUrl, view: c.view, missing: c.missing.map((field) => ({ field, text: MISSING_FIELDS[field] })) },
  };
}

const kindOf = (id: string): GraphNodeDTO['kind'] => (id === '__start__' ? 'start' : id === '__end__' ? 'end' : 'node');

/** The server's drawing as the debugger draws it: subgraph nodes carry the part inside them. */
export function shapeOf(graph: DrawableGraph, depth = 4): GraphShape {
  const inner = graph.subgraphs ?? {};
  const nodes: GraphNodeDTO[] = Object.values(graph.nodes)
    // Nodes inside an expanded subgraph (`sub:inner`) are drawn within their subgraph node.
    .filter((n) => !n.id.includes(':'))
    .map((n) => {
      const sub = depth > 0 ? inner[n.id] : undefined;
      return sub ? { id: n.id, kind: 'subgraph', subgraph: shapeOf(sub, depth - 1) } : { id: n.id, kind: kindOf(n.id) };
    });
  // The xray drawing replaces a subgraph node by its inside (`sub:inner_a`, …): draw it as one node again.
  for (const [key, sub] of Object.entries(inner)) {
    if (!nodes.some((n) => n.id === key)) nodes.push({ id: key, kind: 'subgraph', ...(depth > 0 ? { subgraph: shapeOf(sub, depth - 1) } : {}) });
  }
  const top = new Set(nodes.map((n) => n.id));
  // An edge into or out of an expanded subgraph names its inner node: draw it to the subgraph node.
  const outer = (id: string) => (id.includes(':') ? id.slice(0, id.indexOf(':')) : id);
  const seen = new Set<string>();
  const edges: GraphShape['edges'] = [];
  for (const e of graph.edges) {
    const source = outer(e.source);
    const target = outer(e.target);
    if (source === target || !top.has(source) || !top.has(target)) continue;
    const key = JSON.stringify([source, target, e.conditional === true]);
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push({ source, target, conditional: e.conditional === true, ...(typeof e.data === 'string' && e.data !== e.target ? { label: e.data } : {}) });
  }
  return { nodes, edges };
}

/** An assistant's graph as a debugger graph (it runs on the server, never here). */
export function graphInfo(serverId: string, serverUrl: string, a: RemoteAssistant, drawing: DrawableGraph | null): GraphInfo {
  return {
    id: remoteGraphId(serverId, a.assistantId),
    title: `${a.name} (${a.graphId})`,
    description: `Runs on the LangGraph server ${serverUrl} (assistant ${a.assistantId}).`,
    origin: 'remote',
    shape: drawing ? shapeOf(drawing) : { nodes: [], edges: [] },
    exampleInput: {} satisfies Json,
  };
}
