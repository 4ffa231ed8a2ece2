/**
 * Loading the official SQLite WASM build (`@sqlite.org/sqlite-wasm`) once per worker (or Node
 * process). In Node it reads `sqlite3.wasm` from the package; in a browser the bundler resolves
 * the package's `new URL('sqlite3.wasm', import.meta.url)`, or the caller names the file.
 */
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

export type { Sqlite3Static };

/** How to find `sqlite3.wasm` when the default location does not work (a custom bundle). */
export interface SqliteLoadOptions {
  /** The URL of `sqlite3.wasm`. */
  wasmUrl?: string;
}

let loading: Promise<Sqlite3Static> | undefined;

/**
 * The SQLite module, initialised on the first call; later calls share it.
 * @param options where `sqlite3.wasm` is (first call only)
 */
export function loadSqlite(options: SqliteLoadOptions = {}): Promise<Sqlite3Static> {
  loading ??= (async () => {
    const { default: init } = await import('@sqlite.org/sqlite-wasm');
    // The typings declare no argument; the Emscripten module accepts its usual options (a
    // function of fewer parameters fits this wider type, so no cast is needed).
    const start: (module?: Record<string, unknown>) => Promise<Sqlite3Static> = init;
    const module: Record<string, unknown> = {
      // SQLite's own diagnostics would go to the console; errors reach the caller as results.
      print: () => {},
      printErr: () => {},
    };
    if (options.wasmUrl) module.locateFile = () => options.wasmUrl;
    return start(module);
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
