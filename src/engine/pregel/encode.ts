/**
 * Savers store plain data only. The engine encodes its own class instances before `put` /
 * `putWrites` and decodes them after a read:
 * - `Send` packets (in `__pregel_tasks` values and writes) ⇄ `{ lg_name: 'Send', node, args }`;
 * - errors (`__error__` writes) → `{ message, name }`, what LangGraph.js saves (the stack goes to
 *   the trace, not the checkpoint; decoded as plain data: the original class cannot be rebuilt);
 * - an `Overwrite` write → its wire form `{ __overwrite__: value }` (channels read both forms);
 * - interrupts are already plain `{ id, value }` records;
 * - LangChain messages anywhere in a value (in arrays and plain objects) ⇄ their serialised form
 *   (see ../messages/serde).
 */
import type { PendingWrite, PendingWriteValue } from '../checkpoint/types';
import { ERROR, TASKS } from '../constants';
import { decodeMessages, encodeMessages } from '../messages/serde';
import { isSend, Overwrite, Send } from '../types';

/** An error as stored in a checkpoint write. */
export interface StoredError {
  message: string;
  name: string;
}

export function encodeError(e: unknown): StoredError {
  if (e instanceof Error) return { message: e.message, name: e.name };
  return { message: typeof e === 'string' ? e : String(e), name: 'Error' };
}

function encodeSend(v: unknown): unknown {
  if (isSend(v)) return { lg_name: 'Send', node: v.node, args: v.args, ...(v.timeout ? { timeout: v.timeout } : {}) };
  return v;
}

/**
 * A saved packet as a Send; Commands and Sends inside its args come back as instances. Any
 * `{ node, args }` counts (LangGraph.js savers may drop `lg_name`), as LangGraph.js reads them.
 */
function decodeSend(v: unknown): unknown {
  if (v instanceof Send) return v;
  const o = v as { node?: unknown; args?: unknown } | null;
  if (!o || typeof o !== 'object' || typeof o.node !== 'string' || o.args === undefined) return v;
  const s = v as { node: string; args: unknown; timeout?: Send['timeout'] };
  return new Send(s.node, s.args, s.timeout ? { timeout: s.timeout } : undefined);
}

/** Encodes one channel value for the saver. */
export function encodeChannelValue(channel: string, value: unknown): unknown {
  if (channel === TASKS && Array.isArray(value)) return encodeMessages(value.map(encodeSend));
  return encodeMessages(value);
}

/** Decodes one channel value read from the saver. */
export function decodeChannelValue(channel: string, value: unknown): unknown {
  if (channel === TASKS && Array.isArray(value)) return (decodeMessages(value) as unknown[]).map(decodeSend);
  return decodeMessages(value);
}

/** Encodes writes for `putWrites`. */
export function encodeWrites(writes: readonly PendingWriteValue[]): PendingWriteValue[] {
  return writes.map(([c, v]) => {
    if (c === TASKS) return [c, encodeMessages(encodeSend(v))];
    if (c === ERROR && v instanceof Error) return [c, encodeError(v)];
    // Saved in its wire form, as LangGraph.js's serializer writes it.
    if (v instanceof Overwrite) return [c, v.toJSON()];
    return [c, encodeMessages(v)];
  });
}

/** Decodes saved pending writes. */
export function decodePendingWrites(writes: readonly PendingWrite[] | undefined): PendingWrite[] {
  if (!writes) return [];
  return writes.map(([t, c, v]) => (c === TASKS ? [t, c, decodeSend(decodeMessages(v))] : [t, c, decodeMessages(v)]));
}
