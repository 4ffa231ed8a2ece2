/**
 * Runs: start, resume, replay, fork-then-run, follow (join), cancel, list. Every streaming action
 * returns a `RemoteRunStream` (see run-stream.ts); the server's one-run-per-thread rule surfaces as
 * a REMOTE_THREAD_BUSY error from the stream (and its `created` promise).
 */
import type { StreamMode } from '@langchain/langgraph-sdk';
import type { Connection } from './connection';
import { toRemoteRun } from './mapping';
import type { CallOptions } from './options';
import { createRunStream, type RemoteRunStream, type StreamPart } from './run-stream';
import type { UpdateStateRequest } from './api-threads';
import { updateState } from './api-threads';
import type { Page, RemoteCheckpointRef, RemoteRun, RemoteRunStatus } from './types';
import { checked, checkedList, SHAPES } from './shapes';

/** The stream modes this client types (others arrive as `other` events). */
export type RemoteStreamMode = 'values' | 'updates' | 'debug' | 'checkpoints' | 'tasks' | 'messages-tuple' | 'custom';

/** Everything the live timeline needs: state after each step, node updates, checkpoints with ids, task starts and results. */
export const DEFAULT_STREAM_MODES: readonly RemoteStreamMode[] = ['values', 'updates', 'debug', 'checkpoints', 'tasks'];

export interface StreamOptions extends Pick<CallOptions, 'signal' | 'onProgress'> {
  /** @default DEFAULT_STREAM_MODES */
  streamModes?: readonly RemoteStreamMode[];
  /** Stream subgraphs' events too (`ns` names them). @default true */
  subgraphs?: boolean;
}

export interface RunOptions extends StreamOptions {
  config?: { recursion_limit?: number; tags?: string[]; configurable?: Record<string, unknown> };
  metadata?: Record<string, unknown>;
  interruptBefore?: '*' | string[];
  interruptAfter?: '*' | string[];
  /**
   * When the thread already has a run: `reject` refuses with REMOTE_THREAD_BUSY (the server's
   * default); the others queue it, or cancel the running one. @default 'reject'
   */
  multitaskStrategy?: 'reject' | 'enqueue' | 'interrupt' | 'rollback';
}

/** The answer to interrupts: one value for the single one, or a value per interrupt id. */
export type ResumeAnswer = { value: unknown } | { byInterruptId: Record<string, unknown> };

/** A fork: a new checkpoint from an edited state, then (usually) a run from it. */
export type ForkRequest = UpdateStateRequest & { checkpointId: string };

/** What a run starts from. */
interface RunSource {
  input?: unknown;
  command?: { resume?: unknown; update?: Record<string, unknown>; goto?: string | string[] };
  checkpointId?: string;
}

export interface RunsApi {
  /** Starts a run on the thread with `input`. */
  start(threadId: string, assistantId: string, input: unknown, options?: RunOptions): RemoteRunStream;
  /** Answers the thread's interrupts (`Command({ resume })`) and runs on. */
  resume(threadId: string, assistantId: string, answer: ResumeAnswer, options?: RunOptions): RemoteRunStream;
  /** Runs again from a saved checkpoint (no new input): LangGraph's replay, which forks the history there. */
  replay(threadId: string, assistantId: string, checkpointId: string, options?: RunOptions): RemoteRunStream;
  /** Writes an edited state as a new checkpoint after `checkpointId` (`asNode` decides what runs next), then runs from it. */
  fork(threadId: string, assistantId: string, fork: ForkRequest, options?: RunOptions): Promise<{ checkpoint: RemoteCheckpointRef; stream: RemoteRunStream }>;
  /**
   * Follows a run that is going (or reads a finished one again), from after `lastEventId` (from its
   * first event when absent). The events are those the run was started with (its modes).
   */
  join(threadId: string, runId: string, options?: Pick<StreamOptions, 'signal' | 'onProgress'> & { lastEventId?: string }): RemoteRunStream;
  /** Asks the server to stop a run: `interrupt` keeps what it saved, `rollback` deletes the run and its checkpoints. */
  cancel(threadId: string, runId: string, options?: CallOptions & { action?: 'interrupt' | 'rollback'; wait?: boolean }): Promise<void>;
  get(threadId: string, runId: string, options?: CallOptions): Promise<RemoteRun>;
  /** The thread's runs, newest first. */
  list(threadId: string, query?: { limit?: number; offset?: number; status?: RemoteRunStatus }, options?: CallOptions): Promise<Page<RemoteRun>>;
}

