/** Request handlers that read threads, history, checkpoints, runs and traces, or delete a thread. */
import type { CheckpointSummary, HistoryPage, ThreadSummary } from '../protocol/dto';
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { isTraceEvent, type TraceEvent } from '../shared/trace';
import type { GraphRef } from '../protocol/sandbox';
import { withIdleThread, type HostContext } from './context';
import { checkpointSummary } from './dto-map';
import { namespaceTree } from './namespaces';
import { importedNext, isImportedReadOnly } from './portability/index';
import { historyNext } from './sandbox/remote';
import { isTraceRecord, malformedCount } from './records';
import { runsFromRecords, type StoredThread } from './store';
import { threadStatus } from './thread-status';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Reply<T extends ToWorker['type']> = Omit<ReplyOf[T], 'id'>;

/**
 * What the sandbox loads to read a thread with the engine, when its graph is known, registered and
 * not quarantined. It answers for every namespace: as in LangGraph.js, `getState` /
 * `getStateHistory` with a subgraph's `checkpoint_ns` are delegated to the subgraph that owns it.
 */
export async function graphOf(ctx: HostContext, threadId: string): Promise<GraphRef | null> {
  if (ctx.readsWithoutSandbox) return null;
  const id = await ctx.graphIdOf(threadId);
  if (!id || !(await ctx.graphs.has(id))) return null;
  return ctx.graphs.ref(id);
}

/** The engine events among stored records; malformed records and events are skipped. */
export const engineEvents = (records: readonly unknown[]): TraceEvent[] =>
  records.flatMap((r) => (isTraceRecord(r) && r.kind === 'trace' && isTraceEvent(r.event) ? [r.event] : []));

/** Engine trace events of a thread (every run, in order), for dispositions and triggers. */
export async function threadEvents(ctx: HostContext, threadId: string): Promise<TraceEvent[]> {
  return engineEvents(await ctx.store.readTrace(threadId));
}

/** One row of the thread list. */
async function threadSummary(ctx: HostContext, t: StoredThread): Promise<ThreadSummary> {
  // Running here, or flagged running with its lock held (a run in another tab); a flag without a
  // lock is a run a closed tab left behind (recovery closes it).
  const running = ctx.runs.ofThread(t.threadId) !== undefined || (t.running && (await ctx.locks.isHeld(t.threadId)));
  const summary: ThreadSummary = {
    threadId: t.threadId,
    // The engine does not copy run metadata into checkpoints, so the graph is usually known from the runs.
    graphId: t.graphId ?? (await ctx.graphIdOf(t.threadId)),
    status: threadStatus({ running, error: t.error, interrupted: t.interrupted }),
    steps: t.steps,
    updatedAt: t.updatedAt,
    ...(t.problem ? { problem: t.problem } : {}),
    ...(t.name ? { name: t.name } : {}),
    ...(t.next ? { next: t.next } : {}),
  };
  // Only a thread whose graph is not registered can be an imported read-only one: the head is read
  // for those alone, so listing run threads costs no extra read.
  if (summary.graphId === null || !(await ctx.graphs.has(summary.graphId))) {
    const head = await ctx.store.saver.getTuple({ configurable: { thread_id: t.threadId, checkpoint_ns: '' } });
    if (head && isImportedReadOnly(head.metadata as Record<string, unknown> | undefined)) summary.readOnly = true;
  }
  return summary;
}

/** rg/threads.list */
export async function onThreadsList(ctx: HostContext): Promise<Reply<'rg/threads.list'>> {
  const stored = await ctx.store.listThreads();
  const threads: ThreadSummary[] = await Promise.all(stored.map(async (t) => {
    try {
      return await threadSummary(ctx, t);
    } catch (err) {
      // One thread whose records cannot be read says so; the others are listed as usual.
      const problem = `This thread's records could not be read: ${err instanceof Error ? err.message : String(err)}`;
      return { threadId: t.threadId, graphId: t.graphId, status: threadStatus({ running: false, error: true, interrupted: t.interrupted }), steps: t.steps, updatedAt: t.updatedAt, problem };
    }
  }));
  threads.sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
  return { type: 'rg/threads', threads };
}

/** rg/thread.delete */
export async function onThreadDelete(ctx: HostContext, m: Req<'rg/thread.delete'>): Promise<Reply<'rg/thread.delete'>> {
  await withIdleThread(ctx, m.threadId, async () => {
    await ctx.store.deleteThread(m.threadId);
    await ctx.memory.drop(m.threadId);
  });
  ctx.forgetThread(m.threadId);
  return { type: 'rg/ok' };
}

/**
 * rg/history.page: newest first. Rows come from the store's timeline rows (no value read, no
 * engine code run); only rows without a stored `next` (checkpoints saved before rows were kept,
 * subgraph checkpoints, imported ones) fall back to the engine's state history or the importer's metadata.
 */
