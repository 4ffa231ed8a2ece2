/**
 * Where the LangGraph servers the user added are kept: a small IndexedDB database of its own
 * (`replaygraph-servers`), beside the app's checkpoint database rather than in it, so that its
 * schema never has to move with the checkpoint schema. API keys and header values live only here,
 * in this browser's storage for the app's origin; the worker sends them to their server and
 * nowhere else (the page is told only that a key exists and which header names are set).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SavedRemoteServer } from '../../remote';

/** The servers' database name. */
export const SERVERS_DB_NAME = 'replaygraph-servers';
const VERSION = 1;

/** The storage port of saved servers. */
export interface ServerStore {
  list(): Promise<SavedRemoteServer[]>;
  get(serverId: string): Promise<SavedRemoteServer | undefined>;
  put(server: SavedRemoteServer): Promise<void>;
  delete(serverId: string): Promise<void>;
}

interface ServersSchema extends DBSchema {
  servers: { key: string; value: SavedRemoteServer };
}

/** Saved servers in IndexedDB (opened on first use). */
export function createIdbServerStore(dbName: string = SERVERS_DB_NAME): ServerStore {
  let db: Promise<IDBPDatabase<ServersSchema>> | null = null;
  const open = () =>
    (db ??= openDB<ServersSchema>(dbName, VERSION, {
      upgrade(d) {
        if (!d.objectStoreNames.contains('servers')) d.createObjectStore('servers', { keyPath: 'id' });
      },
    }).catch((err: unknown) => {
      db = null;
      throw err;
    }));
  return {
    list: async () => (await (await open()).getAll('servers')).sort((a, b) => a.addedAt.localeCompare(b.addedAt)),
    get: async (serverId) => (await open()).get('servers', serverId),
    put: async (server) => void (await (await open()).put('servers', server)),
    delete: async (serverId) => (await open()).delete('servers', serverId),
  };
}

/** Saved servers in memory (tests, and workers without IndexedDB). */
export function createMemoryServerStore(): ServerStore {
  const servers = new Map<string, SavedRemoteServer>();
  return {
    list: async () => [...servers.values()].sort((a, b) => a.addedAt.localeCompare(b.addedAt)).map((s) => structuredClone(s)),
    get: async (serverId) => (servers.has(serverId) ? structuredClone(servers.get(serverId)!) : undefined),
    put: async (server) => void servers.set(server.id, structuredClone(server)),
    delete: async (serverId) => void servers.delete(serverId),
  };
}
