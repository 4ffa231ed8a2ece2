/**
 * Opening whatever the user gave: files are told apart by their first bytes, not their names.
 *
 * - a SQLite database (`SQLite format 3`), with its `-wal` file (WAL magic) when given;
 * - a JSON file: the JS dev server's store, or a Postgres dump made with `json_agg`;
 * - CSV files: the three tables of a Postgres dump made with `\copy … csv`.
 *
 * A refusal is data (`{ ok: false, error }`) with a code from the shared catalogue; nothing is
 * ever written to any file.
 */
import type { ErrorData } from '../shared/errors';
import type { ByteSource } from './bytes/byte-source';
import { strictUtf8 } from './bytes/text';
import type { BlobDecoder } from './decode/large-values';
import { formatError, toFormatErrorData } from './errors';
import { resolveLimits, type FormatLimits } from './options';
import { createSource } from './source';
import { openSqliteDatabase } from './sqlite/database';
import { hasSqliteMagic } from './sqlite/header';
import { sqliteStore } from './sqlite/store';
import { loadSqlite, type Sqlite3Static, type SqliteLoadOptions } from './sqlite/wasm';
import { parseCsv } from './stores/csv';
import { devStoreState, langgraphDevStore } from './stores/langgraph-dev';
import { missingColumns, PG_TABLES, postgresCsvTable, postgresDumpStore, postgresJsonTables, type PostgresTables } from './stores/postgres-dump';
import type { RawStore } from './stores/raw';
import type { CheckpointSource } from './types';

/** Options of `openCheckpointSource`. */
export interface OpenOptions {
  limits?: Partial<FormatLimits>;
  /** The SQLite module to use, or where to load `sqlite3.wasm` from. */
  sqlite?: Sqlite3Static | SqliteLoadOptions;
  /**
   * Where values over `maxInlineDecodeBytes` are decoded (the app's storage worker passes a
   * decode worker's); in the reading thread when absent.
   */
  decodeBlob?: BlobDecoder;
}

/** The source, or why it could not be opened. */
export type OpenResult = { ok: true; source: CheckpointSource } | { ok: false; error: ErrorData };

type Kind = 'sqlite' | 'wal' | 'json' | 'csv' | 'unknown';

function kindOf(file: ByteSource): Kind {
  const head = file.read(0, 64);
  if (hasSqliteMagic(head)) return 'sqlite';
  if (head.length >= 4) {
    const magic = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    if (magic === 0x377f0682 || magic === 0x377f0683) return 'wal';
  }
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09)) i++;
  if (head[i] === 0x7b || head[i] === 0x5b) return 'json';
  const text = String.fromCharCode(...head.subarray(i));
  if (/^[\w"]+(,[\w"]+)+/.test(text)) return 'csv';
  return 'unknown';
}

function describe(file: ByteSource): string {
  if (file.size === 0) return 'the file is empty';
  return 'it is not a SQLite database, a JSON store or a CSV dump (an encrypted database, such as SQLCipher makes, looks like this too)';
}

function readText(file: ByteSource, limits: Required<FormatLimits>): string {
  if (file.size > limits.maxTextStoreBytes) {
    throw formatError('FORMAT_TOO_LARGE', file.name, `${file.size} bytes; JSON and CSV stores are read whole, up to ${limits.maxTextStoreBytes} bytes (a SQLite file has no such limit)`);
  }
  try {
    return strictUtf8.decode(file.read(0, file.size)).replace(/^\uFEFF/, '');
  } catch {
    throw formatError('FORMAT_CORRUPT', file.name, 'it is not valid UTF-8 text');
  }
}

function parseJson(file: ByteSource, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/end of (JSON )?input|Unterminated/i.test(message)) throw formatError('FORMAT_TRUNCATED', file.name, `its JSON ends early (${message})`);
    throw formatError('FORMAT_CORRUPT', file.name, `it is not valid JSON (${message})`);
  }
}

function jsonStore(file: ByteSource, limits: Required<FormatLimits>): RawStore {
  const parsed = parseJson(file, readText(file, limits));
  const dev = devStoreState(parsed);
  if (dev) return langgraphDevStore(file.name, dev);
  const tables = postgresJsonTables(parsed);
  if (tables) {
    for (const t of PG_TABLES) {
      const missing = missingColumns(t, tables[t]);
      if (missing.length) throw formatError('FORMAT_SCHEMA', file.name, `its "${t}" rows lack ${missing.join(', ')}`);
    }
    return postgresDumpStore(file.name, tables);
  }
  throw formatError('FORMAT_SCHEMA', file.name, 'it is JSON but neither a LangGraph dev server store ({ storage, writes }) nor a Postgres dump ({ checkpoints, checkpoint_blobs, checkpoint_writes })');
}

