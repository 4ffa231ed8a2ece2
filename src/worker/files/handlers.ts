/**
 * The host's side of opened checkpoint files: `rg/files.*` requests, and the routing that lets
 * every read request answer for a file's threads with the usual read handlers (over the file's
 * own ThreadStore) while every request that would write or run one is refused with READ_ONLY.
 */
import { v7 as uuidv7 } from 'uuid';
import type { CheckpointSource, FileLike } from '../../formats/index';
import type { ThreadSummary } from '../../protocol/dto';
import type { FilesRequest } from '../../protocol/files';
import type { FromWorker, ToWorker } from '../../protocol/messages';
import { hostError, type HostContext } from '../context';
import { startRun } from '../run-driver';
import { forkIntoNative, runtimeValues, type StoredValueOf } from './continue-here';
import { readOnlyFile } from './file-store';
import { observedShape } from './observed';
import { followServed, type FollowServer } from './follow';
import { OpenedFiles, type FollowOpener } from './registry';

type ReplyBody = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'id'> : never) : never;
type FilesMsg = Extract<ToWorker, FilesRequest>;

const FILE_TYPES: ReadonlySet<string> = new Set<FilesRequest['type']>(['rg/files.open', 'rg/files.list', 'rg/files.threads', 'rg/files.count', 'rg/files.close', 'rg/files.continue', 'rg/files.graph', 'rg/files.attach', 'rg/files.follow', 'rg/files.unfollow']);

/** True for the requests of this part. */
export function isFilesRequest(msg: ToWorker): msg is FilesMsg {
  return FILE_TYPES.has(msg.type);
}

/** Requests that only read a thread: answered from the file with the usual handlers. */
const READS: ReadonlySet<string> = new Set<ToWorker['type']>([
  'rg/history.page', 'rg/checkpoint.get', 'rg/checkpoint.slice', 'rg/checkpoint.diff', 'rg/runs.list', 'rg/trace.get', 'rg/namespaces.list', 'rg/thread.export',
]);

const WHY: Partial<Record<ToWorker['type'], string>> = {
  'rg/thread.delete': 'Close the file to stop listing its threads; the file itself is never changed.',
  'rg/thread.import': 'Import into a new thread id.',
  'rg/thread.rename': 'Its threads keep the ids the file gives them.',
};
const RUN_WHY = 'Its threads can be read, not run: use "Continue here" to fork one into a native thread and run it.';

/**
 * The context a request about a file's thread is handled in (its store in place of IndexedDB, no
 * graph), or null when the request is not about one. Throws READ_ONLY for a request that would
 * write or run a file's thread, and NOT_FOUND when that file is no longer open.
 */
export function fileContext(ctx: HostContext, files: OpenedFiles, msg: ToWorker): HostContext | null {
  const threadId = (msg as { threadId?: unknown }).threadId;
  if (typeof threadId !== 'string' || !OpenedFiles.isFileThread(threadId)) return null;
  const file = files.fileOf(threadId);
  if (!file) throw hostError('NOT_FOUND', `open file holding thread "${threadId}"`, 'files are closed when the page reloads; open the file again');
  if (!READS.has(msg.type)) throw readOnlyFile(file.name, WHY[msg.type] ?? RUN_WHY);
  files.touch(threadId);
  // The attached graph is the thread's graph (Continue here, export), but its reads never start a sandbox.
  return { ...ctx, store: file.store, graphIdOf: async (id) => files.attachedGraph(id), rememberGraph: () => undefined, forgetThread: () => undefined, readsWithoutSandbox: true };
}

/** The thread list with every open file's threads after the native ones. */
export function withFileThreads(threads: ThreadSummary[], files: OpenedFiles): ThreadSummary[] {
  return [...threads, ...files.summaries()];
}

/** A File as the formats layer reads it; a Blob that lost its name on the way is named by its place. */
function named(file: Blob, i: number): FileLike {
  const name = (file as Partial<File>).name;
  return typeof name === 'string' ? (file as File) : { name: `file ${i + 1}`, size: file.size, slice: (start?: number, end?: number) => file.slice(start, end) };
}

let stored: Promise<StoredValueOf> | null = null;

/** How the host follows files its server serves (`rg/files.follow`). */
export interface FollowDeps {
  server: FollowServer;
  open: FollowOpener;
}

