/**
 * The store port: long-term memory shared across threads, as LangGraph's `BaseStore`. Items are
 * JSON-like objects under a key, grouped in hierarchical namespaces (`['users', 'u1', 'prefs']`).
 *
 * A store implements one primitive, `batch(operations)`, which runs a list of get / search / put /
 * list-namespaces operations and returns one result per operation, in order. Everything else
 * (`get`, `search`, `put`, `delete`, `listNamespaces`) is defined here on top of it, so a new
 * backend (e.g. IndexedDB) only writes `batch`. The engine accepts any object with this shape,
 * including LangGraph.js's own stores (`InMemoryStore` of `@langchain/langgraph-checkpoint`).
 */

/** A stored item. */
export interface Item {
  /** The stored object (`any` values, as LangGraph.js's `Item`: callers read fields of their own items). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
  value: Record<string, any>;
  /** Its key inside the namespace. */
  key: string;
  /** Its namespace, root first. */
  namespace: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A search hit: an item with its similarity score (only for a `query` on an indexed store). */
export interface SearchItem extends Item {
  score?: number;
}

/** Reads one item. */
export interface GetOperation {
  namespace: string[];
  key: string;
}

/** Comparison operators of a search filter; a bare value means `$eq`. */
export type FilterValue = unknown | { $eq?: unknown; $ne?: unknown; $gt?: unknown; $gte?: unknown; $lt?: unknown; $lte?: unknown; $in?: unknown[]; $nin?: unknown[] };

/** Lists items under a namespace prefix, filtered by value fields, optionally ranked by a query. */
export interface SearchOperation {
  namespacePrefix: string[];
  filter?: Record<string, FilterValue>;
  /** @default 10 */
  limit?: number;
  /** @default 0 */
  offset?: number;
  /** Natural-language query (ranked by similarity when the store has an embedding index). */
  query?: string;
}

/** Writes an item; `value: null` deletes it. `index`: fields to embed (false: none). */
export interface PutOperation {
  namespace: string[];
  key: string;
  value: Item['value'] | null;
  index?: false | string[];
}

/** A namespace condition: `prefix` or `suffix` of the path; `'*'` matches any label. */
export interface MatchCondition {
  matchType: 'prefix' | 'suffix';
  path: string[];
}

/** Lists the namespaces that hold items. */
export interface ListNamespacesOperation {
  matchConditions?: MatchCondition[];
  /** Truncate namespaces to this depth (then deduplicated). */
  maxDepth?: number;
  limit: number;
  offset: number;
}

export type Operation = GetOperation | SearchOperation | PutOperation | ListNamespacesOperation;

/** What each operation returns. */
export type OperationResult<O> = O extends PutOperation
  ? void
  : O extends SearchOperation
    ? SearchItem[]
    : O extends GetOperation
      ? Item | null
      : O extends ListNamespacesOperation
        ? string[][]
        : never;

export type OperationResults<Ops extends readonly Operation[]> = { [K in keyof Ops]: OperationResult<Ops[K]> };

/** A namespace that breaks the rules (empty, a non-string label, `.`, `:` or NUL in a label…). */
export class InvalidNamespaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidNamespaceError';
  }
}

/**
 * Checks a namespace as LangGraph does: non-empty string labels without `.`, `:` or NUL, and not
 * rooted at the reserved `langgraph` (unless allowed).
 */
export function validateNamespace(namespace: readonly unknown[], options: { allowEmpty?: boolean; allowReservedRoot?: boolean } = {}): void {
  if (namespace.length === 0) {
    if (options.allowEmpty) return;
    throw new InvalidNamespaceError('Namespace cannot be empty.');
  }
  for (const label of namespace) {
    if (typeof label !== 'string') {
      throw new InvalidNamespaceError(`Invalid namespace label '${String(label)}' found in ${namespace.join(',')}. Namespace labels must be strings, but got ${typeof label}.`);
    }
    if (label.includes('.')) throw new InvalidNamespaceError(`Invalid namespace label '${label}' found in ${namespace.join(',')}. Namespace labels cannot contain periods ('.').`);
    if (label.includes(':')) throw new InvalidNamespaceError(`Invalid namespace label '${label}'. Namespace labels cannot contain colons (':').`);
    if (label.includes('\0')) throw new InvalidNamespaceError('Namespace labels cannot contain NUL bytes.');
    if (label === '') throw new InvalidNamespaceError(`Namespace labels cannot be empty strings. Got ${label} in ${namespace.join(',')}`);
  }
  if (namespace[0] === 'langgraph' && !options.allowReservedRoot) {
    throw new InvalidNamespaceError(`Root label for namespace cannot be "langgraph". Got: ${namespace.join(',')}`);
  }
}

const READ_RULES = { allowEmpty: true, allowReservedRoot: true };

/** A store: implement `batch`; the rest comes from it. */
export abstract class BaseStore {
  /** Runs `operations` and returns one result per operation, in order. */
  abstract batch<Ops extends Operation[]>(operations: Ops): Promise<OperationResults<Ops>>;

  /** The item at `namespace` / `key`, or null. */
  async get(namespace: string[], key: string): Promise<Item | null> {
    validateNamespace(namespace, READ_RULES);
    return (await this.batch([{ namespace, key }]))[0];
  }

  /** Items under `namespacePrefix` (all namespaces for `[]`), filtered, paged, optionally ranked. */
  async search(namespacePrefix: string[], options: { filter?: Record<string, FilterValue>; limit?: number; offset?: number; query?: string } = {}): Promise<SearchItem[]> {
    validateNamespace(namespacePrefix, READ_RULES);
    const { filter, limit = 10, offset = 0, query } = options;
    return (await this.batch([{ namespacePrefix, filter, limit, offset, query }]))[0];
  }

  /** Stores `value` at `namespace` / `key` (replacing any item there). */
  async put(namespace: string[], key: string, value: Item['value'], index?: false | string[]): Promise<void> {
    validateNamespace(namespace);
    await this.batch([{ namespace, key, value, index }]);
  }

  /** Deletes the item at `namespace` / `key` (nothing happens when there is none). */
  async delete(namespace: string[], key: string): Promise<void> {
    validateNamespace(namespace, READ_RULES);
    await this.batch([{ namespace, key, value: null }]);
  }

  /** The namespaces holding items, sorted, filtered by prefix / suffix, truncated to `maxDepth`. */
  async listNamespaces(options: { prefix?: string[]; suffix?: string[]; maxDepth?: number; limit?: number; offset?: number } = {}): Promise<string[][]> {
    const { prefix, suffix, maxDepth, limit = 100, offset = 0 } = options;
    const matchConditions: MatchCondition[] = [];
    if (prefix) {
      validateNamespace(prefix, READ_RULES);
      matchConditions.push({ matchType: 'prefix', path: prefix });
    }
    if (suffix) {
      validateNamespace(suffix, READ_RULES);
      matchConditions.push({ matchType: 'suffix', path: suffix });
    }
    return (await this.batch([{ matchConditions: matchConditions.length ? matchConditions : undefined, maxDepth, limit, offset }]))[0];
  }

  /** Called before a run uses the store (no-op by default). */
  start(): void | Promise<void> {}

  /** Called after a run used the store (no-op by default). */
  stop(): void | Promise<void> {}
}

/** What the engine needs of a store: LangGraph.js's own stores fit this shape too. */
export type StoreLike = Pick<BaseStore, 'batch' | 'get' | 'search' | 'put' | 'delete' | 'listNamespaces'>;
