/// <reference lib="webworker" />
/**
 * Test worker for `open-files.browser-test.ts`: opens the posted `File`s with `openFiles` (lazy
 * `FileReaderSync` reads, SQLite WASM in this worker) and answers with what it read.
 */
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import { openFiles } from '../open-files';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (e: MessageEvent<{ files: File[]; thread?: string }>) => {
  try {
    const { result, stats } = await openFiles(e.data.files, { sqlite: { wasmUrl } });
    if (!result.ok) {
      self.postMessage({ ok: false, error: result.error, bytesRead: stats.bytes });
      return;
    }
    const source = result.source;
    const threads = await source.listThreads();
    const thread = e.data.thread ?? threads[0]?.threadId;
    const namespaces = thread ? await source.listNamespaces(thread) : [];
    const history = thread ? await source.listCheckpoints(thread, '', { limit: 10 }) : [];
    const latest = thread ? await source.getCheckpoint(thread, '') : undefined;
    source.close();
    self.postMessage({
      ok: true,
      info: source.info,
      threads,
      namespaces,
      history: history.map((c) => ({ id: c.checkpointId, source: c.metadata.source, step: c.metadata.step, writes: c.writeCount })),
      latest: latest?.tuple,
      bytesRead: stats.bytes,
      fileSize: e.data.files.reduce((n, f) => n + f.size, 0),
    });
  } catch (err) {
    self.postMessage({ ok: false, error: { code: 'THROWN', message: String(err) } });
  }
};
