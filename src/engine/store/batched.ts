/**
 * `AsyncBatchedStore`: wraps a store so that operations issued close together (e.g. by the tasks
 * of one step) reach it as one `batch` call. LangGraph.js wraps every run's store in one; this
 * engine hands nodes the store as given, and offers the wrapper for code that wants batching.
 *
 * Unlike LangGraph.js 1.7.3's, it needs no `start()`: the first queued operation schedules a flush
 * (on the next macrotask, so concurrent tasks join in), and every BaseStore method works through
 * it, `listNamespaces` included.
 */
import { BaseStore, type Operation, type OperationResults, type StoreLike } from './base';

declare function setTimeout(fn: () => void, ms: number): unknown;

interface Queued {
  op: Operation;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

export class AsyncBatchedStore extends BaseStore {
  readonly lg_name = 'AsyncBatchedStore';
  /** The wrapped store (never another AsyncBatchedStore: those are unwrapped). */
  readonly store: StoreLike;
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(store: StoreLike) {
    super();
    this.store = store instanceof AsyncBatchedStore ? store.store : store;
  }

  /** Queues `operations`; they run in the wrapped store's next batch. */
  batch<Ops extends Operation[]>(operations: Ops): Promise<OperationResults<Ops>> {
    return Promise.all(operations.map((op) => new Promise((resolve, reject) => this.enqueue({ op, resolve, reject })))) as Promise<OperationResults<Ops>>;
  }

  private enqueue(item: Queued): void {
    this.queue.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => void this.flush(), 0);
  }

  private async flush(): Promise<void> {
    const items = this.queue;
    this.queue = [];
    this.scheduled = false;
    try {
      const results = await this.store.batch(items.map((i) => i.op));
      items.forEach((item, k) => item.resolve(results[k]));
    } catch (e) {
      for (const item of items) item.reject(e);
    }
  }
}
