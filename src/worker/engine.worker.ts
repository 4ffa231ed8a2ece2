/// <reference lib="webworker" />
/** The module Web Worker's entry: wires the host to the worker scope and to IndexedDB. */
import { openAppDb, APP_DB_NAME } from '../checkpoint/idb/open';
import { startHost } from './host';

declare const self: DedicatedWorkerGlobalScope;

startHost(self, {
  async openStorage() {
    const db = await openAppDb();
    return { dbName: APP_DB_NAME, version: db.version };
  },
});
