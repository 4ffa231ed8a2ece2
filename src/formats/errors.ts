/**
 * Failures of the formats layer, as data. Every refusal carries an `ErrorData` with a code from
 * the shared catalogue, so the worker can send it to the page unchanged.
 */
import { ERROR_CODES, type ErrorCode, type ErrorData } from '../shared/errors';

/** The catalogue's codes this layer raises. */
export type FormatErrorCode = Extract<ErrorCode, 'READ_ONLY' | `FORMAT_${string}`>;

/** A refusal to open or read a source. `data` is what crosses the worker boundary. */
export class FormatError extends Error {
  override name = 'FormatError';
  constructor(readonly code: FormatErrorCode, message: string) {
    super(message);
  }
  /** The error as plain data. */
  get data(): ErrorData {
    return { code: this.code, name: this.name, message: this.message };
  }
}

type SourceCode = Exclude<FormatErrorCode, 'READ_ONLY'>;

/**
 * A FormatError with the catalogue's message for `code`.
 * @param code the failure
 * @param name the file (or source) name shown to the user
 * @param detail what exactly is wrong
 */
export function formatError(code: SourceCode, name: string, detail: string): FormatError {
  return new FormatError(code, ERROR_CODES[code](name, detail));
}

/** The READ_ONLY refusal of a write to a foreign source. */
export function readOnlyError(what: string): FormatError {
  return new FormatError('READ_ONLY', ERROR_CODES.READ_ONLY(what));
}

/** Anything thrown, as ErrorData: a FormatError keeps its code, anything else is INTERNAL. */
export function toFormatErrorData(err: unknown): ErrorData {
  if (err instanceof FormatError) return err.data;
  if (err instanceof Error) return { code: 'INTERNAL', name: err.name, message: err.message, stack: err.stack };
  return { code: 'INTERNAL', name: 'Error', message: String(err) };
}
