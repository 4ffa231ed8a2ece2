/** The store: the port (`BaseStore`, operations, items) and the in-memory implementation. */
export * from './base';
export { InMemoryStore, type EmbeddingsLike, type IndexConfig } from './memory';
