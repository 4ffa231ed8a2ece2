/** Opens the app's IndexedDB database (the same database and schema the IndexedDBSaver uses). */
import { openDB, type IDBPDatabase } from 'idb';
import { DB_VERSION, upgradeSchema, type ReplayGraphDB } from './schema';

export const APP_DB_NAME = 'replaygraph';
/** The schema version `openAppDb` opens (see schema.ts for what each version adds). */
export const APP_DB_VERSION = DB_VERSION;

/** The app database's typed schema. */
export type AppDB = ReplayGraphDB;

/** Opens (creating or upgrading) the app database. */
export function openAppDb(name: string = APP_DB_NAME): Promise<IDBPDatabase<AppDB>> {
  return openDB<AppDB>(name, APP_DB_VERSION, {
    upgrade: (db, oldVersion, newVersion, tx) => upgradeSchema(db, oldVersion, newVersion ?? APP_DB_VERSION, tx),
    // A newer app version in another tab wants to upgrade: close rather than block it.
    blocking: (_current, _blocked, event) => (event.target as IDBDatabase).close(),
  });
}
