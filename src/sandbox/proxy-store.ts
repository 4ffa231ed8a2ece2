/**
 * The engine's store inside the sandbox: a `BaseStore` whose batches go over the session port to
 * the storage worker, which keeps the items in IndexedDB beside the run's thread (the session is
 * bound to it, so a graph reaches no other thread's items). Calls wait for their answer; the
 * session handles them in order with the saver's calls, so a later read sees every earlier put.
 */
import { BaseStore, type Operation, type OperationResults } from '../engine/store/base';
import type { Json } from '../protocol/dto';
import { storableProblem } from '../protocol/storable';
import type { WireStoreOp } from '../protocol/store';
import type { SessionClient } from './session-client';

/** One engine operation in its wire form (throws for a value that could not be stored). */
export function wireStoreOp(op: Operation): WireStoreOp {
  if ('namespacePrefix' in op) {
    return {
      op: 'search', namespacePrefix: [...op.namespacePrefix],
      ...(op.filter ? { filter: op.filter as Record<string, Json> } : {}),
      ...(op.limit !== undefined ? { limit: op.limit } : {}), ...(op.offset !== undefined ? { offset: op.offset } : {}),
      ...(op.query !== undefined ? { query: op.query } : {}),
    };
  }
  if ('value' in op) {
    if (op.value !== null) {
      const p = storableProblem(op.value);
      if (p) throw new TypeError(`The store cannot keep the value of ${JSON.stringify(op.key)} in [${op.namespace.join(', ')}]: ${p.message}`);
    }
    return { op: 'put', namespace: [...op.namespace], key: op.key, value: op.value };
  }
  if ('key' in op) return { op: 'get', namespace: [...op.namespace], key: op.key };
  return {
    op: 'listNamespaces',
    ...(op.matchConditions ? { matchConditions: op.matchConditions.map((c) => ({ matchType: c.matchType, path: [...c.path] })) } : {}),
    ...(op.maxDepth !== undefined ? { maxDepth: op.maxDepth } : {}),
    ...(op.limit !== undefined ? { limit: op.limit } : {}), ...(op.offset !== undefined ? { offset: op.offset } : {}),
  };
}

/** A store over a session port. */
export class ProxyStore extends BaseStore {
  /** Private: graph code reaches this store (`getStore()`), never its session port. */
  readonly #session: SessionClient;

  constructor(session: SessionClient) {
    super();
    this.#session = session;
  }

  async batch<Ops extends Operation[]>(operations: Ops): Promise<OperationResults<Ops>> {
    const ops = operations.map(wireStoreOp);
    return (await this.#session.call({ type: 'st/batch', ops })) as OperationResults<Ops>;
  }
}
