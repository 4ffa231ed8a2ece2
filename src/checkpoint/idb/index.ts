/** The IndexedDB checkpointer and the app database it shares a connection with. */
export { IndexedDBSaver, type IndexedDBSaverOptions } from './saver';
export { AppDatabase, type AppDatabaseOptions } from './app-database';
export type { ThreadListing } from './threads';
export type { CheckpointRow } from './rows';
export type { StoredCheckpointView } from './checkpoint-view';
export type { WriteOp } from './write-ops';
export { WriteMemo } from './write-memo';
export type { AppendOptions } from './traces';
export { CheckpointStorageError, type StorageFailure } from './errors';
export { DB_VERSION, type ReplayGraphDB } from './schema';
export { APP_DB_NAME, openAppDb } from './open';
export type { SavedQuarantine, SavedUserGraph } from './user-graphs';
