/** Opens the app's IndexedDB database with idb. The schema and its migrations grow here. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const APP_DB_NAME = 'replaygraph';
export const APP_DB_VERSION = 1;

/** The app database's typed schema. */
export interface AppDB extends DBSchema {
  meta: { key: string; value: { key: string; value: unknown } };
}

/** Opens (creating or upgrading) the app database. */
export function openAppDb(name: string = APP_DB_NAME): Promise<IDBPDatabase<AppDB>> {
  return openDB<AppDB>(name, APP_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('meta', { keyPath: 'key' });
    },
  });
}
