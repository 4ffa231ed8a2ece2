/** The store: the port (`BaseStore`, operations, items), the in-memory implementation, a batching wrapper. */
export * from './base';
export { InMemoryStore, type EmbeddingsLike, type IndexConfig } from './memory';
export { AsyncBatchedStore } from './batched';
