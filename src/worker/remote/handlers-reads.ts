/**
 * The debugger's read requests for a server thread (its `threadId` is a thread key): history pages
 * (`before` / `limit`, one server page per request, never the whole history), a checkpoint's detail
 * with subgraph states, its slices and diff (from the same cache as local details), namespaces,
 * runs. A server sends no engine trace, so a server run's trace is empty.
 */
import type { RemoteRunStatus } from '../../remote';
import type { NamespaceNode, RunOutcome, RunSummary } from '../../protocol/dto';
import type { ReplyOf, ToWorker } from '../../protocol/messages';
import { remoteGraphId } from '../../protocol/remote';
import type { HostContext } from '../context';
import { detailKey } from '../detail-cache';
import { boundedDetail, onCheckpointDiff, onCheckpointSlice } from '../handlers-detail';
import { namespaceTree } from '../namespaces';
import type { RemoteHub } from './hub';
import { checkpointDetail, checkpointSummary } from './map';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Reply<T extends ToWorker['type']> = Omit<ReplyOf[T], 'id'>;

/** The largest history page asked of a server in one request (bigger asks are cut to it). */
export const REMOTE_HISTORY_PAGE = 100;
/** Runs listed for a server thread (its newest). */
export const REMOTE_RUNS_LISTED = 20;

/** Namespaces seen per thread key (from history pages and streamed events): a server lists none. */
export class SeenNamespaces {
  private readonly byThread = new Map<string, Map<string, number>>();

  add(key: string, ns: string, checkpoints = 0): void {
    let counts = this.byThread.get(key);
    if (!counts) this.byThread.set(key, (counts = new Map([['', 0]])));
    counts.set(ns, Math.max(counts.get(ns) ?? 0, checkpoints));
  }

  tree(key: string): NamespaceNode {
    // A server says nothing of when a namespace ran: siblings keep the order they were seen in.
    const seen = [...(this.byThread.get(key) ?? new Map([['', 0]]))];
    return namespaceTree(new Map(seen.map(([ns, checkpoints], i) => [ns, { checkpoints, latest: String(i).padStart(8, '0') }])));
  }
}

/** rg/history.page */
export async function onHistoryPage(hub: RemoteHub, seen: SeenNamespaces, m: Req<'rg/history.page'>): Promise<Reply<'rg/history.page'>> {
  const ref = await hub.thread(m.threadId);
  const page = await hub.call(undefined, (o) =>
    ref.client.history.page(ref.threadId, { limit: Math.min(m.limit, REMOTE_HISTORY_PAGE), ...(m.before ? { before: m.before } : {}), checkpointNs: m.ns }, o));
  seen.add(ref.key, m.ns, page.items.length);
  for (const ns of page.namespaces) seen.add(ref.key, ns);
  return { type: 'rg/history', page: { items: page.items.map(checkpointSummary), nextBefore: page.nextBefore ?? null } };
}

/** The full detail of a server checkpoint (with its subgraphs' states), cached like a local one. */
async function fullDetail(ctx: HostContext, hub: RemoteHub, seen: SeenNamespaces, m: { threadId: string; ns: string; checkpointId: string }, cached: boolean) {
  const key = detailKey(m.threadId, m.ns, m.checkpointId);
  const hit = cached ? ctx.details.get(key) : undefined;
  if (hit) return hit.detail;
  const ref = await hub.thread(m.threadId);
  const cp = await hub.call(undefined, (o) => ref.client.history.checkpoint(ref.threadId, { checkpointId: m.checkpointId, checkpointNs: m.ns, subgraphs: true }, o));
  const parentId = cp.parent?.checkpointId;
  const parent = parentId
    ? await hub.call(undefined, (o) => ref.client.history.checkpoint(ref.threadId, { checkpointId: parentId, checkpointNs: m.ns }, o)).catch(() => undefined)
    : undefined;
  for (const t of cp.tasks) if (t.subgraph) seen.add(ref.key, t.subgraph.checkpointNs);
  const detail = checkpointDetail(cp, parent, ref.server.url);
  ctx.details.set(key, { detail });
  return detail;
}

/** rg/checkpoint.get */
export async function onCheckpointGet(ctx: HostContext, hub: RemoteHub, seen: SeenNamespaces, m: Req<'rg/checkpoint.get'>): Promise<Reply<'rg/checkpoint.get'>> {
  return { type: 'rg/checkpoint', detail: boundedDetail(await fullDetail(ctx, hub, seen, m, false)) };
}

/** rg/checkpoint.slice: from the cached detail (read again from the server when it fell out). */
export async function onSlice(ctx: HostContext, hub: RemoteHub, seen: SeenNamespaces, m: Req<'rg/checkpoint.slice'>): Promise<Reply<'rg/checkpoint.slice'>> {
  await fullDetail(ctx, hub, seen, m, true);
  return onCheckpointSlice(ctx, m);
}

/** rg/checkpoint.diff: against the parent the detail was read with. */
export async function onDiff(ctx: HostContext, hub: RemoteHub, seen: SeenNamespaces, m: Req<'rg/checkpoint.diff'>): Promise<Reply<'rg/checkpoint.diff'>> {
  await fullDetail(ctx, hub, seen, m, true);
  return onCheckpointDiff(ctx, m);
}

/** rg/namespaces.list: the namespaces this worker has seen named for the thread. */
export function onNamespacesList(seen: SeenNamespaces, m: Req<'rg/namespaces.list'>): Reply<'rg/namespaces.list'> {
  return { type: 'rg/namespaces', root: seen.tree(m.threadId) };
}

const OUTCOME: Record<RemoteRunStatus, RunOutcome> = {
  pending: 'running', running: 'running', success: 'done', error: 'error', timeout: 'error', interrupted: 'cancelled',
};

/** rg/runs.list: the thread's runs on the server (a page of them), oldest first (as local runs are listed). */
export async function onRunsList(hub: RemoteHub, m: Req<'rg/runs.list'>): Promise<Reply<'rg/runs.list'>> {
  const ref = await hub.thread(m.threadId);
  const page = await hub.call(undefined, (o) => ref.client.runs.list(ref.threadId, { limit: REMOTE_RUNS_LISTED }, o));
  const runs: RunSummary[] = page.items.map((r) => ({
    runId: r.runId,
    threadId: ref.key,
    kind: 'run',
    fromCheckpointId: null,
    startedAt: r.createdAt,
    endedAt: r.status === 'running' || r.status === 'pending' ? null : r.updatedAt,
    outcome: OUTCOME[r.status],
    error: null,
    graphId: remoteGraphId(ref.serverId, r.assistantId),
  }));
  // Servers differ in the order they list runs in: sorted by start, as local runs are.
  runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId));
  return { type: 'rg/runs', runs };
}
