/**
 * A run's event stream as an async iterator of typed events that survives a cut connection.
 *
 * The request is sent when iteration starts. Each SSE event becomes one `RemoteRunEvent`. When the
 * stream ends (cleanly or because the connection died) the run's status is read: a finished run
 * yields `run.end` and iteration stops; a run still going means the stream was cut, so it is read
 * on from the last event id (`GET /threads/{t}/runs/{r}/stream` with `Last-Event-ID`), announced by
 * a `stream.read_on` event, up to `readOnAttempts` times in a row. Runs are created with
 * `stream_resumable`, so the server replays what was missed and nothing is lost. When the server
 * cannot be asked, iteration throws REMOTE_STREAM_CUT carrying `readOn` (thread, run, last event
 * id) for a later `runs.join`.
 *
 * `close()` (or the caller's signal) stops reading quietly; the run goes on on the server.
 */
import { ERROR_CODES } from '../shared/errors';
import { asRunId, asThreadId, type RunId, type ThreadId } from '../shared/ids';
import type { Connection } from './connection';
import { reportProgress } from './connection';
import { BadResponseError, RemoteError, type RemoteErrorCode } from './errors';
import { toRunEvent, type RemoteRunEvent } from './events';
import { toRemoteRun } from './mapping';
import type { CallOptions } from './options';

/** An SSE event as the SDK yields it. */
export interface StreamPart {
  /** The SSE id (a string; typed loosely by the SDK). */
  id?: unknown;
  event: string;
  data: unknown;
}

/** Opens the stream that creates the run; calls `onRunCreated` as soon as the server names it. */
export type StreamOpener = (signal: AbortSignal, onRunCreated: (runId: string) => void) => AsyncIterable<StreamPart>;
/** Reads a run's stream on after `lastEventId` (all of it when undefined). */
export type ReadOnOpener = (runId: string, lastEventId: string | undefined, signal: AbortSignal) => AsyncIterable<StreamPart>;

export interface RemoteRunStream extends AsyncIterable<RemoteRunEvent> {
  /** Resolves once the server has created (or, for a join, named) the run; rejects with the error that refused it. */
  readonly created: Promise<{ runId: RunId; threadId: ThreadId }>;
  /** The run id, once known. */
  readonly runId: RunId | undefined;
  /** The id of the last event received: where to read on from. */
  readonly lastEventId: string | undefined;
  /** Stops reading (quietly); the run goes on on the server. */
  close(): void;
}

/** Either `open` (a new run) or `runId` (joining one, from after `lastEventId`). */
export interface RunStreamSpec extends Pick<CallOptions, 'signal' | 'onProgress'> {
  threadId: string;
  operation: string;
  open?: StreamOpener;
  readOn: ReadOnOpener;
  runId?: string;
  lastEventId?: string;
}

