/** Request handlers for user graphs: compile (register), save (register and store), delete. */
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { HostError, type HostContext } from './context';
import { compileUserModule } from './user-graphs';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Compiled = Omit<ReplyOf['rg/graph.compile'], 'id'>;

/** A built-in graph's id can never be taken by user code. */
function requireUserSlot(ctx: HostContext, graphId: string): void {
  const existing = ctx.graphs.module(graphId);
  if (existing && existing.origin !== 'user') throw new HostError('BAD_REQUEST', `"${graphId}" is a built-in graph and cannot be replaced.`);
}

async function compileAndRegister(ctx: HostContext, graphId: string, source: string, title?: string): Promise<Compiled & { ok: boolean }> {
  requireUserSlot(ctx, graphId);
  const r = compileUserModule(graphId, source, title);
  if (!r.ok) return { type: 'rg/graph.compiled', graph: null, error: r.error, saved: false, ok: false };
  ctx.graphs.register(r.module);
  return { type: 'rg/graph.compiled', graph: (await ctx.graphs.info(graphId)) ?? null, error: null, saved: false, ok: true };
}

/** rg/graph.compile: compiles and registers (replacing the previous version); nothing is stored. */
export async function onGraphCompile(ctx: HostContext, m: Req<'rg/graph.compile'>): Promise<Compiled> {
  const { ok: _ok, ...reply } = await compileAndRegister(ctx, m.graphId, m.source);
  return reply;
}

/** rg/graph.save: compiles, registers and stores the source; a source that does not compile is not stored. */
export async function onGraphSave(ctx: HostContext, m: Req<'rg/graph.save'>): Promise<Compiled> {
  const { ok, ...reply } = await compileAndRegister(ctx, m.graphId, m.source, m.title);
  if (!ok || !reply.graph) return reply;
  await ctx.store.putUserGraph({ id: m.graphId, title: reply.graph.title, source: m.source });
  return { ...reply, saved: true };
}

/** rg/graph.delete: forgets a user graph (its threads keep their checkpoints and stay readable). */
export async function onGraphDelete(ctx: HostContext, m: Req<'rg/graph.delete'>): Promise<Omit<ReplyOf['rg/graph.delete'], 'id'>> {
  requireUserSlot(ctx, m.graphId);
  const busy = ctx.runs.active().some((r) => r.summary.graphId === m.graphId);
  if (busy) throw new HostError('THREAD_BUSY', `Graph "${m.graphId}" has a run going on; cancel it before deleting the graph.`);
  await ctx.store.deleteUserGraph(m.graphId);
  ctx.graphs.unregister(m.graphId);
  return { type: 'rg/ok' };
}
