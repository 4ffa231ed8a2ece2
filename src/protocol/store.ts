/**
 * The store (LangGraph's `BaseStore`) across the sandbox boundary: a run's store operations travel
 * on its session port as `st/batch` and are served by the storage worker, which keeps the items in
 * IndexedDB beside the thread the session is bound to. Types and their checks only.
 */
import { fields, int, isObject, json, list, oneOf, optional, record, text, type Check } from './check';
import { JSON_LIMITS, VALUE_LIMITS, WIRE_LIMITS } from './limits';
import type { Json } from './dto';

/** One store operation, as `BaseStore.batch` takes it (values are checked as storable by the session). */
export type WireStoreOp =
  | { op: 'get'; namespace: string[]; key: string }
  | { op: 'search'; namespacePrefix: string[]; filter?: Record<string, Json>; limit?: number; offset?: number; query?: string }
  | { op: 'put'; namespace: string[]; key: string; value: Record<string, unknown> | null }
  | { op: 'listNamespaces'; matchConditions?: { matchType: 'prefix' | 'suffix'; path: string[] }[]; maxDepth?: number; limit?: number; offset?: number };

/** One stored item as the page sees it. */
export interface StoreItemDTO {
  namespace: string[];
  key: string;
  value: Json;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

const label = text(WIRE_LIMITS.maxIdLength);
const namespace = list(label, 100);
const count = int(0, 1_000_000);
const condition: Check = (v) => (isObject(v) ? fields(v, { matchType: oneOf('prefix', 'suffix'), path: namespace }) : 'a match condition');

/** Why one store operation is malformed, or null. */
export const storeOpProblem: Check = (v) => {
  if (!isObject(v)) return 'a store operation';
  switch (v.op) {
    case 'get': return fields(v, { namespace, key: label });
    case 'search':
      return fields(v, { namespacePrefix: namespace, filter: optional(record(label, json(JSON_LIMITS), 100)), limit: optional(count), offset: optional(count), query: optional(text(WIRE_LIMITS.maxMessageLength)) });
    case 'put': return fields(v, { namespace, key: label, value: (x) => (x === null ? null : isObject(x) ? json(VALUE_LIMITS)(x) : 'an object or null') });
    case 'listNamespaces':
      return fields(v, { matchConditions: optional(list(condition, 100)), maxDepth: optional(count), limit: optional(count), offset: optional(count) });
    default:
      return 'a get, search, put or listNamespaces operation';
  }
};

/** The operations of one `st/batch`. */
export const storeOpsProblem: Check = list(storeOpProblem, 10_000);
