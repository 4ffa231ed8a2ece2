/** Errors of any shape turned into `WireError` data, the form every error crosses a boundary in. */
import type { WireError } from './dto';
import { toJsonSafe } from './json-safe';
import { WIRE_LIMITS } from './limits';

/** An error of any shape (Error, `{name,message}`, text) as wire data. */
export function errorToWire(err: unknown, code: WireError['code'] = 'RUN_FAILED'): WireError {
  if (err instanceof Error) return { code, name: err.name, message: err.message, stack: err.stack };
  if (typeof err === 'object' && err !== null && 'message' in err) {
    const e = err as { name?: unknown; message?: unknown };
    return { code, name: typeof e.name === 'string' ? e.name : 'Error', message: String(e.message) };
  }
  return { code, name: 'Error', message: typeof err === 'string' ? err : JSON.stringify(toJsonSafe(err)) };
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 40)}… [${s.length} characters]` : s);

/** `error` with its texts cut to the wire limits (a thrown error's message can be any size). */
export function boundedError(error: WireError): WireError {
  const out: WireError = { ...error, name: cut(error.name, WIRE_LIMITS.maxLabelLength), message: cut(error.message, WIRE_LIMITS.maxMessageLength) };
  if (error.stack !== undefined) out.stack = cut(error.stack, WIRE_LIMITS.maxMessageLength);
  else delete out.stack;
  return out;
}
