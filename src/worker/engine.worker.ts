/// <reference lib="webworker" />
/** The module Web Worker's entry: wires the host to the worker scope and to IndexedDB. */
import { APP_DB_NAME, APP_DB_VERSION } from '../checkpoint/idb/open';
import { BUILTIN_GRAPHS, TEST_GRAPHS } from './graphs/index';
import { startHost } from './host';
import { createIdbStore } from './idb-store';

declare const self: DedicatedWorkerGlobalScope;

// Test-only graphs (e.g. one that loops forever) are registered when the worker is named so,
// which the page does only when its URL asks for them (`?testGraphs=1`).
const withTestGraphs = self.name.includes('test-graphs');

startHost(self, {
  openStore: async () => createIdbStore(APP_DB_NAME, APP_DB_VERSION),
  graphs: withTestGraphs ? [...BUILTIN_GRAPHS, ...TEST_GRAPHS] : BUILTIN_GRAPHS,
});
