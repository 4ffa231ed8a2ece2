/**
 * A run's event stream as an async iterator of typed events that survives a cut connection.
 *
 * The request is sent when iteration starts. Each SSE event becomes one `RemoteRunEvent`. When the
 * stream ends the run's status is read: a stream that ended by itself on a finished run yields
 * `run.end` and iteration stops; a stream that died, or ended while the run is still going, is read
 * on from the last event id (`GET /threads/{t}/runs/{r}/stream` with `Last-Event-ID`), announced by
 * a `stream.read_on` event, up to `readOnAttempts` times in a row. Runs are created with
 * `stream_resumable`, so the server replays what was missed and nothing is lost. When the server
 * cannot be asked, iteration throws REMOTE_STREAM_CUT carrying `readOn` (thread, run, last event
 * id) for a later `runs.join`.
 *
 * A connection that stays silent for `streamIdleMs` (a half-open socket) is dropped and read on the
 * same way; before the server has named the run, `timeoutMs` bounds the wait (REMOTE_TIMEOUT).
 *
 * `close()` (or the caller's signal) stops reading quietly; the run goes on on the server.
 */
import { ERROR_CODES } from '../shared/errors';
import type { Connection } from './connection';
import { reportProgress } from './connection';
import { BadResponseError, RemoteError, type RemoteErrorCode } from './errors';
import { toRunEvent, type RemoteRunEvent } from './events';
import { toRemoteRun } from './mapping';
import { RedirectRefusedError } from './same-origin-fetch';
import type { CallOptions } from './options';
import { checked, SHAPES } from './shapes';

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
  readonly created: Promise<{ runId: string; threadId: string }>;
  /** The run id, once known. */
  readonly runId: string | undefined;
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
  let settle: { resolve: (v: { runId: string; threadId: string }) => void; reject: (e: unknown) => void } | undefined;
  const created = new Promise<{ runId: string; threadId: string }>((resolve, reject) => (settle = { resolve, reject }));
  created.catch(() => {}); // observed by callers who care; never an unhandled rejection
  const noteRun = (id: string) => {
    if (runId === undefined || runId === id) {
      runId = id;
      settle?.resolve({ runId: id, threadId: spec.threadId });
    }
  };
  if (runId !== undefined) noteRun(runId);

  async function* pump(): AsyncGenerator<RemoteRunEvent> {
    const signal = controller.signal;
    const stopProgress = reportProgress({ onProgress: spec.onProgress }, conn.options);
    let attempts = 0;
    let reads = 0;
    const open = (attemptSignal: AbortSignal): AsyncIterable<StreamPart> => {
      if (runId !== undefined) return spec.readOn(runId, lastEventId, attemptSignal);
      if (reads === 0 && spec.open) return spec.open(attemptSignal, noteRun);
      throw new Error('A run stream needs a run to open or to join.');
    };
    try {
      for (;;) {
        // Each read has its own signal, so a silent connection can be dropped without closing the stream.
        const read = new AbortController();
        const dropRead = () => read.abort();
        signal.addEventListener('abort', dropRead, { once: true });
        const watch = watchdog(() => (runId === undefined ? conn.options.timeoutMs : conn.options.streamIdleMs), dropRead);
        let cut: string | undefined;
        try {
          const reading = open(read.signal);
          reads += 1;
          watch.arm();
          for await (const part of reading) {
            stopProgress();
            if (typeof part.id === 'string') lastEventId = part.id;
            const event = toRunEvent(part, spec.threadId);
            if (event.type === 'metadata') noteRun(event.runId);
            if (event.type !== 'other') attempts = 0;
            // The consumer's own time between events is not the server's silence.
            watch.disarm();
            yield event;
            watch.arm();
          }
        } catch (err) {
          if (signal.aborted) return;
          // Failing before the run exists is a refusal; a payload we cannot read, or a redirect we do
          // not follow, is not a cut either (reading on would get it again).
          if (runId === undefined || err instanceof BadResponseError || err instanceof RedirectRefusedError) {
            const fault = await conn.fault(err, { operation: spec.operation, threadId: spec.threadId, ...(watch.fired ? { timedOutAfterMs: conn.options.timeoutMs } : {}) });
            settle?.reject(fault);
            throw fault;
          }
          cut = describe(err);
        } finally {
          watch.disarm();
          signal.removeEventListener('abort', dropRead);
        }
        if (signal.aborted) return;
        if (watch.fired) cut = `no event for ${conn.options.streamIdleMs / 1000} s`;
        if (runId === undefined) {
          // Nothing named the run: the server never answered in time, or answered something else.
          const fault = watch.fired
            ? await conn.fault(new Error('no answer'), { operation: spec.operation, timedOutAfterMs: conn.options.timeoutMs })
            : new RemoteError(badStream(conn, spec.operation));
          settle?.reject(fault);
          throw fault;
        }
        const status = await runStatus(conn, spec.threadId, runId, lastEventId, cut);
        const finished = status !== 'pending' && status !== 'running';
        // Only a stream that ended by itself has delivered everything; after a cut, events after
        // the last one received may exist even if the run has finished meanwhile.
        if (finished && cut === undefined) {
          yield { type: 'run.end', runId, status };
          return;
        }
        attempts += 1;
        const reason = cut ?? 'the stream closed while the run was still going';
        if (attempts > conn.options.readOnAttempts) throw streamCut(conn, spec.threadId, runId, lastEventId, `${reason}; gave up after ${conn.options.readOnAttempts} attempts`);
        yield { type: 'stream.read_on', attempt: attempts, ...(lastEventId !== undefined ? { lastEventId } : {}), reason };
        await pause(conn.options.readOnDelayMs, signal);
        if (signal.aborted) return;
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
      return runId;
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
    const raw = await conn.call('Checking the run', async (signal) => checked(SHAPES.run, await conn.sdk.runs.get(threadId, runId, { signal }), 'GET /threads/{id}/runs/{run}'), { what: `Run ${runId}` });
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

/** Calls `onSilence` when armed for longer than `limitMs()` (0 = never); `fired` tells afterwards. */
function watchdog(limitMs: () => number, onSilence: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = {
    fired: false,
    arm() {
      clearTimeout(timer);
      const ms = limitMs();
      if (ms > 0) timer = setTimeout(() => {
        state.fired = true;
        onSilence();
      }, ms);
    },
    disarm() {
      clearTimeout(timer);
    },
  };
  return state;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
