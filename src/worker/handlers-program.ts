/**
 * Program runs (`rg/program.run`): a program from the editor runs in a sandbox worker of its own,
 * taken from the pool and stopped when the program ends, is cancelled, or passes its time limit
 * (`programMs`). Its console lines are streamed to the page. Each graph call it makes asks, on the
 * worker's main port, for a session (ProgramHost): this side creates or finds the thread of that
 * (graph, thread id) of this program run, registers the graph's code (the program, program-graph.ts),
 * and starts a run on the thread whose session goes to the program's worker (run-driver's
 * `attach`), so it is stored, validated and listed as any run; a `getState` gets a read-only
 * session. Graph code never holds a port: the sandbox takes it out of the message at once.
 */
import type { ConsoleLineDTO, ProgramCall, ProgramEndDTO, ProgramThreadDTO, WireError } from '../protocol/dto';
import type { PortLike } from '../protocol/endpoint';
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { createBatcher } from '../protocol/batcher';
import { hostError, type HostContext } from './context';
import { startRun } from './run-driver';
import { serveSession, type Session } from './sandbox/session';
import { SandboxError, type SandboxWorker } from './sandbox/worker-handle';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;

/** Distinct threads one program run may make. */
const MAX_THREADS = 64;
/** Graph calls one program run may make. */
const MAX_CALLS = 2_000;

/** The header line of a program graph's stored source (src/sandbox/program-graph.ts). */
const header = (graph: string) => `// replaygraph program graph: ${graph}`;
const idPart = (s: string, max: number) => s.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, max) || 'x';

/** A short hash of a program's source: its graphs' ids differ when its code does, so earlier threads keep the code they ran. */
function sourceHash(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 6);
}

/** Program runs going on, by context (cancel). */
const running = new WeakMap<HostContext, Map<string, (why: WireError) => void>>();

const CANCELLED: WireError = { code: 'RUN_CANCELLED', name: 'ProgramCancelled', message: 'The program was cancelled: its sandbox worker was stopped. Checkpoints committed before stay.' };
const PROGRAM_OVER: WireError = { code: 'RUN_CANCELLED', name: 'ProgramOver', message: 'The program ended; its sandbox worker was stopped with everything its code started.' };

/** rg/program.run */
export async function onProgramRun(ctx: HostContext, m: Req<'rg/program.run'>): Promise<Omit<ReplyOf['rg/program.run'], 'id'>> {
  const programRunId = ctx.newRunId();
  const { worker, release } = await ctx.sandbox.runWorker();
  const table = running.get(ctx) ?? new Map<string, (why: WireError) => void>();
  running.set(ctx, table);
  table.set(programRunId, (why) => worker.kill(why));
  void runProgram(ctx, m, programRunId, worker).finally(() => {
    table.delete(programRunId);
    release();
  });
  return { type: 'rg/program.started', programRunId };
}

/** rg/program.cancel */
export function onProgramCancel(ctx: HostContext, m: Req<'rg/program.cancel'>): Omit<ReplyOf['rg/program.cancel'], 'id'> {
  const stop = running.get(ctx)?.get(m.programRunId);
  if (!stop) throw hostError('NOT_FOUND', `program run "${m.programRunId}"`);
  stop(CANCELLED);
  return { type: 'rg/ok' };
}

async function runProgram(ctx: HostContext, m: Req<'rg/program.run'>, programRunId: string, worker: SandboxWorker): Promise<void> {
  const out = createBatcher<ConsoleLineDTO>({
    maxBatch: 500, intervalMs: ctx.options.flushIntervalMs, schedule: ctx.schedule, now: ctx.now,
    flush: (lines) => ctx.send({ type: 'rg/program.output', programRunId, lines }),
  });
  const threads = new Map<string, ProgramThreadDTO>();
  const reads = new Set<Session>();
  const runs: Promise<unknown>[] = [];
  let calls = 0;

  const openThread = async ({ graph, threadKey, call, resume }: { graph: string; threadKey: string; call: ProgramCall; resume: boolean }): Promise<{ threadId: string; port: PortLike }> => {
    if (++calls > MAX_CALLS) throw hostError('BAD_REQUEST', `A program may make at most ${MAX_CALLS} graph calls.`);
    const key = `${graph}\u0000${threadKey}`;
    let thread = threads.get(key);
    if (!thread) {
      if (threads.size >= MAX_THREADS) throw hostError('BAD_REQUEST', `A program may make at most ${MAX_THREADS} threads.`);
      const graphId = `user:${idPart(m.name, 28)}.${idPart(graph, 28)}.${sourceHash(m.source)}`;
      ctx.graphs.registerProgramGraph(graphId, `${header(graph)}\n${m.source}`, `${m.name} › ${graph}`);
      thread = { threadId: ctx.newRunId(), graph, programThreadId: threadKey, graphId };
      threads.set(key, thread);
      ctx.send({ type: 'rg/program.thread', programRunId, thread });
    }
    const { threadId, graphId } = thread;
    const { port1, port2 } = new MessageChannel();
    if (call === 'getState') {
      reads.add(serveSession(port1, ctx.store.saver, { threadId, mode: 'read' }, { onViolation: (_d, error) => worker.kill(error) }));
      return { threadId, port: port2 };
    }
    port1.close();
    port2.close();
    // The program's previous call on this thread ended in the sandbox; its run may still be closing here.
    await ctx.runs.ofThread(threadId)?.done.catch(() => undefined);
    const head = await ctx.store.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: '' } });
    return new Promise((resolve, reject) => {
      const started = startRun(ctx, {
        threadId, graphId, kind: call === 'updateState' ? 'fork' : resume ? 'resume' : 'run', input: { kind: 'none' }, fromCheckpointId: head?.checkpoint.id ?? null,
        attach: { worker, deliver: (port) => resolve({ threadId, port }), refuse: (error) => reject(Object.assign(new Error(error.message), { wire: error })) },
      });
      runs.push(started.then(() => undefined, reject));
    });
  };

  worker.serveProgram({ console: (lines) => lines.forEach((l) => out.push(l)), openThread });
  let end: ProgramEndDTO;
  try {
    const r = await worker.request(
      { type: 'sb/program', plan: { programRunId, name: m.name, source: m.source, env: m.env } },
      { timeoutMs: ctx.sandbox.limits.programMs, what: `Program "${m.name}"` },
    );
    end = { outcome: r.error ? 'error' : 'done', error: r.error, problem: null };
  } catch (err) {
    const wire: WireError = err instanceof SandboxError ? err.wire : { code: 'INTERNAL', name: 'ProgramError', message: String(err) };
    end = { outcome: wire.code === 'SANDBOX_VIOLATION' ? 'error' : 'cancelled', error: null, problem: wire };
  }
  worker.serveProgram(null);
  for (const s of reads) s.close();
  // Runs still going on (a stream the program left) end as cancelled with the worker.
  worker.kill(PROGRAM_OVER);
  await Promise.allSettled(runs);
  await Promise.allSettled([...threads.values()].map((t) => ctx.runs.ofThread(t.threadId)?.done));
  for (const t of threads.values()) await ctx.store.renameThread(t.threadId, `${m.name} › ${t.graph} › ${t.programThreadId}`).catch(() => undefined);
  out.dispose();
  ctx.send({ type: 'rg/program.ended', programRunId, ...end });
}