function csvStore(files: ByteSource[], limits: Required<FormatLimits>): RawStore {
  const tables: Partial<PostgresTables> = {};
  let main = files[0]!;
  for (const file of files) {
    let table;
    try {
      table = parseCsv(readText(file, limits));
    } catch (err) {
      throw err instanceof Error && err.name === 'FormatError' ? err : formatError('FORMAT_CORRUPT', file.name, `it is not valid CSV (${err instanceof Error ? err.message : String(err)})`);
    }
    const which = postgresCsvTable(table);
    if (!which) throw formatError('FORMAT_SCHEMA', file.name, `its columns (${table.columns.join(', ')}) are not those of a LangGraph Postgres table`);
    const missing = missingColumns(which, table.rows);
    if (missing.length) throw formatError('FORMAT_SCHEMA', file.name, `its "${which}" rows lack ${missing.join(', ')}`);
    tables[which] = table.rows;
    if (which === 'checkpoints') main = file;
  }
  if (!tables.checkpoints) throw formatError('FORMAT_SCHEMA', files[0]!.name, 'a CSV dump needs the "checkpoints" table (checkpoints.csv) beside checkpoint_blobs.csv and checkpoint_writes.csv');
  return postgresDumpStore(main.name, { checkpoints: tables.checkpoints, checkpoint_blobs: tables.checkpoint_blobs ?? [], checkpoint_writes: tables.checkpoint_writes ?? [] });
}

async function sqliteModule(option: OpenOptions['sqlite']): Promise<Sqlite3Static> {
  if (option && 'oo1' in option) return option;
  return loadSqlite(option ?? {});
}

/**
 * Opens the checkpoint store in `files` (read-only).
 * @param files the chosen files: one SQLite database (plus its `-wal`), one JSON store, or the CSV tables of a dump
 * @param options limits, and how to load SQLite
 */
export async function openCheckpointSource(files: readonly ByteSource[], options: OpenOptions = {}): Promise<OpenResult> {
  const limits = resolveLimits(options.limits);
  try {
    if (files.length === 0) throw formatError('FORMAT_UNRECOGNIZED', '(nothing)', 'no file was given');
    const kinds = files.map((f) => ({ file: f, kind: kindOf(f) }));
    const unknown = kinds.find((k) => k.kind === 'unknown');
    if (unknown) throw formatError('FORMAT_UNRECOGNIZED', unknown.file.name, describe(unknown.file));
    const size = files.reduce((n, f) => n + f.size, 0);
    const databases = kinds.filter((k) => k.kind === 'sqlite');
    const wals = kinds.filter((k) => k.kind === 'wal');
    if (databases.length > 1) throw formatError('FORMAT_UNRECOGNIZED', databases[1]!.file.name, 'open one SQLite database at a time (with its -wal file)');
    if (databases.length === 1) {
      const main = databases[0]!.file;
      const wal = wals.find((w) => w.file.name === `${main.name}-wal`) ?? wals[0];
      const notes = kinds.filter((k) => k !== databases[0] && k !== wal).map((k) => `"${k.file.name}" was ignored: only the database and its -wal file are read.`);
      const db = openSqliteDatabase(await sqliteModule(options.sqlite), main, wal?.file);
      let store: RawStore;
      try {
        store = sqliteStore(db);
      } catch (err) {
        db.close();
        throw err;
      }
      return { ok: true, source: createSource(store, { format: 'sqlite', name: main.name, size, notes, ...(db.wal ? { wal: db.wal } : {}) }, limits, options.decodeBlob) };
    }
    if (wals.length) throw formatError('FORMAT_UNRECOGNIZED', wals[0]!.file.name, 'it is a SQLite WAL file: choose it together with its database');
    const jsons = kinds.filter((k) => k.kind === 'json');
    if (jsons.length > 1) throw formatError('FORMAT_UNRECOGNIZED', jsons[1]!.file.name, 'open one JSON store at a time');
    const store = jsons.length === 1 ? jsonStore(jsons[0]!.file, limits) : csvStore(files.slice(), limits);
    return { ok: true, source: createSource(store, { format: store.format, name: store.name, size }, limits, options.decodeBlob) };
  } catch (err) {
    return { ok: false, error: toFormatErrorData(err) };
  }
}
