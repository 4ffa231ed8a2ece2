/** What every request handler of the host shares. */
import type { WireError } from '../protocol/dto';
import type { FromWorker } from '../protocol/messages';
import type { Schedule } from '../protocol/batcher';
import { ERROR_CODES, errorMessageOf, type ErrorArgs, type ErrorCode, type RunLocation } from '../shared/errors';
import type { DetailCache } from './detail-cache';
import type { GraphDirectory } from './graph-directory';
import type { ThreadLocks } from './locks';
import type { HostOptions } from './options';
import type { RunRegistry } from './runs';
import type { SandboxController } from './sandbox/controller';
import type { ThreadStore } from './store';
import type { ThreadMemory } from './thread-memory';

export interface HostContext {
  store: ThreadStore;
  /** Each thread's store (LangGraph `BaseStore`), kept beside the thread. */
  memory: ThreadMemory;
  graphs: GraphDirectory;
  sandbox: SandboxController;
  runs: RunRegistry;
  locks: ThreadLocks;
  /** Full details of the checkpoints the page opened last (it gets bounded previews). */
  details: DetailCache;
  options: Required<HostOptions>;
  schedule: Schedule;
  /** Monotonic milliseconds, for leading-edge flushes. */
  now: () => number;
  send(message: FromWorker): void;
  newRunId(): string;
  /** The graph a thread was run with (remembered, else read from its stored runs), or null. */
  graphIdOf(threadId: string): Promise<string | null>;
  rememberGraph(threadId: string, graphId: string): void;
  /** Forgets what is remembered about a deleted thread. */
  forgetThread(threadId: string): void;
  /**
   * Set for an opened file's threads: reads never ask a sandbox (next and tasks come from the
   * store's inference over the checkpoint data, with the attached graph's wiring when there is one).
   */
  readsWithoutSandbox?: true;
}

/** An error carrying a wire code, thrown by handlers and sent to the page as data. */
export class HostError extends Error {
  constructor(readonly code: WireError['code'], message: string, readonly extra: Pick<WireError, 'where' | 'remote'> = {}) {
    super(message);
    this.name = 'HostError';
  }
}

/** A HostError with the catalogue's message for `code` (src/shared/errors.ts). */
export function hostError<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): HostError {
  return new HostError(code, errorMessageOf(code, ...args));
}

/** THREAD_BUSY, saying where the thread's run is. */
export function threadBusy(threadId: string, where: RunLocation): HostError {
  return new HostError('THREAD_BUSY', ERROR_CODES.THREAD_BUSY(threadId, where), { where });
}

/**
 * Runs `fn` holding the thread's lock, for requests that write a thread without running it (delete,
 * import): THREAD_BUSY when a run of this tab or of another tab holds it.
 */
export async function withIdleThread<T>(ctx: HostContext, threadId: string, fn: () => Promise<T>): Promise<T> {
  if (ctx.runs.ofThread(threadId)) throw threadBusy(threadId, 'this-tab');
  const release = await ctx.locks.tryAcquire(threadId);
  if (!release) throw threadBusy(threadId, 'another-tab');
  try {
    return await fn();
  } finally {
    release();
  }
}
