/** Guards for messages arriving over a boundary: anything that fails them is dropped. */
import type { FromWorker, ToWorker } from './messages';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** True when `v` looks like a message to the worker (namespaced type and numeric id). */
export function isToWorker(v: unknown): v is ToWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/') && typeof v.id === 'number';
}

/** True when `v` looks like a message from the worker. */
export function isFromWorker(v: unknown): v is FromWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/');
}
