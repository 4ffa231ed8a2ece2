/**
 * Faults of a LangGraph server connection as typed errors. Everything the SDK or the network
 * throws goes through `classify` once, and comes out as a `RemoteError` whose `data` is plain
 * `ErrorData` with a REMOTE_* code from the catalogue, the server's own words (`detail`), and a
 * message that says what to do.
 */
import { ERROR_CODES, type ErrorCode, type ErrorData } from '../shared/errors';
import { RedirectRefusedError } from './same-origin-fetch';

/** The catalogue's REMOTE_* codes (src/shared/errors.ts), and INTERNAL for a bug of ours. */
export type RemoteErrorCode = Extract<ErrorCode, `REMOTE_${string}`> | 'INTERNAL';

/** Where a cut stream can be read on from (`runs.join(threadId, runId, { lastEventId })`). */
export interface ReadOnPoint {
  threadId: string;
  runId: string;
  lastEventId?: string;
}

export interface RemoteErrorData extends ErrorData {
  code: RemoteErrorCode;
  /** The server's base URL. */
  url: string;
  /** What was being done, e.g. "Listing threads". */
  operation: string;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** The server's own words (its error text), when it answered. */
  detail?: string;
  /** For REMOTE_STREAM_CUT: where to read on from. */
  readOn?: ReadOnPoint;
  /** For REMOTE_STREAM_CUT: why reading on failed (e.g. REMOTE_UNREACHABLE). */
  cause?: RemoteErrorCode;
}

/** A fault of a server connection; `data` is what crosses boundaries. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(readonly data: RemoteErrorData) {
    super(data.message);
  }

  get code(): RemoteErrorCode {
    return this.data.code;
  }
}

export const isRemoteError = (err: unknown): err is RemoteError => err instanceof RemoteError;

/** Thrown by the mapping when a payload lacks what every LangGraph server sends; becomes REMOTE_BAD_RESPONSE. */
export class BadResponseError extends Error {
  override name = 'BadResponseError';
}

/** What `classify` needs to know about the failed call. */
export interface FaultContext {
  url: string;
  operation: string;
  /** Names the thing a 404 is about, e.g. `Thread 1f…`. */
  what?: string;
  /** The thread a "busy" refusal is about. */
  threadId?: string;
  /** The caller's signal fired. */
  aborted?: boolean;
  /** Our own time limit fired. */
  timedOutAfterMs?: number;
  /** Is the server reachable at all? Asked only for a network failure seen from a web page or worker. */
  probe?: () => Promise<boolean>;
}

const BUSY = /already running|is busy|in progress|inflight/i;