export function createRunStream(conn: Connection, spec: RunStreamSpec): RemoteRunStream {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort();
  spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let runId: string | undefined = spec.runId;
  let lastEventId = spec.lastEventId;
  let started = false;
  let settle: { resolve: (v: { runId: RunId; threadId: ThreadId }) => void; reject: (e: unknown) => void } | undefined;
  const created = new Promise<{ runId: RunId; threadId: ThreadId }>((resolve, reject) => (settle = { resolve, reject }));
  created.catch(() => {}); // observed by callers who care; never an unhandled rejection
  const noteRun = (id: string) => {
    if (runId === undefined || runId === id) {
      runId = id;
      settle?.resolve({ runId: asRunId(id), threadId: asThreadId(spec.threadId) });
    }
  };
  if (runId !== undefined) noteRun(runId);

  async function* pump(): AsyncGenerator<RemoteRunEvent> {
    const signal = controller.signal;
    const stopProgress = reportProgress({ onProgress: spec.onProgress }, conn.options);
    let attempt = 0;
    const first = (): AsyncIterable<StreamPart> => {
      if (runId !== undefined) return spec.readOn(runId, lastEventId, signal);
      if (spec.open) return spec.open(signal, noteRun);
      throw new Error('A run stream needs a run to open or to join.');
    };
    try {
      let reading = first();
      for (;;) {
        let cut: string | undefined;
        try {
          for await (const part of reading) {
            stopProgress();
            if (typeof part.id === 'string') lastEventId = part.id;
            const event = toRunEvent(part, spec.threadId);
            if (event.type === 'metadata') noteRun(event.runId);
            if (event.type !== 'other') attempt = 0;
            yield event;
          }
        } catch (err) {
          if (signal.aborted) return;
          // A payload we cannot read is not a cut connection: reading on would get it again.
          if (runId === undefined || err instanceof BadResponseError) {
            const fault = await conn.fault(err, { operation: spec.operation, threadId: spec.threadId });
            settle?.reject(fault);
            throw fault;
          }
          cut = describe(err);
        }
        if (signal.aborted) return;
        if (runId === undefined) {
          const bad = new RemoteError(badStream(conn, spec.operation));
          settle?.reject(bad);
          throw bad;
        }
        const status = await runStatus(conn, spec.threadId, runId, lastEventId, cut);
        if (status !== 'pending' && status !== 'running') {
          yield { type: 'run.end', runId: asRunId(runId), status };
          return;
        }
        attempt += 1;
        const reason = cut ?? 'the stream closed while the run was still going';
        if (attempt > conn.options.readOnAttempts) throw streamCut(conn, spec.threadId, runId, lastEventId, `${reason}; gave up after ${conn.options.readOnAttempts} attempts`);
        yield { type: 'stream.read_on', attempt, ...(lastEventId !== undefined ? { lastEventId } : {}), reason };
        await pause(conn.options.readOnDelayMs, signal);
        if (signal.aborted) return;
        reading = spec.readOn(runId, lastEventId, signal);
      }
    } finally {
      stopProgress();
      controller.abort(); // a consumer that stopped early closes the connection too
      spec.signal?.removeEventListener('abort', onCallerAbort);
      if (runId === undefined) settle?.reject(new RemoteError({ ...badStream(conn, spec.operation), code: 'REMOTE_ABORTED', message: ERROR_CODES.REMOTE_ABORTED(spec.operation) }));
    }
  }

  return {
    created,
    get runId() {
      return runId === undefined ? undefined : asRunId(runId);
    },
    get lastEventId() {
      return lastEventId;
    },
    close: () => controller.abort(),
    [Symbol.asyncIterator]() {
      if (started) throw new Error('A run stream can be iterated once.');
      started = true;
      return pump();
    },
  };
}

/** The run's status; a server that cannot be asked turns the cut into REMOTE_STREAM_CUT. */
async function runStatus(conn: Connection, threadId: string, runId: string, lastEventId: string | undefined, cut: string | undefined) {
  try {
    const raw = await conn.call('Checking the run', (signal) => conn.sdk.runs.get(threadId, runId, { signal }), { what: `Run ${runId}` });
    return toRemoteRun(raw).status;
  } catch (err) {
    const cause: RemoteErrorCode = err instanceof RemoteError ? err.code : 'INTERNAL';
    const detail = cause === 'REMOTE_UNREACHABLE' ? `${cut ?? 'the connection closed'}; the server at ${conn.config.url} no longer answers` : (cut ?? 'the connection closed');
    throw streamCut(conn, threadId, runId, lastEventId, detail, cause);
  }
}

function streamCut(conn: Connection, threadId: string, runId: string, lastEventId: string | undefined, detail: string, cause?: RemoteErrorCode): RemoteError {
  return new RemoteError({
    code: 'REMOTE_STREAM_CUT',
    name: 'RemoteError',
    message: ERROR_CODES.REMOTE_STREAM_CUT(runId, detail),
    url: conn.config.url,
    operation: 'Streaming a run',
    readOn: { threadId, runId, ...(lastEventId !== undefined ? { lastEventId } : {}) },
    ...(cause ? { cause } : {}),
  });
}

const badStream = (conn: Connection, operation: string) => ({
  code: 'REMOTE_BAD_RESPONSE' as const,
  name: 'RemoteError',
  message: ERROR_CODES.REMOTE_BAD_RESPONSE('the stream ended without naming its run'),
  url: conn.config.url,
  operation,
});

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${message}${cause}`;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
