/**
 * Request handlers for thread files: export one thread as a JSON file, preview an import, import.
 * A refused import is a reply with the problem (JSON path included), never a partial write.
 */
import type { ImportProblemDTO } from '../protocol/dto';
import { USER_GRAPH_ID } from '../protocol/guards';
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { HostError, type HostContext } from './context';
import { exportForHost, importForHost, previewImport, type PortabilityError } from './portability/index';
import { compileUserModule } from './user-graphs';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Reply<T extends ToWorker['type']> = Omit<ReplyOf[T], 'id'>;

const problemOf = (e: PortabilityError): ImportProblemDTO => ({
  code: e.code, message: e.message, path: e.path, issues: e.issues.slice(0, 20).map((i) => ({ path: i.path, message: i.message })),
});

/** True when the thread has any stored checkpoint or record. */
async function threadExists(ctx: HostContext, threadId: string): Promise<boolean> {
  const tuple = await ctx.store.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: '' } });
  if (tuple) return true;
  return (await ctx.store.listThreads()).some((t) => t.threadId === threadId);
}

/** rg/thread.export */
export async function onThreadExport(ctx: HostContext, m: Req<'rg/thread.export'>): Promise<Reply<'rg/thread.export'>> {
  if (ctx.runs.ofThread(m.threadId)) throw new HostError('THREAD_BUSY', `Thread "${m.threadId}" has a run going on; export it once the run ended.`);
  const graphId = await ctx.graphIdOf(m.threadId);
  const source = graphId ? ctx.graphs.module(graphId)?.source ?? null : null;
  const r = await exportForHost(ctx.store, m.threadId, { graphId, graphSource: source });
  if (!r.ok) throw new HostError(r.error.code === 'not-found' ? 'NOT_FOUND' : 'EXPORT_FAILED', r.error.message);
  return { type: 'rg/thread.exported', fileName: r.fileName, text: r.text, checkpoints: r.checkpoints };
}

/** rg/thread.importPreview: the whole file is checked; nothing is written. */
export async function onImportPreview(ctx: HostContext, m: Req<'rg/thread.importPreview'>): Promise<Reply<'rg/thread.importPreview'>> {
  const r = previewImport(m.text);
  if (!r.ok) return { type: 'rg/thread.preview', preview: null, problem: problemOf(r.error) };
  const p = r.preview;
  return {
    type: 'rg/thread.preview',
    problem: null,
    preview: {
      format: p.format, threadId: p.threadId, graphId: p.graphId, hasSource: p.hasSource, checkpoints: p.checkpoints,
      namespaces: p.namespaces, runs: p.runs, readOnly: p.readOnly, threadExists: await threadExists(ctx, p.threadId),
    },
  };
}

/** The id a file's graph source is registered under: its own id when that is a user id, else `user:<id>`. */
function userIdFor(graphId: string | null): string {
  if (graphId && USER_GRAPH_ID.test(graphId)) return graphId;
  const base = (graphId ?? 'imported').replace(/[^\w.-]+/g, '-').slice(0, 50) || 'imported';
  return `user:${base}`;
}

/**
 * rg/thread.import: writes the thread exactly as the file has it. When the file carries its graph's
 * source and that graph is unknown here, the source is registered (and saved) as a user graph, so
 * the thread can be run further.
 */
export async function onThreadImport(ctx: HostContext, m: Req<'rg/thread.import'>): Promise<Reply<'rg/thread.import'>> {
  if (m.threadId !== undefined && ctx.runs.ofThread(m.threadId)) throw new HostError('THREAD_BUSY', `Thread "${m.threadId}" has a run going on.`);
  const r = await importForHost(ctx.store, m.text, m.threadId !== undefined ? { threadId: m.threadId } : {});
  if (!r.ok) return { type: 'rg/thread.imported', thread: null, problem: problemOf(r.error) };
  const s = r.summary;
  let graphId = s.graphId;
  let registeredGraphId: string | null = null;
  if (!s.readOnly && s.graphSource && (graphId === null || !ctx.graphs.has(graphId))) {
    const id = userIdFor(graphId);
    const compiled = !ctx.graphs.has(id) ? compileUserModule(id, s.graphSource) : null;
    if (compiled?.ok) {
      ctx.graphs.register(compiled.module);
      await ctx.store.putUserGraph({ id, title: compiled.module.title, source: s.graphSource }).catch(() => undefined);
      registeredGraphId = id;
    }
    if (compiled === null || compiled.ok) graphId = id;
  }
  if (graphId && ctx.graphs.has(graphId) && !s.readOnly) {
    ctx.rememberGraph(s.threadId, graphId);
    await ctx.store.setThreadRunning(s.threadId, false, graphId);
  }
  return {
    type: 'rg/thread.imported',
    problem: null,
    thread: { threadId: s.threadId, format: r.format ?? 'replaygraph', graphId, checkpoints: s.checkpoints, readOnly: s.readOnly, registeredGraphId },
  };
}