/** Turns anything a call threw into a RemoteError (see the file comment). */
export async function classify(err: unknown, ctx: FaultContext): Promise<RemoteError> {
  if (err instanceof RemoteError) return err;
  const base = { name: 'RemoteError', url: ctx.url, operation: ctx.operation };
  const make = (code: RemoteErrorCode, message: string, extra: Partial<RemoteErrorData> = {}) => new RemoteError({ ...base, code, message, ...extra });
  if (ctx.aborted) return make('REMOTE_ABORTED', ERROR_CODES.REMOTE_ABORTED(ctx.operation));
  if (err instanceof RedirectRefusedError) {
    return make('REMOTE_REDIRECT', ERROR_CODES.REMOTE_REDIRECT(err.savedOrigin, err.target), { detail: err.message });
  }
  const name = errorName(err);
  if (ctx.timedOutAfterMs !== undefined || name === 'TimeoutError') {
    return make('REMOTE_TIMEOUT', ERROR_CODES.REMOTE_TIMEOUT(ctx.url, ctx.timedOutAfterMs ?? 0));
  }
  const status = httpStatus(err);
  if (status !== undefined) {
    const detail = serverDetail(err);
    const extra = { status, detail };
    if (status === 401) return make('REMOTE_UNAUTHORIZED', ERROR_CODES.REMOTE_UNAUTHORIZED(ctx.url), extra);
    if (status === 403) return make('REMOTE_FORBIDDEN', ERROR_CODES.REMOTE_FORBIDDEN(ctx.url), extra);
    if ((status === 409 || status === 422) && BUSY.test(detail)) {
      return make('REMOTE_THREAD_BUSY', ERROR_CODES.REMOTE_THREAD_BUSY(ctx.threadId ?? 'this thread'), extra);
    }
    // The dev server answers 409 "Thread not found" when copying a missing thread.
    if (status === 404 || (status === 409 && /not found/i.test(detail))) {
      return make('REMOTE_NOT_FOUND', ERROR_CODES.REMOTE_NOT_FOUND(ctx.what ?? detail), extra);
    }
    if (status >= 500 || status === 429) return make('REMOTE_SERVER_ERROR', ERROR_CODES.REMOTE_SERVER_ERROR(status, detail), extra);
    return make('REMOTE_BAD_REQUEST', ERROR_CODES.REMOTE_BAD_REQUEST(detail), extra);
  }
  if (isNetworkFailure(err)) {
    const origin = pageOrigin();
    if (origin !== undefined && origin !== originOf(ctx.url) && ctx.probe && (await ctx.probe())) {
      return make('REMOTE_CORS', ERROR_CODES.REMOTE_CORS(ctx.url, origin), { detail: errorMessage(err) });
    }
    return make('REMOTE_UNREACHABLE', ERROR_CODES.REMOTE_UNREACHABLE(ctx.url), { detail: errorMessage(err) });
  }
  if (name === 'AbortError') return make('REMOTE_ABORTED', ERROR_CODES.REMOTE_ABORTED(ctx.operation));
  if (name === 'SyntaxError' || name === 'BadResponseError') return make('REMOTE_BAD_RESPONSE', ERROR_CODES.REMOTE_BAD_RESPONSE(errorMessage(err)));
  return make('INTERNAL', ERROR_CODES.INTERNAL(`${ctx.operation} failed: ${errorMessage(err)}`));
}

/**
 * A failure to reach the server at all: the SDK's `ConnectionError`, or fetch's TypeError
 * (`fetch failed` in Node, `Failed to fetch` in Chromium, `NetworkError…` in Firefox, `Load failed`
 * in Safari), or a body read that died (`terminated`, `network error`).
 */
export function isNetworkFailure(err: unknown): boolean {
  const name = errorName(err);
  if (name === 'ConnectionError') return true;
  if (name !== 'TypeError') return false;
  return /fetch|network|load failed|terminated|socket|connection|ECONN|input stream/i.test(errorMessage(err));
}

function httpStatus(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 100 && status < 600 ? status : undefined;
}

/** The server's error text, unwrapped from its JSON envelopes (`{detail}`, `{message}`, zod issues). */
export function serverDetail(err: unknown): string {
  const text = (err as { text?: unknown }).text;
  const raw = typeof text === 'string' && text ? text : errorMessage(err);
  try {
    const body: unknown = JSON.parse(raw);
    if (body && typeof body === 'object') {
      const o = body as { detail?: unknown; message?: unknown; error?: { issues?: unknown } | null };
      if (typeof o.detail === 'string') return o.detail;
      if (typeof o.message === 'string') return o.message;
      const issues = o.error?.issues;
      if (Array.isArray(issues)) return issues.map((i: { path?: unknown[]; message?: unknown }) => `${(i.path ?? []).join('.') || 'request'}: ${String(i.message)}`).join('; ');
    }
  } catch {
    // plain text
  }
  return raw;
}

const errorName = (err: unknown): string => (err && typeof err === 'object' && typeof (err as Error).name === 'string' ? (err as Error).name : '');

function errorMessage(err: unknown): string {
  if (err && typeof err === 'object' && typeof (err as Error).message === 'string') return (err as Error).message;
  return String(err);
}

/** The origin of the page or worker we run in (`null` for file: and data: pages); undefined outside a browser, where there is no CORS. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' ? origin : undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