export function createRunsApi(conn: Connection): RunsApi {
  const readOn = (threadId: string) => (runId: string, lastEventId: string | undefined, signal: AbortSignal): AsyncIterable<StreamPart> =>
    // "-1" = from the first event: the server keeps a resumable run's events.
    conn.sdk.runs.joinStream(threadId, runId, { signal, lastEventId: lastEventId ?? '-1', streamIdleReconnect: 0 });

  const run = (operation: string, threadId: string, assistantId: string, source: RunSource, options: RunOptions = {}): RemoteRunStream =>
    createRunStream(conn, {
      threadId,
      operation,
      signal: options.signal,
      onProgress: options.onProgress,
      readOn: readOn(threadId),
      open: (signal, onRunCreated) =>
        conn.sdk.runs.stream(threadId, assistantId, {
          ...(source.input !== undefined ? { input: source.input as Record<string, unknown> | null } : {}),
          ...(source.command ? { command: source.command } : {}),
          ...(source.checkpointId ? { checkpointId: source.checkpointId } : {}),
          ...(options.config ? { config: options.config } : {}),
          ...(options.metadata ? { metadata: options.metadata } : {}),
          ...(options.interruptBefore ? { interruptBefore: options.interruptBefore } : {}),
          ...(options.interruptAfter ? { interruptAfter: options.interruptAfter } : {}),
          streamMode: [...(options.streamModes ?? DEFAULT_STREAM_MODES)] as StreamMode[],
          streamSubgraphs: options.subgraphs ?? true,
          streamResumable: true,
          // The SDK's own idle reconnect needs a `Location` header the dev server does not send; we read on ourselves.
          streamIdleReconnect: 0,
          multitaskStrategy: options.multitaskStrategy ?? 'reject',
          signal,
          onRunCreated: (created) => onRunCreated(created.run_id),
        }),
    });

  return {
    start: (threadId, assistantId, input, options) => run('Starting a run', threadId, assistantId, { input }, options),
    resume: (threadId, assistantId, answer, options) =>
      run('Resuming the thread', threadId, assistantId, { command: { resume: 'value' in answer ? answer.value : answer.byInterruptId } }, options),
    replay: (threadId, assistantId, checkpointId, options) => run('Replaying from a checkpoint', threadId, assistantId, { input: null, checkpointId }, options),
    async fork(threadId, assistantId, fork, options) {
      const checkpoint = await updateState(conn, threadId, fork, options);
      const stream = run('Running the fork', threadId, assistantId, { input: null, checkpointId: checkpoint.checkpointId }, options);
      return { checkpoint, stream };
    },
    join: (threadId, runId, options = {}) =>
      createRunStream(conn, {
        threadId,
        operation: 'Following a run',
        runId,
        ...(options.lastEventId !== undefined ? { lastEventId: options.lastEventId } : {}),
        signal: options.signal,
        onProgress: options.onProgress,
        readOn: readOn(threadId),
      }),
    cancel: (threadId, runId, { action = 'interrupt', wait = false, ...options } = {}) =>
      conn.call('Cancelling the run', (signal) => conn.sdk.runs.cancel(threadId, runId, wait, action, { signal }), { ...options, what: `Run ${runId}` }),
    get: (threadId, runId, options = {}) =>
      conn.call('Reading the run', async (signal) => toRemoteRun(checked(SHAPES.run, await conn.sdk.runs.get(threadId, runId, { signal }), 'GET /threads/{id}/runs/{run}')), { ...options, what: `Run ${runId}` }),
    list: (threadId, query = {}, options = {}) =>
      conn.call(
        'Listing runs',
        async (signal) => {
          const limit = query.limit ?? conn.options.pageSize;
          const offset = query.offset ?? 0;
          // One more than asked, to know whether another page exists.
          const raw = checkedList(SHAPES.run, await conn.sdk.runs.list(threadId, { limit: limit + 1, offset, ...(query.status ? { status: query.status } : {}), signal }), 'GET /threads/{id}/runs');
          const items = raw.slice(0, limit).map(toRemoteRun);
          return { items, ...(raw.length > limit ? { nextOffset: offset + limit } : {}) };
        },
        { ...options, what: `Thread ${threadId}` },
      ),
  };
}
