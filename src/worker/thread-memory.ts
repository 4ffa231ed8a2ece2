/**
 * The store (LangGraph's `BaseStore`) of each thread, as the storage worker keeps it: a run's
 * `st/batch` calls are served by an engine `InMemoryStore` per thread, and every put is written
 * through to a durable copy: IndexedDB in the app (its own database, `replaygraph-stores`, one
 * record per item keyed by thread, namespace and key), nothing in tests. A thread's items are
 * read back into memory the first time a run of that thread touches its store.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { InMemoryStore } from '../engine/store/memory';
import type { Item, Operation } from '../engine/store/base';
import type { Json } from '../protocol/dto';
import type { StoreItemDTO, WireStoreOp } from '../protocol/store';

/** Where a thread's items are kept beyond memory. */
export interface MemoryBackend {
  load(threadId: string): Promise<Item[]>;
  /** Writes `items` and deletes `deleted` (namespace and key) for the thread, in one transaction. */
  save(threadId: string, items: Item[], deleted: { namespace: string[]; key: string }[]): Promise<void>;
  drop(threadId: string): Promise<void>;
}

/** The stores of all threads. */
export interface ThreadMemory {
  /** Runs a batch of store operations on the thread's store; one result per operation. */
  batch(threadId: string, ops: WireStoreOp[]): Promise<unknown[]>;
  /** Every item of the thread's store, for the inspector (namespace, then key order). */
  items(threadId: string): Promise<StoreItemDTO[]>;
  /** Forgets a deleted thread's store. */
  drop(threadId: string): Promise<void>;
}

/** A wire operation as the engine's store takes it. */
function engineOp(op: WireStoreOp): Operation {
  switch (op.op) {
    case 'get': return { namespace: op.namespace, key: op.key };
    case 'put': return { namespace: op.namespace, key: op.key, value: op.value };
    case 'search': {
      const { op: _, ...rest } = op;
      return rest;
    }
    case 'listNamespaces': {
      const { op: _, limit = 100, offset = 0, ...rest } = op;
      return { ...rest, limit, offset };
    }
  }
}

const dto = (item: Item): StoreItemDTO => ({
  namespace: [...item.namespace], key: item.key, value: item.value as Json,
  createdAt: item.createdAt.toISOString(), updatedAt: item.updatedAt.toISOString(),
});

/** Thread stores in memory, written through to `backend`. */
export function createThreadMemory(backend: MemoryBackend | null = null): ThreadMemory {
  const stores = new Map<string, Promise<InMemoryStore>>();
  const storeOf = (threadId: string) => {
    let s = stores.get(threadId);
    if (!s) {
      s = (async () => {
        const store = new InMemoryStore();
        if (backend) store.restore(await backend.load(threadId));
        return store;
      })();
      stores.set(threadId, s);
      s.catch(() => stores.delete(threadId));
    }
    return s;
  };
  return {
    async batch(threadId, ops) {
      const store = await storeOf(threadId);
      const results = await store.batch(ops.map(engineOp));
      const puts = ops.filter((o): o is Extract<WireStoreOp, { op: 'put' }> => o.op === 'put');
      if (backend && puts.length > 0) {
        const items: Item[] = [];
        const deleted: { namespace: string[]; key: string }[] = [];
        for (const p of puts) {
          const item = await store.get(p.namespace, p.key);
          if (item) items.push(item);
          else deleted.push({ namespace: p.namespace, key: p.key });
        }
        await backend.save(threadId, items, deleted);
      }
      return results;
    },
    async items(threadId) {
      const store = await storeOf(threadId);
      const all = await store.search([], { limit: Number.MAX_SAFE_INTEGER });
      return all.map(dto).sort((a, b) => a.namespace.join('\u0000').localeCompare(b.namespace.join('\u0000')) || a.key.localeCompare(b.key));
    },
    async drop(threadId) {
      stores.delete(threadId);
      await backend?.drop(threadId);
    },
  };
}

/** The IndexedDB database of thread stores. */
export const STORES_DB_NAME = 'replaygraph-stores';
const ITEMS = 'items';

interface Row {
  threadId: string;
  ns: string;
  key: string;
  namespace: string[];
  value: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

const nsText = (namespace: readonly string[]) => JSON.stringify(namespace);

/** Thread stores kept in IndexedDB (database `name`). */
export async function openIdbMemoryBackend(name = STORES_DB_NAME): Promise<MemoryBackend> {
  const db: IDBPDatabase = await openDB(name, 1, {
    upgrade(d) {
      d.createObjectStore(ITEMS, { keyPath: ['threadId', 'ns', 'key'] });
    },
  });
  const range = (threadId: string) => IDBKeyRange.bound([threadId], [threadId, []]);
  return {
    async load(threadId) {
      const rows = (await db.getAll(ITEMS, range(threadId))) as Row[];
      return rows.map((r) => ({ namespace: r.namespace, key: r.key, value: r.value, createdAt: r.createdAt, updatedAt: r.updatedAt }));
    },
    async save(threadId, items, deleted) {
      const tx = db.transaction(ITEMS, 'readwrite');
      for (const it of items) {
        const row: Row = { threadId, ns: nsText(it.namespace), key: it.key, namespace: it.namespace, value: it.value, createdAt: it.createdAt, updatedAt: it.updatedAt };
        void tx.store.put(row);
      }
      for (const d of deleted) void tx.store.delete([threadId, nsText(d.namespace), d.key]);
      await tx.done;
    },
    async drop(threadId) {
      await db.delete(ITEMS, range(threadId));
    },
  };
}
