/**
 * Errors as data. Anything that crosses a boundary (worker → page, storage → engine) is an
 * ErrorData, never a live Error object, so it survives structured cloning and JSON.
 */
export interface ErrorData {
  /** A stable code from ERROR_CODES, for code that reacts to the error. */
  code: ErrorCode;
  /** The original error's name, e.g. `GraphRecursionError`. */
  name: string;
  message: string;
  stack?: string;
}

/**
 * The one catalogue of error codes, each with its message factory: every layer (engine-facing
 * storage, formats, remote, sandbox, worker protocol, page) raises codes from here, and a layer's
 * own code type is a subset of `ErrorCode` (e.g. `FormatErrorCode`, `RemoteErrorCode`).
 */
export const ERROR_CODES = {
  PROTOCOL_VERSION_MISMATCH: (page: number, worker: number) =>
    `The page speaks protocol v${page} but the worker speaks v${worker}. Reload the page.`,
  UNKNOWN_REQUEST: (type: string) => `The worker does not know the request "${type}".`,
  STORAGE_UNAVAILABLE: (detail: string) => `The browser database could not be opened: ${detail}`,
  INTERNAL: (detail: string) => detail,
  /** A request whose fields are missing or of the wrong type, or that the thread cannot take. */
  BAD_REQUEST: (detail: string) => detail,
  /** A graph, thread, checkpoint, server or run that does not exist; `hint` says what to do. */
  NOT_FOUND: (what: string, hint?: string) => `There is no ${what}${hint ? `: ${hint}` : ''}.`,
  /** A run was cancelled (cooperatively, by the server, or by restarting the worker). */
  RUN_CANCELLED: (detail: string) => detail,
  /** The worker was stopped and started again; requests in flight were lost. */
  WORKER_RESTARTED: (reason: string) => reason,
  /** A graph failed while it ran (the node's own error is in `name`/`message`). */
  RUN_FAILED: (detail: string) => detail,
  /** An imported file was refused (the message names the JSON path); nothing was stored. */
  IMPORT_REFUSED: (detail: string) => detail,
  /** A thread could not be exported. */
  EXPORT_FAILED: (detail: string) => `The thread could not be exported: ${detail}`,
  /** A user graph's source did not compile (syntax, evaluation or shape). */
  COMPILE_FAILED: (detail: string) => detail,
  // A LangGraph server (src/remote). Each message says what happened and what to do.
  REMOTE_BAD_CONFIG: (detail: string) => `The server settings are not valid: ${detail}`,
  REMOTE_UNREACHABLE: (url: string) =>
    `No LangGraph server answers at ${url}. Check the URL, and that the server is running (for a local one: \`npx @langchain/langgraph-cli dev\`). Nothing local was changed.`,
  REMOTE_CORS: (url: string, origin: string) =>
    `The server at ${url} is up, but it does not allow this page (${origin}) to read its answers (CORS). Allow the origin in the server's langgraph.json, "http": { "cors": { "allow_origins": ["${origin}"] } } (for a deployment: its http.cors setting), and allow any custom headers you set (allow_headers); then retry.`,
  REMOTE_UNAUTHORIZED: (url: string) =>
    `The server at ${url} refused the request (401): the API key is missing or wrong. Enter the deployment's API key in this server's settings (it is kept only in this browser).`,
  REMOTE_FORBIDDEN: (url: string) =>
    `The server at ${url} refused the request (403): the credentials are known but not allowed to do this. Check the API key's permissions or the deployment's auth rules.`,
  REMOTE_NOT_FOUND: (what: string) => `${what} does not exist on the server (404). It may have been deleted: refresh the list.`,
  REMOTE_THREAD_BUSY: (threadId: string) =>
    `Thread ${threadId} already has a run in progress, and the server runs one at a time per thread. Wait for it to end, follow it, or cancel it, then retry.`,
  REMOTE_TIMEOUT: (url: string, ms: number) =>
    `The server at ${url} did not answer within ${Math.round(ms / 100) / 10} s. It may be busy or far away: retry, or allow more time.`,
  REMOTE_ABORTED: (operation: string) => `${operation} was cancelled.`,
  REMOTE_STREAM_CUT: (runId: string, detail: string) =>
    `The stream of run ${runId} was cut before the run ended (${detail}). Everything received so far is kept; the run may still be going on the server: read on from the last event when it answers again.`,
  REMOTE_BAD_REQUEST: (detail: string) => `The server rejected the request: ${detail}`,
  REMOTE_SERVER_ERROR: (status: number, detail: string) =>
    `The server failed (${status}): ${detail}. Retry; if it keeps failing, look at the server's logs.`,
  REMOTE_BAD_RESPONSE: (detail: string) => `The server's answer is not what a LangGraph API sends: ${detail}`,
  /** A server answered with a redirect the app does not follow: the key and headers go only to the saved server's origin. */
  REMOTE_REDIRECT: (savedOrigin: string, target: string | null) =>
    target
      ? `The server at ${savedOrigin} redirected the request to another origin, ${target}. This server's API key and headers are sent only to ${savedOrigin}, so the redirect was not followed and nothing was sent to ${target}. If the server has moved, change its URL in the settings.`
      : `The server at ${savedOrigin} answered with a redirect, and the browser does not tell where to. This server's API key and headers are sent only to ${savedOrigin}, so the redirect was not followed. If the server has moved, enter its new URL in the settings.`,
  READ_ONLY: (what: string) => `${what} is read-only: it can be read, not written.`,
  FORMAT_UNRECOGNIZED: (name: string, detail: string) => `"${name}" is not a checkpoint store this app can open: ${detail}`,
  FORMAT_TRUNCATED: (name: string, detail: string) => `"${name}" is cut short: ${detail}`,
  FORMAT_CORRUPT: (name: string, detail: string) => `"${name}" is damaged: ${detail}`,
  FORMAT_SCHEMA: (name: string, detail: string) => `"${name}" does not hold LangGraph checkpoints: ${detail}`,
  FORMAT_TOO_LARGE: (name: string, detail: string) => `"${name}" is too large to open: ${detail}`,
  /** A thread already has a run going on, in this tab or another (one writer per thread). */
  THREAD_BUSY: (threadId: string, where: RunLocation) =>
    `Thread "${threadId.length > 80 ? `${threadId.slice(0, 80)}…` : threadId}" has a run going on in ${where === 'this-tab' ? 'this tab' : 'another tab'}; cancel it there or wait for it to end.`,
  /** Graph code ran past a time limit; its sandbox worker was stopped. */
  SANDBOX_TIMEOUT: (what: string, limitMs: number) =>
    `${what} took longer than ${limitMs} ms, so the sandbox running it was stopped. Every checkpoint committed before that is kept.`,
  /** The sandbox running graph code stopped answering or crashed (e.g. out of memory). */
  SANDBOX_CRASHED: (detail: string) =>
    `The sandbox running the graph's code stopped (${detail}); it was started again. Every checkpoint committed before that is kept.`,
  /** The sandbox sent the storage worker something it may not (another thread, a malformed call). */
  SANDBOX_VIOLATION: (detail: string) =>
    `The graph's code sent a request the storage refuses (${detail}); the run was stopped and nothing of that request was stored.`,
  /** Graph code asked for the network (fetch, XMLHttpRequest, WebSocket, EventSource): the sandbox has none. */
  SANDBOX_NO_NETWORK: (what: string) =>
    `Graph code has no network in replaygraph: ${what} was refused. Nodes run offline, against the thread's checkpoints; model calls will go through the app's model gateway.`,
  /** No sandbox is attached, so no graph code can run. */
  SANDBOX_UNAVAILABLE: (detail: string) => `Graph code cannot run now: ${detail}`,
  /** A write that would change the thread's saved history (a stored checkpoint replaced, a branch grafted on, writes added to an old step). */
  HISTORY_REWRITE: (detail: string) =>
    `The run tried to change this thread's saved history (${detail}). A thread's saved history is never rewritten: the run was stopped, and nothing of that write was stored.`,
  /** The browser refused a write: the origin's storage quota is used up. */
  QUOTA_EXCEEDED: (detail: string) =>
    `The browser's storage quota for this app is used up (${detail}). Delete threads you no longer need; every checkpoint committed before is kept.`,
  /** A user graph that failed or hung when it was loaded (an imported one not yet approved is GRAPH_NOT_APPROVED). */
  GRAPH_QUARANTINED: (graphId: string, why: string) => `Graph "${graphId}" is quarantined (${why}): open it in the editor to fix and save it, or delete it.`,
  /**
   * A graph whose code came with an imported file and that the user has not approved: nothing of it
   * is compiled or run (Check, runs, reads through the engine) until they approve it.
   */
  GRAPH_NOT_APPROVED: (graphId: string) =>
    `Graph "${graphId}" came from an imported file and has not been approved to run; review its code in the editor and choose Approve and save to run it.`,
  /** Compiling or checking a graph was cancelled by the user. */
  COMPILE_CANCELLED: (graphId: string) => `Compiling "${graphId}" was cancelled; its sandbox was stopped.`,
  /** A run an imported file records as still going on: nothing here runs it, and how it ended is not known. */
  RUN_ENDED_UNKNOWN: () => 'This run was still going on when its file was written, so how it ended is not known. Every checkpoint the file holds is kept.',
} as const;

/** Where a thread's run is going on, for THREAD_BUSY. */
export type RunLocation = 'this-tab' | 'another-tab';

export type ErrorCode = keyof typeof ERROR_CODES;

/** The arguments of `code`'s message factory. */
export type ErrorArgs<C extends ErrorCode> = Parameters<(typeof ERROR_CODES)[C]>;

/** The catalogue's message for `code`. */
export function errorMessageOf<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): string {
  return (ERROR_CODES[code] as (...a: ErrorArgs<C>) => string)(...args);
}

/** ErrorData with the catalogue's message for `code`; `name` is the error's kind as shown. */
export function errorData<C extends ErrorCode>(code: C, name: string, ...args: ErrorArgs<C>): ErrorData {
  return { code, name, message: errorMessageOf(code, ...args) };
}

/** Turns anything thrown into ErrorData, keeping name, message and stack. */
export function toErrorData(err: unknown, code: ErrorCode = 'INTERNAL'): ErrorData {
  if (err instanceof Error) {
    return { code, name: err.name, message: err.message, stack: err.stack };
  }
  return { code, name: 'Error', message: typeof err === 'string' ? err : JSON.stringify(err) ?? String(err) };
}
