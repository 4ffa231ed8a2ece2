/**
 * Request handlers for user graphs: compile (register), save (register and store), cancel a
 * compile, delete. Compiling runs the graph's module in a fresh sandbox worker of its own, within
 * the load limit; nothing of it runs here.
 */
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { ERROR_CODES } from '../shared/errors';
import { HostError, type HostContext } from './context';
import { SandboxError } from './sandbox/worker-handle';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Compiled = Omit<ReplyOf['rg/graph.compile'], 'id'>;

/**
 * Compiles and registers; a compile error is a reply, a timeout or a cancel an error. Only a save
 * `approves` an imported graph's code: a Check of one not approved is GRAPH_NOT_APPROVED.
 */
async function compileAndRegister(ctx: HostContext, graphId: string, source: string, options: { approves: boolean; title?: string }): Promise<Compiled> {
  try {
    const r = await ctx.graphs.compile(graphId, source, options);
    return { type: 'rg/graph.compiled', graph: r.info, error: r.error, saved: false };
  } catch (err) {
    if (err instanceof SandboxError) throw new HostError(err.wire.code, err.wire.message);
    throw err;
  }
}

/**
 * rg/graph.compile (Check): compiles and registers (replacing the previous version); nothing is
 * stored. Refused with GRAPH_NOT_APPROVED for an imported graph not approved yet.
 */
export function onGraphCompile(ctx: HostContext, m: Req<'rg/graph.compile'>): Promise<Compiled> {
  return compileAndRegister(ctx, m.graphId, m.source, { approves: false });
}

/**
 * rg/graph.save: compiles, registers and stores the source; a source that does not compile is not
 * stored. Saving an imported graph not approved yet is approving it (the editor says so on its button).
 */
export async function onGraphSave(ctx: HostContext, m: Req<'rg/graph.save'>): Promise<Compiled> {
  const reply = await compileAndRegister(ctx, m.graphId, m.source, { approves: true, ...(m.title !== undefined ? { title: m.title } : {}) });
  if (!reply.graph) return reply;
  const graph = (await ctx.graphs.save(m.graphId)) ?? reply.graph;
  return { ...reply, graph, saved: true };
}

/** rg/graph.cancelCompile: stops a compile going on (it answers COMPILE_CANCELLED). */
export async function onGraphCancelCompile(ctx: HostContext, m: Req<'rg/graph.cancelCompile'>): Promise<Omit<ReplyOf['rg/graph.cancelCompile'], 'id'>> {
  ctx.graphs.cancelCompile(m.graphId, { code: 'COMPILE_CANCELLED', name: 'CompileCancelled', message: ERROR_CODES.COMPILE_CANCELLED(m.graphId) });
  return { type: 'rg/ok' };
}

/** rg/graph.delete: forgets a user graph (its threads keep their checkpoints and stay readable). */
export async function onGraphDelete(ctx: HostContext, m: Req<'rg/graph.delete'>): Promise<Omit<ReplyOf['rg/graph.delete'], 'id'>> {
  const busy = ctx.runs.active().some((r) => r.summary.graphId === m.graphId);
  if (busy) throw new HostError('THREAD_BUSY', `Graph "${m.graphId}" has a run going on; cancel it before deleting the graph.`, { where: 'this-tab' });
  await ctx.graphs.remove(m.graphId);
  return { type: 'rg/ok' };
}