export async function onHistoryPage(ctx: HostContext, m: Req<'rg/history.page'>): Promise<Reply<'rg/history.page'>> {
  const limit = Math.max(1, Math.min(Math.floor(m.limit), ctx.options.maxPageSize));
  const rows = await ctx.store.listRows(m.threadId, m.ns, limit + 1, m.before);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const missing = shown.filter((r) => r.next === undefined);
  // `next` is a convenience: rows are shown without it when the sandbox cannot say.
  const graph = missing.length > 0 ? await graphOf(ctx, m.threadId) : null;
  const next = graph ? await historyNext(ctx.sandbox, ctx.store.saver, graph, m.threadId, m.ns, limit + 1, m.before) : new Map<string, readonly string[]>();
  const items: CheckpointSummary[] = shown.map((r) => {
    if (r.next !== undefined) return checkpointSummary(r);
    const id = r.config.configurable?.checkpoint_id ?? '';
    // A LangGraph-imported checkpoint has no graph here: its `next` was kept in its metadata.
    return checkpointSummary(r, next.get(id) ?? importedNext(r.metadata as Record<string, unknown> | undefined) ?? []);
  });
  const page: HistoryPage = { items, nextBefore: more ? items.at(-1)!.checkpointId : null };
  return { type: 'rg/history', page };
}

/** rg/runs.list */
export async function onRunsList(ctx: HostContext, m: Req<'rg/runs.list'>): Promise<Reply<'rg/runs.list'>> {
  const records = await ctx.store.readRunRecords(m.threadId);
  const stored = runsFromRecords([...records, ...ctx.runs.unsavedOf(m.threadId).map((run) => ({ runId: run.runId, seq: Number.MAX_SAFE_INTEGER, kind: 'run' as const, run }))]);
  const runs = stored.map((r) => ({ ...r, ...ctx.runs.get(r.runId)?.summary }));
  // A malformed stored run record is skipped, and said so.
  const bad = malformedCount(records);
  return bad > 0 ? { type: 'rg/runs', runs, problem: `${bad} stored record${bad === 1 ? ' is' : 's are'} malformed and skipped.` } : { type: 'rg/runs', runs };
}

/**
 * rg/trace.get: engine trace events, paged. With `runId`, `afterSeq`/`nextSeq` are the run's record
 * sequence numbers; without it, positions in the thread's whole trace (all runs, in order).
 */
export async function onTraceGet(ctx: HostContext, m: Req<'rg/trace.get'>): Promise<Reply<'rg/trace.get'>> {
  const limit = Math.max(1, Math.min(Math.floor(m.limit ?? ctx.options.maxPageSize), ctx.options.maxPageSize));
  if (m.runId !== undefined) {
    const page = await runTracePage(ctx, m.threadId, m.runId, m.afterSeq ?? -1, limit);
    if (page) return { type: 'rg/trace', ...page };
  }
  const records = (await ctx.store.readTrace(m.threadId, m.runId)).flatMap((r) => (isTraceRecord(r) && r.kind === 'trace' ? [r] : []));
  const keyed = records.map((r, i) => ({ key: m.runId === undefined ? i : r.seq, event: r.event }));
  const after = m.afterSeq ?? -1;
  const page = keyed.filter((k) => k.key > after).slice(0, limit);
  const more = page.length === limit && keyed.some((k) => k.key > page.at(-1)!.key);
  return { type: 'rg/trace', events: page.map((k) => k.event), nextSeq: more ? page.at(-1)!.key : null };
}

/**
 * A page of one run's engine events after record `after`, read from the run's position `after`
 * on (a run's record `seq` is its position when every record was stored), or null when the
 * positions do not match the seqs (then the caller filters the whole run).
 */
async function runTracePage(ctx: HostContext, threadId: string, runId: string, after: number, limit: number): Promise<{ events: TraceEvent[]; nextSeq: number | null } | null> {
  const chunk = Math.max(64, limit * 2);
  const events: TraceEvent[] = [];
  let last = after;
  // The record at position `after` must be record `after`: that checks positions and seqs agree.
  let pos = Math.max(0, after);
  for (;;) {
    const records = await ctx.store.readRunSlice(threadId, runId, pos, chunk);
    for (const [i, r] of records.entries()) {
      if (pos + i !== r.seq) return null;
      if (r.seq <= after || r.kind !== 'trace' || !isTraceEvent(r.event)) continue;
      if (events.length === limit) return { events, nextSeq: last };
      events.push(r.event);
      last = r.seq;
    }
    if (pos === after && after >= 0 && records.length === 0) return null;
    if (records.length < chunk) return { events, nextSeq: null };
    pos += records.length;
  }
}

/** rg/namespaces.list: the subgraph namespace tree of a thread (`|` separates levels). */
export async function onNamespacesList(ctx: HostContext, m: Req<'rg/namespaces.list'>): Promise<Reply<'rg/namespaces.list'>> {
  return { type: 'rg/namespaces', root: namespaceTree(await ctx.store.countNamespaces(m.threadId)) };
}
