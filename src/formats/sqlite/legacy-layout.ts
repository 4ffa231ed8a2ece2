/**
 * Older layouts of the SQLite savers' tables, read as today's. LangGraph's SQLite saver before
 * mid-2024 (langgraph 0.0.x) keyed checkpoints by timestamp ids and had no namespace nor type:
 *
 * ```sql
 * checkpoints(thread_id TEXT, thread_ts TEXT, parent_ts TEXT, checkpoint BLOB, metadata BLOB,
 *             PRIMARY KEY (thread_id, thread_ts))
 * writes(thread_id TEXT, thread_ts TEXT, task_id TEXT, idx INTEGER, channel TEXT, value BLOB,
 *        PRIMARY KEY (thread_id, thread_ts, task_id, idx))
 * ```
 *
 * Its values were written by `JsonPlusSerializer.dumps` (JSON), its `thread_ts` are the
 * checkpoint ids (UUIDv6 since langgraph 0.0.6x). The saver of 0.1 renamed them to
 * `checkpoint_id` / `parent_checkpoint_id` and added `type`; 0.2 added `checkpoint_ns`.
 *
 * Each query of the store is run with a common table expression of the same name as the table
 * (`WITH checkpoints AS (SELECT … FROM main.checkpoints)`), which SQLite resolves before the
 * table: the store's queries stay today's, and SQLite flattens the expression, so the primary-key
 * index still answers them. Such a table has no rowid to read large rows by: they are read by SQL.
 */
import type { SqlValue } from '@sqlite.org/sqlite-wasm';
import type { Row, SqliteDatabase } from './database';

/** Today's column → the expression an older table gives it by, when the table lacks the column. */
const CHECKPOINT_STANDINS: Record<string, { from: string; else: string }> = {
  checkpoint_ns: { from: '', else: `''` },
  checkpoint_id: { from: 'thread_ts', else: 'NULL' },
  parent_checkpoint_id: { from: 'parent_ts', else: 'NULL' },
  type: { from: '', else: `'json'` },
};
const WRITE_STANDINS: Record<string, { from: string; else: string }> = {
  checkpoint_ns: { from: '', else: `''` },
  checkpoint_id: { from: 'thread_ts', else: 'NULL' },
  type: { from: '', else: `'json'` },
};

/** The SELECT list giving `table`'s today's `columns` from the columns it `has`; undefined when it has them all. */
function standIn(table: string, columns: readonly string[], has: ReadonlySet<string>, standins: Record<string, { from: string; else: string }>): string | undefined {
  if (columns.every((c) => has.has(c))) return undefined;
  const list = columns.map((c) => {
    if (has.has(c)) return c;
    const s = standins[c];
    if (!s) return `NULL AS ${c}`; // a column no layout lacks: checked above
    return `${s.from && has.has(s.from) ? s.from : s.else} AS ${c}`;
  });
  return `${table} AS (SELECT ${list.join(', ')} FROM main.${table})`;
}

/** What an older layout is, in words, or undefined for today's. */
export interface LegacyLayout {
  /** The database wrapped so today's queries read the older tables. */
  db: SqliteDatabase;
  /** In words, for the source's notes. */
  note: string;
}

/**
 * `db` wrapped to be read as today's tables when its tables are an older layout (see above).
 * @param checkpointCols the `checkpoints` table's columns
 * @param writeCols the `writes` table's columns (empty when there is none)
 */
export function legacyLayout(db: SqliteDatabase, columns: { checkpoints: readonly string[]; writes: readonly string[] }, today: { checkpoints: readonly string[]; writes: readonly string[] }): LegacyLayout | undefined {
  const cp = new Set(columns.checkpoints);
  // Only the savers' own older tables: the ids, the values and the metadata are all there.
  if (!(cp.has('checkpoint_id') || cp.has('thread_ts')) || !['thread_id', 'checkpoint', 'metadata'].every((c) => cp.has(c))) return undefined;
  const w = new Set(columns.writes);
  if (columns.writes.length && !(w.has('checkpoint_id') || w.has('thread_ts'))) return undefined;
  const ctes = [standIn('checkpoints', today.checkpoints, cp, CHECKPOINT_STANDINS)];
  if (columns.writes.length) ctes.push(standIn('writes', today.writes, w, WRITE_STANDINS));
  const used = ctes.filter((c): c is string => c !== undefined);
  if (used.length === 0) return undefined;
  const prefix = `WITH ${used.join(', ')} `;
  const wrapped: SqliteDatabase = {
    name: db.name,
    pageSize: db.pageSize,
    textUtf8: db.textUtf8,
    ...(db.wal ? { wal: db.wal } : {}),
    all: (sql: string, bind?: SqlValue[] | Parameters<SqliteDatabase['all']>[1]): Row[] => (/^\s*SELECT\b/i.test(sql) && /\b(checkpoints|writes)\b/.test(sql) && !/sqlite_schema|pragma_/i.test(sql) ? db.all(prefix + sql, bind) : db.all(sql, bind)),
    readColumn: (at, chunkBytes) => db.readColumn(at, chunkBytes),
    readColumns: (at, chunkBytes) => db.readColumns(at, chunkBytes),
    close: () => db.close(),
  };
  const old = cp.has('thread_ts') ? 'the pre-mid-2024 layout (thread_ts ids, no namespace, JSON values)' : 'an older layout';
  return { db: wrapped, note: `The database has ${old} of LangGraph's SQLite saver; it is read as today's.` };
}
