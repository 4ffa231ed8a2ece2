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

/** The catalogue of error codes with a message factory each. */
export const ERROR_CODES = {
  PROTOCOL_VERSION_MISMATCH: (page: number, worker: number) =>
    `The page speaks protocol v${page} but the worker speaks v${worker}. Reload the page.`,
  UNKNOWN_REQUEST: (type: string) => `The worker does not know the request "${type}".`,
  STORAGE_UNAVAILABLE: (detail: string) => `The browser database could not be opened: ${detail}`,
  INTERNAL: (detail: string) => detail,
  READ_ONLY: (what: string) => `${what} is read-only: it can be read, not written.`,
  FORMAT_UNRECOGNIZED: (name: string, detail: string) => `"${name}" is not a checkpoint store this app can open: ${detail}`,
  FORMAT_TRUNCATED: (name: string, detail: string) => `"${name}" is cut short: ${detail}`,
  FORMAT_CORRUPT: (name: string, detail: string) => `"${name}" is damaged: ${detail}`,
  FORMAT_SCHEMA: (name: string, detail: string) => `"${name}" does not hold LangGraph checkpoints: ${detail}`,
  FORMAT_TOO_LARGE: (name: string, detail: string) => `"${name}" is too large to open: ${detail}`,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Turns anything thrown into ErrorData, keeping name, message and stack. */
export function toErrorData(err: unknown, code: ErrorCode = 'INTERNAL'): ErrorData {
  if (err instanceof Error) {
    return { code, name: err.name, message: err.message, stack: err.stack };
  }
  return { code, name: 'Error', message: typeof err === 'string' ? err : JSON.stringify(err) ?? String(err) };
}
