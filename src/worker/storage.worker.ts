/// <reference lib="webworker" />
/**
 * The storage worker's entry: wires the host to the worker scope, to IndexedDB and to the sandbox
 * the page attaches. No graph code is bundled here (src/sandbox is not imported).
 */
import { APP_DB_NAME, APP_DB_VERSION } from '../checkpoint/idb/open';
import { startHost } from './host';
import { createIdbStore } from './idb-store';
import { createThreadMemory, openIdbMemoryBackend } from './thread-memory';
import { largeValueDecoder } from './files/decode-client';
import { httpFollowServer } from './files/follow-http';
// Vite moves the package when it pre-bundles it, so the WASM file is named explicitly.
import sqliteWasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';

declare const self: DedicatedWorkerGlobalScope;

// The page names the worker with its switches: `test-graphs` (the test-only graphs are listed, e.g.
// one that loops forever; the page sets it only when its URL asks, `?testGraphs=1`) and
// `load-ms=N` (the load limit of graph code, `?loadLimitMs=N`).
const words = self.name.split(/\s+/);
const loadMs = Number(words.find((w) => w.startsWith('load-ms='))?.slice('load-ms='.length));
const spareWord = words.find((w) => w.startsWith('spares='));
const spareWorkers = spareWord === undefined ? NaN : Number(spareWord.slice('spares='.length));

startHost(self, {
  openStore: async () => createIdbStore(APP_DB_NAME, APP_DB_VERSION),
  openMemory: async () => createThreadMemory(await openIdbMemoryBackend()),
  testGraphs: words.includes('test-graphs'),
  // Checkpoint files are read here, slice by slice (FileReaderSync), formats loaded on first use;
  // their large values are decoded in a decode worker started on demand (files/decode-client.ts).
  openFiles: async (files) => {
    const decodeBlob = largeValueDecoder();
    return (await import('../formats/index')).openFiles(files, { sqlite: { wasmUrl: sqliteWasmUrl }, ...(decodeBlob ? { decodeBlob } : {}) });
  },
  // The files `npm start -- <path>` serves, followed as the app writes them (files/follow-http.ts).
  follow: {
    server: httpFollowServer(self.location.origin),
    open: async (files) => {
      const decodeBlob = largeValueDecoder();
      const { openCheckpointSource } = await import('../formats/index');
      const { openFollowed } = await import('../formats/follow/followed-source');
      return openFollowed(files, { open: (sources) => openCheckpointSource(sources, { sqlite: { wasmUrl: sqliteWasmUrl }, ...(decodeBlob ? { decodeBlob } : {}) }) });
    },
  },
  sandboxLimits: {
    ...(Number.isInteger(loadMs) && loadMs > 0 ? { loadMs } : {}),
    ...(Number.isInteger(spareWorkers) && spareWorkers >= 0 ? { spareWorkers } : {}),
  },
});
