/** The IndexedDB checkpointer and its database. */
export { IndexedDBSaver, type IndexedDBSaverOptions } from './saver';
export type { ThreadStatus, ThreadSummary } from './threads';
export { CheckpointStorageError, type StorageFailure } from './errors';
export { DB_VERSION, type ReplayGraphDB } from './schema';
export { APP_DB_NAME, openAppDb } from './open';
export type { SavedUserGraph } from './user-graphs';
