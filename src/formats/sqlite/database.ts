/**
 * A SQLite database opened read-only through the lazy VFS, with queries returning plain rows and
 * SQLite's failures turned into FormatErrors.
 */
import type { BindingSpec, SqlValue } from '@sqlite.org/sqlite-wasm';
import type { ByteSource } from '../bytes/byte-source';
import { FormatError, formatError } from '../errors';
import { readDatabaseHeader } from './header';
import { mergedDatabase } from './merged-file';
import { readOnlyVfs, VFS_NAME } from './vfs';
import { indexWal, isWalRejection } from './wal';
import type { Sqlite3Static } from './wasm';
import { readColumnInChunks, readColumnsInChunks, type ChunkedRead, type ColumnAt, type ColumnsAt } from './column-reader';
import { nextTurn } from '../turn';

/** One result row. */
export type Row = Record<string, SqlValue>;

/** What was merged from the WAL. */
export interface WalReport {
  /** The WAL file's name. */
  name: string;
  /** True when committed WAL pages were laid over the main file. */
  merged: boolean;
  /** Why the WAL was not used (a rejected file, or no committed frames). */
  reason?: string;
  totalFrames: number;
  validFrames: number;
  committedFrames: number;
  /** Distinct pages served from the WAL. */
  pages: number;
}

/** An open read-only database. */
export interface SqliteDatabase {
  readonly name: string;
  readonly pageSize: number;
  /** Whether the database keeps text as UTF-8 (not UTF-16). */
  readonly textUtf8: boolean;
  readonly wal?: WalReport;
  /** All rows of `sql`. @throws FormatError */
  all(sql: string, bind?: BindingSpec): Row[];
  /**
   * One column value of a rowid table read from the pages `chunkBytes` at a time, with a turn of
   * the message loop between chunks (`column-reader.ts`); undefined when the pages are not as
   * expected (read it with SQL then). @throws FormatError when the file can no longer be read
   */
  readColumn(at: ColumnAt, chunkBytes: number): Promise<Uint8Array | undefined>;
  /** Several columns of one row read the same way, in one walk of its pages (`readColumnsInChunks`). */
  readColumns(at: ColumnsAt, chunkBytes: number): Promise<Uint8Array[] | undefined>;
  close(): void;
}

let counter = 0;

/** SQLite's primary result codes this layer tells apart. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_IOERR = 10;

function toFormatError(err: unknown, name: string, readError: unknown): FormatError {
  if (err instanceof FormatError) return err;
  const code = typeof (err as { resultCode?: unknown })?.resultCode === 'number' ? (err as { resultCode: number }).resultCode & 0xff : -1;
  const message = err instanceof Error ? err.message.replace(/^SQLITE_\w+: sqlite3 result code \d+: /, '') : String(err);
  if (readError !== undefined) {
    const why = readError instanceof Error ? readError.message : String(readError);
    return formatError('FORMAT_CORRUPT', name, `reading the file failed (${why}); it may have changed since it was chosen`);
  }
  if (code === SQLITE_NOTADB) return formatError('FORMAT_UNRECOGNIZED', name, message);
  if (code === SQLITE_CORRUPT) return formatError('FORMAT_CORRUPT', name, message);
  if (code === SQLITE_IOERR) return formatError('FORMAT_TRUNCATED', name, `SQLite could not read a page (${message})`);
  return formatError('FORMAT_CORRUPT', name, message);
}

/**
 * Opens `main` (with `wal` merged, when given) read-only.
 * @param sqlite3 the SQLite module
 * @param main the database file
 * @param wal its `-wal` file, if the app still had the database open
 * @throws FormatError when the file is not a readable SQLite database
 */
export function openSqliteDatabase(sqlite3: Sqlite3Static, main: ByteSource, wal?: ByteSource): SqliteDatabase {
  const header = readDatabaseHeader(main);
  let report: WalReport | undefined;
  let merged = mergedDatabase(main, header.pageSize);
  if (wal) {
    const index = indexWal(wal, header.pageSize, { pages: header.pageCount, page1: main.read(0, header.pageSize).slice() });
    if (isWalRejection(index)) {
      report = { name: wal.name, merged: false, reason: index.reason, totalFrames: 0, validFrames: 0, committedFrames: 0, pages: 0 };
    } else {
      const used = index.dbPages > 0;
      report = {
        name: wal.name,
        merged: used,
        ...(used ? {} : { reason: 'the WAL holds no committed transaction' }),
        totalFrames: index.totalFrames,
        validFrames: index.validFrames,
        committedFrames: index.committedFrames,
        pages: index.pages.size,
      };
      if (used) merged = mergedDatabase(main, header.pageSize, { index, source: wal });
    }
  }
  const vfs = readOnlyVfs(sqlite3);
  const fileName = `rg-${++counter}-${main.name.replace(/[^\w.-]/g, '_')}`;
  const unregister = vfs.register(fileName, merged);
  let db: InstanceType<Sqlite3Static['oo1']['DB']>;
  try {
    db = new sqlite3.oo1.DB(fileName, 'r', VFS_NAME);
    db.exec('PRAGMA query_only = 1; PRAGMA temp_store = MEMORY;');
    // Forces SQLite to read the schema now, so a non-database fails here, not at the first query.
    db.selectValue('SELECT count(*) FROM sqlite_schema');
  } catch (err) {
    const readError = vfs.takeError(fileName);
    unregister();
    throw toFormatError(err, main.name, readError);
  }
  const page = (pgno: number) => {
    const out = new Uint8Array(header.pageSize);
    try {
      if (merged.readInto(out, (pgno - 1) * header.pageSize) !== header.pageSize) throw new Error(`page ${pgno} is beyond the end of the file`);
    } catch (err) {
      throw toFormatError(err, main.name, err);
    }
    return out;
  };
  const first = page(1);
  const chunked = (chunkBytes: number): ChunkedRead => ({ pageSize: header.pageSize, reserved: first[20] ?? 0, chunkBytes, turn: nextTurn });
  // Preparing a statement costs far more than running these small queries: keep them prepared.
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  return {
    name: main.name,
    pageSize: header.pageSize,
    // Header bytes 56-59: 1 for UTF-8 (0 in a database that has no text yet).
    textUtf8: first[56] === 0 && first[57] === 0 && first[58] === 0 && (first[59] ?? 0) <= 1,
    ...(report ? { wal: report } : {}),
    all(sql, bind) {
      let stmt = statements.get(sql);
      try {
        if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
        if (bind !== undefined) stmt.bind(bind);
        const rows: Row[] = [];
        while (stmt.step()) rows.push(stmt.get({}));
        return rows;
      } catch (err) {
        throw toFormatError(err, main.name, vfs.takeError(fileName));
      } finally {
        // After a failed step, reset reports that failure again; it has been reported already.
        try {
          stmt?.reset(true);
        } catch {
          statements.delete(sql);
          try {
            stmt?.finalize();
          } catch {
            // finalize reports the same failure; the statement is gone either way
          }
        }
      }
    },
    readColumn: (at, chunkBytes) => readColumnInChunks(page, at, chunked(chunkBytes)),
    readColumns: (at, chunkBytes) => readColumnsInChunks(page, at, chunked(chunkBytes)),
    close() {
      for (const stmt of statements.values()) stmt.finalize();
      statements.clear();
      db.close();
      unregister();
    },
  };
}