/** Handles `rg/files.*`. */
export async function onFilesRequest(ctx: HostContext, files: OpenedFiles, msg: FilesMsg, follow?: FollowDeps): Promise<ReplyBody> {
  switch (msg.type) {
    case 'rg/files.open': {
      const r = await files.open(msg.files.map(named));
      return { type: 'rg/files.opened', ...r };
    }
    case 'rg/files.list':
      return { type: 'rg/files', files: files.list() };
    case 'rg/files.threads': {
      const page = await files.threadPage(msg.fileId, msg.offset, msg.limit);
      return { type: 'rg/files.threadPage', fileId: msg.fileId, offset: msg.offset, ...page };
    }
    case 'rg/files.count':
      return { type: 'rg/files.counted', fileId: msg.fileId, total: await files.count(msg.fileId) };
    case 'rg/files.close':
      for (const threadId of files.close(msg.fileId)) ctx.details.dropThread(threadId);
      return { type: 'rg/ok' };
    case 'rg/files.continue':
      return continueHere(ctx, files, msg);
    case 'rg/files.graph': {
      const file = files.fileOf(msg.threadId);
      if (!file) throw hostError('NOT_FOUND', `open file holding thread "${msg.threadId}"`, 'files are closed when the page reloads; open the file again');
      const attachedGraphId = files.attachedGraph(msg.threadId) ?? (await matchGraph(ctx, files, msg.threadId, file.source, file.originalId));
      return { type: 'rg/files.observed', threadId: msg.threadId, shape: await observedShape(file.source, file.originalId), attachedGraphId };
    }
    case 'rg/files.attach': {
      if (!files.fileOf(msg.threadId)) throw hostError('NOT_FOUND', `open file holding thread "${msg.threadId}"`, 'files are closed when the page reloads; open the file again');
      const info = msg.graphId === null ? undefined : await ctx.graphs.info(msg.graphId);
      if (msg.graphId !== null && !info) throw hostError('NOT_FOUND', `graph "${msg.graphId}"`);
      files.attach(msg.threadId, info ? { graphId: info.id, shape: info.shape } : null);
      // Details read before were computed without (or with another) graph.
      ctx.details.dropThread(msg.threadId);
      return { type: 'rg/ok' };
    }
    case 'rg/files.follow':
      return { type: 'rg/files.opened', ...(follow ? await followServed(ctx, files, follow) : { file: null, problem: null }) };
    case 'rg/files.unfollow':
      files.unfollow(msg.fileId);
      return { type: 'rg/ok' };
  }
}

/**
 * Attaches the graph the thread's own metadata names (`graph_id`, as LangGraph servers record it,
 * else `assistant_id`), when the app has a graph of that id (a gallery graph, or a saved one as
 * `user:<id>`); returns its id, or null.
 */
async function matchGraph(ctx: HostContext, files: OpenedFiles, threadId: string, source: CheckpointSource, originalId: string): Promise<string | null> {
  const head = await source.getCheckpoint(originalId, '').catch(() => undefined);
  const meta = (head?.tuple.metadata ?? {}) as Record<string, unknown>;
  for (const key of ['graph_id', 'assistant_id']) {
    const named = meta[key];
    if (typeof named !== 'string' || named === '') continue;
    for (const id of [named, `user:${named}`]) {
      const info = await ctx.graphs.info(id).catch(() => undefined);
      if (!info || info.quarantine) continue;
      files.attach(threadId, { graphId: info.id, shape: info.shape });
      ctx.details.dropThread(threadId);
      return info.id;
    }
  }
  return null;
}

async function continueHere(ctx: HostContext, files: OpenedFiles, m: Extract<FilesMsg, { type: 'rg/files.continue' }>): Promise<ReplyBody> {
  const file = files.fileOf(m.threadId);
  if (!file) throw hostError('NOT_FOUND', `open file holding thread "${m.threadId}"`);
  if ((await files.describe(m.threadId))?.language === 'python') {
    throw hostError('READ_ONLY', `Thread "${file.originalId}", written by a Python graph that cannot run here,`);
  }
  if (!(await ctx.graphs.has(m.graphId))) throw hostError('NOT_FOUND', `graph "${m.graphId}"`, "write the thread's graph in the editor and compile it first");
  // Before the fork is written: a refused run must not leave a new thread behind.
  ctx.graphs.assertApproved(m.graphId);
  const threadId = uuidv7();
  stored ??= runtimeValues().catch((err: unknown) => {
    stored = null;
    throw err;
  });
  const checkpoints = await forkIntoNative({
    source: file.source, originalId: file.originalId, checkpointId: m.checkpointId, targetThreadId: threadId, saver: ctx.store.saver,
    storedValue: await stored, origin: { file: file.name, thread_id: file.originalId, checkpoint_id: m.checkpointId },
  });
  ctx.rememberGraph(threadId, m.graphId);
  await ctx.store.setThreadRunning(threadId, false, m.graphId);
  const run = await startRun(ctx, { threadId, graphId: m.graphId, kind: 'continue', input: { kind: 'none' }, fromCheckpointId: m.checkpointId });
  return { type: 'rg/files.continued', threadId, runId: run.runId, checkpoints };
}
