/** Request handlers that start, continue, fork or cancel runs. */
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { hostError, type HostContext } from './context';
import { isImportedReadOnly } from './portability/index';
import { startRun, type RunPlan } from './run-driver';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Started = Omit<ReplyOf['rg/run.start'], 'id'>;

const started = (s: { runId: string; threadId: string }): Started => ({ type: 'rg/run.started', runId: s.runId, threadId: s.threadId });

/** Throws READ_ONLY for a thread imported read-only (a LangGraph history): it can be read, not run. */
export async function refuseReadOnly(ctx: HostContext, threadId: string): Promise<void> {
  const head = await ctx.store.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: '' } });
  if (head && isImportedReadOnly(head.metadata as Record<string, unknown> | undefined)) {
    throw hostError('READ_ONLY', `Thread "${threadId}", imported from a LangGraph history,`);
  }
}

/** The graph of an existing thread, or NOT_FOUND (READ_ONLY for an imported read-only thread). */
async function threadGraph(ctx: HostContext, threadId: string): Promise<string> {
  await refuseReadOnly(ctx, threadId);
  const graphId = await ctx.graphIdOf(threadId);
  if (!graphId) throw hostError('NOT_FOUND', `run of thread "${threadId}"`, 'start one with a graph first');
  return graphId;
}

/** The head checkpoint id of a thread (null for a new thread). */
async function headId(ctx: HostContext, threadId: string): Promise<string | null> {
  const tuple = await ctx.store.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: '' } });
  return tuple?.checkpoint.id ?? null;
}

/** Throws NOT_FOUND unless the checkpoint exists. */
async function requireCheckpoint(ctx: HostContext, threadId: string, ns: string, checkpointId: string): Promise<void> {
  const tuple = await ctx.store.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } });
  if (!tuple) throw hostError('NOT_FOUND', `checkpoint "${checkpointId}" in namespace "${ns}" of thread "${threadId}"`);
}

async function run(ctx: HostContext, plan: RunPlan): Promise<Started> {
  return started(await startRun(ctx, plan));
}

/** rg/run.start */
export async function onRunStart(ctx: HostContext, m: Req<'rg/run.start'>): Promise<Started> {
  if (!(await ctx.graphs.has(m.graphId))) throw hostError('NOT_FOUND', `graph "${m.graphId}"`);
  await refuseReadOnly(ctx, m.threadId);
  const known = await ctx.graphIdOf(m.threadId);
  if (known && known !== m.graphId) {
    throw hostError('BAD_REQUEST', `Thread "${m.threadId}" belongs to graph "${known}"; start "${m.graphId}" on a new thread.`);
  }
  return run(ctx, { threadId: m.threadId, graphId: m.graphId, kind: 'run', input: { kind: 'value', value: m.input }, controls: m.controls, fromCheckpointId: await headId(ctx, m.threadId) });
}

/** rg/run.resume */
export async function onRunResume(ctx: HostContext, m: Req<'rg/run.resume'>): Promise<Started> {
  const graphId = await threadGraph(ctx, m.threadId);
  const input = { kind: 'resume', resume: m.resume } as const;
  if (m.checkpointId === undefined) return run(ctx, { threadId: m.threadId, graphId, kind: 'resume', input, controls: m.controls, fromCheckpointId: await headId(ctx, m.threadId) });
  // Addressed to the checkpoint the user sees: its pending interrupts get the answer, never the head's.
  await requireCheckpoint(ctx, m.threadId, '', m.checkpointId);
  return run(ctx, {
    threadId: m.threadId, graphId, kind: 'resume', input, controls: m.controls, fromCheckpointId: m.checkpointId,
    at: { checkpoint_ns: '', checkpoint_id: m.checkpointId },
  });
}

/** rg/run.continue */
export async function onRunContinue(ctx: HostContext, m: Req<'rg/run.continue'>): Promise<Started> {
  const graphId = await threadGraph(ctx, m.threadId);
  return run(ctx, { threadId: m.threadId, graphId, kind: 'continue', input: { kind: 'none' }, controls: m.controls, fromCheckpointId: await headId(ctx, m.threadId) });
}

/** rg/run.replay */
export async function onRunReplay(ctx: HostContext, m: Req<'rg/run.replay'>): Promise<Started> {
  const graphId = await threadGraph(ctx, m.threadId);
  await requireCheckpoint(ctx, m.threadId, m.ns, m.checkpointId);
  return run(ctx, {
    threadId: m.threadId, graphId, kind: 'replay', input: { kind: 'none' }, controls: m.controls, fromCheckpointId: m.checkpointId,
    at: { checkpoint_ns: m.ns, checkpoint_id: m.checkpointId },
  });
}

/** rg/run.fork: updateState on the chosen checkpoint, then (optionally) run from the new one. */
export async function onRunFork(ctx: HostContext, m: Req<'rg/run.fork'>): Promise<Started> {
  const graphId = await threadGraph(ctx, m.threadId);
  await requireCheckpoint(ctx, m.threadId, m.ns, m.checkpointId);
  return run(ctx, {
    threadId: m.threadId, graphId, kind: 'fork', input: { kind: 'none' }, controls: m.controls, fromCheckpointId: m.checkpointId,
    fork: { ns: m.ns, checkpointId: m.checkpointId, values: m.values, run: m.run, ...(m.asNode !== undefined ? { asNode: m.asNode } : {}) },
  });
}

/**
 * rg/run.cancel: cooperative, at the next step boundary; a run that does not stop within the grace
 * period has its sandbox stopped. Either way it reports `cancelled` when it stops.
 */
export async function onRunCancel(ctx: HostContext, m: Req<'rg/run.cancel'>): Promise<Omit<ReplyOf['rg/run.cancel'], 'id'>> {
  if (!ctx.runs.cancel(m.runId) && !ctx.runs.hasEnded(m.runId)) {
    throw hostError('NOT_FOUND', `run "${m.runId}" going on in this worker`);
  }
  return { type: 'rg/ok' };
}
