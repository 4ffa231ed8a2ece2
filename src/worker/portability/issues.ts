/**
 * Import and export failures as data: a stable code, a message for people, and the JSON path of
 * the offending value (`$.checkpoints[3].checkpoint.id`).
 */

/** Why an import or export was refused. */
export type PortabilityErrorCode =
  | 'not-json'
  | 'too-large'
  | 'hostile-key'
  | 'unknown-format'
  | 'unsupported-version'
  | 'invalid'
  | 'duplicate-id'
  | 'missing-parent'
  | 'cycle'
  | 'thread-exists'
  | 'write-failed'
  | 'not-exportable'
  | 'not-found';

/** One problem found in a file. */
export interface PortabilityIssue {
  /** JSON path of the value, `$` for the whole document. */
  path: string;
  message: string;
}

/** A refused import or export. `issues` lists the first problems found (at most 20). */
export interface PortabilityError {
  code: PortabilityErrorCode;
  /** The first issue, in one sentence, with its path. */
  message: string;
  path: string | null;
  issues: PortabilityIssue[];
}

/** A path segment: an object key or an array index. */
export type PathSegment = string | number;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats a path as `$.a[0]["b c"]`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '$';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (IDENT.test(seg)) out += `.${seg}`;
    else out += `[${JSON.stringify(seg.length > 60 ? `${seg.slice(0, 60)}…` : seg)}]`;
  }
  return out;
}

/** Thrown inside the importer's pure stages and turned into a `PortabilityError` at its edge. */
export class PortabilityFailure extends Error {
  override name = 'PortabilityFailure';
  constructor(
    readonly code: PortabilityErrorCode,
    readonly issues: PortabilityIssue[],
  ) {
    super(issues[0] ? `${issues[0].message} (at ${issues[0].path})` : code);
  }

  /** The failure as plain data. */
  toData(): PortabilityError {
    return { code: this.code, message: this.message, path: this.issues[0]?.path ?? null, issues: this.issues.slice(0, 20) };
  }
}

/** Throws a failure with one issue. */
export function fail(code: PortabilityErrorCode, path: readonly PathSegment[] | string, message: string): never {
  throw new PortabilityFailure(code, [{ path: typeof path === 'string' ? path : formatPath(path), message }]);
}

/** A failure's data, or an internal error turned into data (never throws). */
export function toPortabilityError(err: unknown, fallback: PortabilityErrorCode = 'invalid'): PortabilityError {
  if (err instanceof PortabilityFailure) return err.toData();
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { code: fallback, message, path: null, issues: [{ path: '$', message }] };
}
