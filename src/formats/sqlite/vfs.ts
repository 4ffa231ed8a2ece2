/**
 * A read-only SQLite VFS whose files are `MergedDatabase`s: every page SQLite asks for is read from
 * the user's file (and WAL) at that moment, so a large database is never copied into memory.
 * The file tells SQLite it is immutable, so SQLite takes no locks and opens no journal, WAL or
 * shared-memory file; anything but the registered main databases fails to open.
 *
 * VFS methods must never throw into SQLite: a failed read returns SQLITE_IOERR_READ, and the
 * error is kept so the caller can report what really happened.
 */
import type { Sqlite3Result } from '@sqlite.org/sqlite-wasm';
import type { Sqlite3Static } from './wasm';
import type { MergedDatabase } from './merged-file';

export const VFS_NAME = 'replaygraph-readonly';

interface OpenFile {
  /** The name it was registered under (errors are kept by it). */
  name: string;
  db: MergedDatabase;
  dispose: () => void;
}

/** The VFS of one SQLite module: register files under a name, open them with `VFS_NAME`. */
export interface ReadOnlyVfs {
  /**
   * Makes `db` openable as `name`.
   * @returns a function that forgets it again
   */
  register(name: string, db: MergedDatabase): () => void;
  /** The last error a read raised for `name` (cleared when taken). */
  takeError(name: string): unknown;
}

/** Whether a struct type carries Jaccwabyt's `structInfo` (its C size among it). */
const hasStructInfo = (x: unknown): x is { structInfo: { sizeof: number } } =>
  typeof x === 'function' && typeof (x as { structInfo?: { sizeof?: unknown } }).structInfo?.sizeof === 'number';

const installed = new WeakMap<Sqlite3Static, ReadOnlyVfs>();

/** The VFS of `sqlite3`, installed on first use. */
export function readOnlyVfs(sqlite3: Sqlite3Static): ReadOnlyVfs {
  let vfs = installed.get(sqlite3);
  if (!vfs) {
    vfs = install(sqlite3);
    installed.set(sqlite3, vfs);
  }
  return vfs;
}

function install(sqlite3: Sqlite3Static): ReadOnlyVfs {
  const { capi, wasm } = sqlite3;
  const files = new Map<string, MergedDatabase>();
  const errors = new Map<string, unknown>();
  const open = new Map<number, OpenFile>();

  const vfs = new capi.sqlite3_vfs();
  const io = new capi.sqlite3_io_methods();
  io.iVersion = 1;
  vfs.$iVersion = 1;
  // The typings declare `structInfo` on instances only; the struct type has it too.
  const fileStruct: unknown = capi.sqlite3_file;
  if (!hasStructInfo(fileStruct)) throw new Error('This SQLite build does not describe its sqlite3_file struct (no structInfo).');
  vfs.$szOsFile = fileStruct.structInfo.sizeof;
  vfs.$mxPathname = 1024;

  const guard = (name: string, fn: () => number, failure: number): number => {
    try {
      return fn();
    } catch (err) {
      errors.set(name, err);
      return failure;
    }
  };

  sqlite3.vfs.installVfs({
    io: {
      struct: io,
      methods: {
        xClose(pFile) {
          open.get(pFile)?.dispose();
          open.delete(pFile);
          return 0;
        },
        xRead(pFile, pDest, n, offset) {
          const f = open.get(pFile);
          if (!f) return capi.SQLITE_IOERR_READ;
          return guard(f.name, () => {
            const dest = wasm.heap8u().subarray(Number(pDest), Number(pDest) + n);
            const got = f.db.readInto(dest, Number(offset));
            return got < n ? capi.SQLITE_IOERR_SHORT_READ : 0;
          }, capi.SQLITE_IOERR_READ) as Sqlite3Result;
        },
        xWrite: () => capi.SQLITE_READONLY,
        xTruncate: () => capi.SQLITE_READONLY,
        xSync: () => 0,
        xFileSize(pFile, pSize) {
          const f = open.get(pFile);
          if (!f) return capi.SQLITE_IOERR_FSTAT;
          wasm.poke(pSize, f.db.size, 'i64');
          return 0;
        },
        xLock: () => 0,
        xUnlock: () => 0,
        xCheckReservedLock(_pFile, pOut) {
          wasm.poke(pOut, 0, 'i32');
          return 0;
        },
        xFileControl: () => capi.SQLITE_NOTFOUND,
        // Not result codes, but the typings say so for every method.
        xSectorSize: () => 4096 as Sqlite3Result,
        xDeviceCharacteristics: () => capi.SQLITE_IOCAP_IMMUTABLE as Sqlite3Result,
      },
    },
    vfs: {
      struct: vfs,
      name: VFS_NAME,
      methods: {
        xOpen(_pVfs, zName, pFile, flags, pOutFlags) {
          const name = zName ? wasm.cstrToJs(zName) : null;
          const db = name === null ? undefined : files.get(name);
          if (!db || name === null || !(flags & capi.SQLITE_OPEN_MAIN_DB)) return capi.SQLITE_CANTOPEN;
          const file = new capi.sqlite3_file(pFile);
          file.$pMethods = io.pointer as number;
          open.set(pFile, { name, db, dispose: () => file.dispose() });
          if (pOutFlags) wasm.poke(pOutFlags, capi.SQLITE_OPEN_READONLY, 'i32');
          return 0;
        },
        xDelete: () => capi.SQLITE_READONLY,
        xAccess(_pVfs, _zName, _flags, pOut) {
          // No journal, WAL or shm file exists for SQLite: the WAL is merged by this VFS.
          wasm.poke(pOut, 0, 'i32');
          return 0;
        },
        xFullPathname(_pVfs, zName, nOut, pOut) {
          return wasm.cstrncpy(pOut, zName, nOut) < nOut ? 0 : capi.SQLITE_CANTOPEN;
        },
        xRandomness(_pVfs, n, pOut) {
          const heap = wasm.heap8u();
          for (let i = 0; i < n; i++) heap[Number(pOut) + i] = (Math.random() * 256) & 255;
          return n as Sqlite3Result;
        },
        xSleep: () => 0,
        xCurrentTime(_pVfs, pOut) {
          wasm.poke(pOut, 2440587.5 + Date.now() / 86400000, 'double');
          return 0;
        },
        xGetLastError: () => 0,
      },
    },
  });

  return {
    register(name, db) {
      files.set(name, db);
      return () => {
        files.delete(name);
        errors.delete(name);
      };
    },
    takeError(name) {
      const err = errors.get(name);
      errors.delete(name);
      return err;
    },
  };
}
