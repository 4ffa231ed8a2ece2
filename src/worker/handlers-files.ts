/**
 * Request handlers for thread files: export one thread as a JSON file, preview an import, import.
 * A refused import is a reply with the problem (JSON path included), never a partial write.
 */
import type { ImportProblemDTO } from '../protocol/dto';
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { HostError, threadBusy, type HostContext } from './context';
import { exportForHost, importedGraphId, importForHost, previewImport, type PortabilityError } from './portability/index';
import { SandboxError } from './sandbox/worker-handle';

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
  if (ctx.runs.ofThread(m.threadId)) throw threadBusy(m.threadId, 'this-tab');
  const graphId = await ctx.graphIdOf(m.threadId);
  const source = graphId ? (ctx.graphs.user(graphId)?.source ?? (await ctx.graphs.info(graphId).catch(() => undefined))?.source ?? null) : null;
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
      format: p.format, threadId: p.threadId, graphId: p.graphId, hasSource: p.hasSource, graphSource: p.graphSource,
      sourceWouldRun: p.graphSource !== null && !p.readOnly && (p.graphId === null || !(await ctx.graphs.has(p.graphId))),
      checkpoints: p.checkpoints, namespaces: p.namespaces, runs: p.runs, readOnly: p.readOnly, threadExists: await threadExists(ctx, p.threadId),
    },
  };
}

/**
 * rg/thread.import: writes the thread exactly as the file has it. When the file carries its graph's
 * source and that graph is unknown here, the source is kept as a user graph: registered (compiled
 * in its own sandbox, within the load limit) only when the user agreed to run it (`trustSource`),
 * else quarantined until they approve it in the editor. Code from a file never runs unasked.
 */
export async function onThreadImport(ctx: HostContext, m: Req<'rg/thread.import'>): Promise<Reply<'rg/thread.import'>> {
  if (m.threadId !== undefined && ctx.runs.ofThread(m.threadId)) throw threadBusy(m.threadId, 'this-tab');
  const r = await importForHost(ctx.store, m.text, m.threadId !== undefined ? { threadId: m.threadId } : {});
  if (!r.ok) return { type: 'rg/thread.imported', thread: null, problem: problemOf(r.error) };
  const s = r.summary;
  let graphId = s.graphId;
  let registeredGraphId: string | null = null;
  let quarantinedGraphId: string | null = null;
  // A file's code joins a graph of this browser only when that graph is known and trusted: an
  // imported graph not approved yet is another file's code, so the id is chosen as for a new one
  // (the same code again reuses it and says it is still waiting for approval).
  if (!s.readOnly && s.graphSource && (graphId === null || !(await ctx.graphs.has(graphId)) || ctx.graphs.unapproved(graphId))) {
    const known = async (id: string) => ((await ctx.graphs.has(id)) ? { source: ctx.graphs.user(id)?.source ?? null } : undefined);
    const { id, existing } = await importedGraphId(graphId, s.graphSource, known);
    graphId = id;
    if (existing && ctx.graphs.user(id)?.quarantine) quarantinedGraphId = id;
    if (!existing) {
      const failure = m.trustSource ? await registerTrusted(ctx, id, s.graphSource) : 'not approved';
      if (failure === null) registeredGraphId = id;
      else {
        await ctx.graphs.addQuarantined(id, s.graphSource, m.trustSource ? failure : null).catch(() => undefined);
        quarantinedGraphId = id;
      }
    }
  }
  if (graphId && !s.readOnly && (await ctx.graphs.has(graphId))) {
    ctx.rememberGraph(s.threadId, graphId);
    await ctx.store.setThreadRunning(s.threadId, false, graphId);
  }
  return {
    type: 'rg/thread.imported',
    problem: null,
    thread: { threadId: s.threadId, format: r.format ?? 'replaygraph', graphId, checkpoints: s.checkpoints, readOnly: s.readOnly, registeredGraphId, quarantinedGraphId },
  };
}

/** Compiles and saves a source the user agreed to run; null when it did, else why not. */
async function registerTrusted(ctx: HostContext, id: string, source: string): Promise<string | null> {
  try {
    const compiled = await ctx.graphs.compile(id, source, { approves: true });
    if (!compiled.info) return `It did not compile: ${compiled.error.message}`;
    await ctx.graphs.save(id);
    return null;
  } catch (err) {
    if (err instanceof SandboxError) return err.wire.message;
    throw err;
  }
}
