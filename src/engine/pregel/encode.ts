/**
 * Savers store plain data only. The engine encodes its own class instances before `put` /
 * `putWrites` and decodes them after a read:
 * - `Send` packets (in `__pregel_tasks` values and writes) ⇄ `{ lg_name: 'Send', node, args }`;
 * - errors (`__error__` writes) → `{ name, message, stack }` (decoded as plain data: the original
 *   class cannot be rebuilt);
 * - interrupts are already plain `{ id, value }` records;
 * - LangChain messages anywhere in a value (in arrays and plain objects) ⇄ their serialised form
 *   (see ../messages/serde).
 */
import type { PendingWrite, PendingWriteValue } from '../checkpoint/types';
import { ERROR, TASKS } from '../constants';
import { decodeMessages, encodeMessages } from '../messages/serde';
import { isSend, Send } from '../types';

/** An error as stored in a checkpoint write. */
export interface StoredError {
  name: string;
  message: string;
  stack?: string;
}

export function encodeError(e: unknown): StoredError {
  if (e instanceof Error) return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
  return { name: 'Error', message: typeof e === 'string' ? e : String(e) };
}

function encodeSend(v: unknown): unknown {
  if (isSend(v)) return { lg_name: 'Send', node: v.node, args: v.args };
  return v;
}

/**
 * A Send read back from a saver. On the Send channel the shape decides: LangGraph.js's serialiser
 * stores a Send as `{ node, args }` (without `lg_name`), so a LangGraph.js saver hands that back.
 */
function decodeSend(v: unknown): unknown {
  if (v instanceof Send || typeof v !== 'object' || v === null || typeof (v as { node?: unknown }).node !== 'string') return v;
  const s = v as { node: string; args: unknown };
  return new Send(s.node, s.args);
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
    return [c, encodeMessages(v)];
  });
}

/** Decodes saved pending writes. */
export function decodePendingWrites(writes: readonly PendingWrite[] | undefined): PendingWrite[] {
  if (!writes) return [];
  return writes.map(([t, c, v]) => (c === TASKS ? [t, c, decodeSend(decodeMessages(v))] : [t, c, decodeMessages(v)]));
}
