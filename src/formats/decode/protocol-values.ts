/**
 * LangGraph's own channels and special writes, brought to the engine's plain encodings
 * (`src/engine/pregel/encode.ts`), whichever language wrote them:
 *
 * - `__pregel_tasks` holds `Send` packets. LangGraph.js's serde drops the class marker
 *   (`{ node, args }`); Python's is already `{ lg_name: 'Send', node, args }` after decoding. Both
 *   become `{ lg_name: 'Send', node, args }`, which the engine rebuilds as `Send`.
 * - `__error__` writes: LangGraph.js stores `{ message, name }`; Python stores the exception's
 *   `repr()` (`"ValueError('boom')"`), which becomes `{ name, message, repr }`.
 */
import { tagOf } from '../serde/values';

export const TASKS = '__pregel_tasks';
export const ERROR = '__error__';
export const INTERRUPT = '__interrupt__';
export const RESUME = '__resume__';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v) && tagOf(v) === undefined;

/** A Send packet in the engine's encoding, or the value unchanged when it is not one. */
export function toSendPacket(v: unknown): unknown {
  if (!isRec(v) || typeof v.node !== 'string') return v;
  if (v.lg_name === 'Send') return v;
  if (!Object.hasOwn(v, 'args') || Object.keys(v).some((k) => k !== 'node' && k !== 'args' && k !== 'timeout')) return v;
  return { lg_name: 'Send', node: v.node, args: v.args, ...(v.timeout !== undefined ? { timeout: v.timeout } : {}) };
}

/** Python's `repr()` of an exception, split into class and message. */
function fromRepr(repr: string): Rec {
  const m = /^([A-Za-z_][\w.]*)\(([\s\S]*)\)$/.exec(repr.trim());
  if (!m) return { name: 'Error', message: repr, repr };
  let message = m[2]!.trim();
  const quoted = /^(['"])([\s\S]*)\1$/.exec(message);
  if (quoted) message = quoted[2]!.replace(/\\n/g, '\n').replace(/\\(['"\\])/g, '$1');
  return { name: m[1]!, message, repr };
}

/** A stored error (either language) as `{ name, message, … }`. */
export function toStoredError(v: unknown): unknown {
  if (typeof v === 'string') return fromRepr(v);
  if (isRec(v) && typeof v.message === 'string') return typeof v.name === 'string' ? v : { ...v, name: 'Error' };
  return v;
}

/**
 * A channel value in the engine's encoding.
 * @param channel the channel it belongs to
 * @param value its decoded value
 */
export function engineChannelValue(channel: string, value: unknown): unknown {
  if (channel === TASKS && Array.isArray(value)) return value.map(toSendPacket);
  return value;
}

/**
 * A pending write's value in the engine's encoding.
 * @param channel the write's channel
 * @param value its decoded value
 */
export function engineWriteValue(channel: string, value: unknown): unknown {
  if (channel === TASKS) return toSendPacket(value);
  if (channel === ERROR) return toStoredError(value);
  return value;
}
