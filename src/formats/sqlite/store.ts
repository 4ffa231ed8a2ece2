/**
 * The tables both SQLite savers create, read as a RawStore. Schemas (identical in
 * `@langchain/langgraph-checkpoint-sqlite` 1.0.4 `setup()` and Python's
 * `langgraph-checkpoint-sqlite` `SqliteSaver.setup()`):
 *
 * ```sql
 * checkpoints(thread_id TEXT, checkpoint_ns TEXT DEFAULT '', checkpoint_id TEXT, parent_checkpoint_id TEXT,
 *             type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id))
 * writes(thread_id TEXT, checkpoint_ns TEXT DEFAULT '', checkpoint_id TEXT, task_id TEXT, idx INTEGER,
 *        channel TEXT, type TEXT, value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx))
 * ```
 *
 * Neither has a `task_path` column; one is used if a database has it. Every query goes through the
 * primary-key index, so listing threads and namespaces reads index pages only, and a page of
 * checkpoints reads only its rows.
 */
import type { SqlValue } from '@sqlite.org/sqlite-wasm';
import { lenientUtf8 } from '../bytes/text';
import { formatError } from '../errors';
import type { TypedBlob } from '../serde/typed';
import type { HeadRow, NamespaceRow, PageQuery, RawCheckpointRow, RawStore, RawWriteRow, ThreadRow } from '../stores/raw';
import type { ColumnWant } from './column-reader';
import type { Row, SqliteDatabase } from './database';
import { legacyLayout } from './legacy-layout';

const CHECKPOINT_COLUMNS = ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'parent_checkpoint_id', 'type', 'checkpoint', 'metadata'];
const WRITE_COLUMNS = ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'task_id', 'idx', 'channel', 'type', 'value'];

/**
 * A checkpoint larger than this is read from the pages in chunks of this size, with a turn of the
 * message loop between them (`SqliteDatabase.readColumn`), never by one `SELECT`.
 */
export const CHUNKED_READ_BYTES = 256 * 1024;

const text = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : v == null ? '' : typeof v === 'object' ? lenientUtf8.decode(v as Uint8Array) : String(v));
const num = (v: SqlValue | undefined): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(text(v)));
const blob = (type: SqlValue | undefined, bytes: SqlValue | undefined): TypedBlob => ({
  type: typeof type === 'string' ? type : null,
  bytes: bytes instanceof Uint8Array ? bytes : typeof bytes === 'string' ? bytes : bytes == null ? null : String(bytes),
});

function columnsOf(db: SqliteDatabase, table: string): string[] {
  return db.all(`SELECT name FROM pragma_table_info(?)`, [table]).map((r) => text(r.name));
}

interface Schema {
  /** The database to query: `db`, or `db` read as today's tables when they are an older layout. */
  db: SqliteDatabase;
  notes: string[];
  hasWrites: boolean;
  hasTaskPath: boolean;
  /** Whether large rows can be read from the pages by rowid (not through an older layout's stand-in). */
  pageReads: boolean;
  /** A database with no table at all: the file a saver creates before its first `setup()`. */
  empty: boolean;
}

/** Checks the tables; returns notes about what is missing but survivable. @throws FormatError FORMAT_SCHEMA */
function checkSchema(db: SqliteDatabase): Schema {
  const tables = new Set(db.all(`SELECT name FROM sqlite_schema WHERE type = 'table'`).map((r) => text(r.name)));
  if (tables.size === 0) {
    return { db, notes: ['The database has no table yet (a saver creates them on its first write): it holds no checkpoints.'], hasWrites: false, hasTaskPath: false, pageReads: false, empty: true };
  }
  if (!tables.has('checkpoints')) {
    const list = [...tables].slice(0, 8).join(', ') || 'none';
    throw formatError('FORMAT_SCHEMA', db.name, `it has no "checkpoints" table (tables: ${list})`);
  }
  const hasWritesTable = tables.has('writes');
  const legacy = legacyLayout(db, { checkpoints: columnsOf(db, 'checkpoints'), writes: hasWritesTable ? columnsOf(db, 'writes') : [] }, { checkpoints: CHECKPOINT_COLUMNS, writes: WRITE_COLUMNS });
  const notes: string[] = legacy ? [legacy.note] : [];
  const q = legacy?.db ?? db;
  const have = new Set(legacy ? CHECKPOINT_COLUMNS : columnsOf(db, 'checkpoints'));
  const missing = CHECKPOINT_COLUMNS.filter((c) => !have.has(c));
  if (missing.length) throw formatError('FORMAT_SCHEMA', db.name, `its "checkpoints" table lacks the column(s) ${missing.join(', ')}`);
  if (!hasWritesTable) {
    notes.push('The database has no "writes" table: checkpoints are shown without pending writes.');
    return { db: q, notes, hasWrites: false, hasTaskPath: false, pageReads: !legacy, empty: false };
  }
  const writeCols = new Set(legacy ? WRITE_COLUMNS : columnsOf(db, 'writes'));
  const missingW = WRITE_COLUMNS.filter((c) => !writeCols.has(c));
  if (missingW.length) throw formatError('FORMAT_SCHEMA', db.name, `its "writes" table lacks the column(s) ${missingW.join(', ')}`);
  return { db: q, notes, hasWrites: true, hasTaskPath: writeCols.has('task_path'), pageReads: !legacy, empty: false };
}

function checkpointRow(r: Row, withValues: boolean): RawCheckpointRow {
  const row: RawCheckpointRow = {
    threadId: text(r.thread_id),
    checkpointNs: text(r.checkpoint_ns),
    checkpointId: text(r.checkpoint_id),
    parentCheckpointId: r.parent_checkpoint_id == null ? null : text(r.parent_checkpoint_id),
    // Both savers keep metadata as JSON text; the JS saver serializes it with the same serde as
    // the checkpoint (type `json`), Python with `json.dumps` whatever the checkpoint's type is.
    metadata: blob('json', r.metadata),
  };
  if (withValues) row.checkpoint = blob(r.type, r.checkpoint);
  return row;
}

function writeRow(r: Row): RawWriteRow {
  return {
    taskId: text(r.task_id),
    idx: num(r.idx),
    channel: text(r.channel),
    value: blob(r.type, r.value),
    ...(r.task_path != null ? { taskPath: text(r.task_path) } : {}),
  };
}

/**
 * The RawStore of an open SQLite checkpoint database.
 * @throws FormatError FORMAT_SCHEMA when the tables are not a LangGraph saver's
 */
export function sqliteStore(file: SqliteDatabase): RawStore {
  const { db, notes, hasWrites, hasTaskPath, pageReads, empty } = checkSchema(file);
  if (empty) return emptyStore(file, notes);
  if (db.wal && !db.wal.merged) notes.push(`The WAL file "${db.wal.name}" was not merged: ${db.wal.reason}.`);
  const summaryCols = 'thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, metadata';
  const fullCols = `${summaryCols}, type, checkpoint`;
  let blobIds = false;
  // Where values are, for reading them in chunks (a WITHOUT ROWID table has no rowid: its values
  // are read with SQL). A text is read as its bytes only when the database keeps text as UTF-8.
  const rootOf = (table: string) => num(db.all(`SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = ?`, [table])[0]?.rootpage);
  const checkpointCols = columnsOf(db, 'checkpoints');
  const cpTable = { root: rootOf('checkpoints'), checkpoint: checkpointCols.indexOf('checkpoint'), metadata: checkpointCols.indexOf('metadata') };
  const writeCols = hasWrites ? columnsOf(db, 'writes') : [];
  const wTable = { root: hasWrites ? rootOf('writes') : 0, value: writeCols.indexOf('value'), taskPath: writeCols.indexOf('task_path') };
  let rowids = pageReads && cpTable.root > 0 && cpTable.checkpoint >= 0 && cpTable.metadata >= 0;
  let writeRowids = pageReads && wTable.root > 0 && wTable.value >= 0;
  // A row whose values are larger than CHUNKED_READ_BYTES in all has them read in chunks. Its
  // columns after the large one are too (SQLite reaches them only through the large one's overflow
  // pages, in one step): the SQL returns them for small rows only. `octet_length` and `typeof` are
  // answered from the record header, without reading the values.
  const size = (cols: string[]) => cols.map((c) => `coalesce(octet_length(${c}), 0)`).join(' + ');
  const ifSmall = (cols: string[], col: string) => `CASE WHEN ${size(cols)} <= ${CHUNKED_READ_BYTES} THEN ${col} END AS ${col}`;
  const bigOf = (cols: string[]) => `${size(cols)} > ${CHUNKED_READ_BYTES} AS big`;
  const cpValues = ['checkpoint', 'metadata'];
  const sizedSummary = `rowid AS rid, thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, typeof(metadata) AS mkind, octet_length(metadata) AS mn, ${bigOf(cpValues)}, ${ifSmall(cpValues, 'metadata')}`;
  const sizedFull = `${sizedSummary}, type, typeof(checkpoint) AS kind, octet_length(checkpoint) AS n, ${ifSmall(cpValues, 'checkpoint')}`;

  /** A column readable from the pages, or undefined. */
  const want = (column: number, kind: SqlValue | undefined, bytes: SqlValue | undefined): ColumnWant | undefined =>
    column >= 0 && (kind === 'blob' || (kind === 'text' && db.textUtf8)) ? { column, kind, bytes: num(bytes) } : undefined;

  /**
   * The columns `wanted` of a row, read from the pages in chunks (in one walk); a column that
   * cannot be read so is read with SQL (`fallback`, by rowid).
   */
  async function largeColumns(root: number, rid: SqlValue | undefined, wanted: { name: string; at: ColumnWant | undefined }[], table: string): Promise<Record<string, SqlValue>> {
    const out: Record<string, SqlValue> = {};
    const readable = wanted.filter((w) => w.at !== undefined);
    const bytes = readable.length ? await db.readColumns({ rootPage: root, rowid: num(rid), columns: readable.map((w) => w.at!) }, CHUNKED_READ_BYTES) : undefined;
    readable.forEach((w, i) => {
      if (bytes) out[w.name] = bytes[i]!;
    });
    const rest = wanted.filter((w) => !(w.name in out));
    if (rest.length) Object.assign(out, db.all(`SELECT ${rest.map((w) => w.name).join(', ')} FROM ${table} WHERE rowid = ?`, [rid ?? null])[0] ?? {});
    return out;
  }

  /** `sql`'s rows, or undefined when the table has no rowid (its rows are then read the plain way). */
  function sized(sql: string, bind: SqlValue[]): Row[] | undefined {
    try {
      return db.all(sql, bind);
    } catch (err) {
      if (!(err instanceof Error) || !/rowid/i.test(err.message)) throw err;
      return undefined;
    }
  }

  /** A summary row whose metadata the SQL left out (a large row) gets it from the pages. */
  async function withMetadata(r: Row): Promise<Row> {
    if (!r.big) return r;
    const cols = await largeColumns(cpTable.root, r.rid, [{ name: 'metadata', at: want(cpTable.metadata, r.mkind, r.mn) }], 'checkpoints');
    return { ...r, ...cols };
  }

  function checkpointWhere(threadId: string, checkpointNs: string | undefined, page: PageQuery): { where: string; bind: SqlValue[] } {
    const where = ['thread_id = ?'];
    const bind: SqlValue[] = [threadId];
    if (checkpointNs !== undefined) {
      where.push('checkpoint_ns = ?');
      bind.push(checkpointNs);
    }
    if (page.before !== undefined) {
      where.push('checkpoint_id < ?');
      bind.push(page.before);
    }
    bind.push(page.limit);
    return { where: where.join(' AND '), bind };
  }

  return {
    format: 'sqlite',
    name: db.name,
    notes,
    // A blob column is copied out of SQLite's heap for each row read.
    freshBytes: true,
    threads(): ThreadRow[] {
      return db
        .all(`SELECT thread_id, count(*) AS n, count(DISTINCT checkpoint_ns) AS ns, max(checkpoint_id) AS latest FROM checkpoints GROUP BY thread_id ORDER BY latest DESC`)
        .map((r) => ({ threadId: text(r.thread_id), checkpointCount: num(r.n), namespaceCount: num(r.ns), latestCheckpointId: text(r.latest) }));
    },
    threadIds(after, limit) {
      // DISTINCT over the primary key's first column: an index walk, no table row is read. The ids
      // come back as one JSON array: a row per id costs far more in the WASM binding than the walk.
      const where = after === undefined ? '' : 'WHERE thread_id > ?';
      const bind: SqlValue[] = after === undefined ? [limit] : [after, limit];
      const distinct = `SELECT DISTINCT thread_id FROM checkpoints ${where} ORDER BY thread_id LIMIT ?`;
      if (!blobIds) {
        try {
          const json = db.all(`SELECT json_group_array(thread_id) AS ids FROM (${distinct})`, bind)[0]?.ids;
          return typeof json === 'string' ? (JSON.parse(json) as unknown[]).map((id) => text(id as SqlValue)) : [];
        } catch (err) {
          // JSON cannot hold a BLOB: a store with blob thread ids is read row by row.
          if (!(err instanceof Error) || !/BLOB/i.test(err.message)) throw err;
          blobIds = true;
        }
      }
      return db.all(distinct, bind).map((r) => text(r.thread_id));
    },
    thread(threadId) {
      const r = db.all(`SELECT count(*) AS n, count(DISTINCT checkpoint_ns) AS ns, max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = ?`, [threadId])[0];
      return r && num(r.n) > 0 ? { threadId, checkpointCount: num(r.n), namespaceCount: num(r.ns), latestCheckpointId: text(r.latest) } : undefined;
    },
    head(threadId): HeadRow | undefined {
      // length() of a BLOB column is read from the record header: the blob's overflow pages are not.
      const r = db.all(`SELECT checkpoint_id, type, length(checkpoint) AS bytes FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '' ORDER BY checkpoint_id DESC LIMIT 1`, [threadId])[0];
      return r ? { checkpointId: text(r.checkpoint_id), type: typeof r.type === 'string' ? r.type : null, bytes: num(r.bytes) } : undefined;
    },
    writeChannels(threadId, checkpointNs, checkpointId) {
      if (!hasWrites) return [];
      return db
        .all(`SELECT channel FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx`, [threadId, checkpointNs, checkpointId])
        .map((r) => text(r.channel));
    },
    namespaces(threadId): NamespaceRow[] {
      return db
        .all(`SELECT checkpoint_ns, count(*) AS n, max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = ? GROUP BY checkpoint_ns ORDER BY checkpoint_ns`, [threadId])
        .map((r) => ({ checkpointNs: text(r.checkpoint_ns), checkpointCount: num(r.n), latestCheckpointId: text(r.latest) }));
    },
    checkpoints(threadId, checkpointNs, page: PageQuery, withValues) {
      const { where, bind } = checkpointWhere(threadId, checkpointNs, page);
      const sql = `SELECT ${withValues ? fullCols : summaryCols} FROM checkpoints WHERE ${where} ORDER BY checkpoint_id DESC LIMIT ?`;
      return db.all(sql, bind).map((r) => checkpointRow(r, withValues));
    },
    async readCheckpoints(threadId, checkpointNs, page: PageQuery) {
      const { where, bind } = checkpointWhere(threadId, checkpointNs, page);
      const rows = rowids ? sized(`SELECT ${sizedSummary} FROM checkpoints WHERE ${where} ORDER BY checkpoint_id DESC LIMIT ?`, bind) : undefined;
      if (!rows) {
        rowids = false;
        return this.checkpoints(threadId, checkpointNs, page, false);
      }
      const out: RawCheckpointRow[] = [];
      for (const r of rows) out.push(checkpointRow(await withMetadata(r), false));
      return out;
    },
    checkpoint(threadId, checkpointNs, checkpointId) {
      const rows = checkpointId === undefined
        ? db.all(`SELECT ${fullCols} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1`, [threadId, checkpointNs])
        : db.all(`SELECT ${fullCols} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?`, [threadId, checkpointNs, checkpointId]);
      return rows[0] ? checkpointRow(rows[0], true) : undefined;
    },
    async readCheckpoint(threadId, checkpointNs, checkpointId) {
      const rows = !rowids ? undefined : checkpointId === undefined
        ? sized(`SELECT ${sizedFull} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1`, [threadId, checkpointNs])
        : sized(`SELECT ${sizedFull} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?`, [threadId, checkpointNs, checkpointId]);
      if (!rows) {
        rowids = false;
        return this.checkpoint(threadId, checkpointNs, checkpointId);
      }
      const r = rows[0];
      if (!r) return undefined;
      // A large row: its checkpoint and metadata in one walk of its pages.
      const values = r.big
        ? await largeColumns(cpTable.root, r.rid, [
          { name: 'checkpoint', at: want(cpTable.checkpoint, r.kind, r.n) },
          { name: 'metadata', at: want(cpTable.metadata, r.mkind, r.mn) },
        ], 'checkpoints')
        : {};
      return checkpointRow({ ...r, ...values }, true);
    },
    writes(threadId, checkpointNs, checkpointId): RawWriteRow[] {
      if (!hasWrites) return [];
      // Both savers read writes in (task_id, idx) order.
      const cols = `task_id, idx, channel, type, value${hasTaskPath ? ', task_path' : ''}`;
      return db
        .all(`SELECT ${cols} FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx`, [threadId, checkpointNs, checkpointId])
        .map(writeRow);
    },
    async readWrites(threadId, checkpointNs, checkpointId) {
      if (!hasWrites) return [];
      const values = hasTaskPath ? ['value', 'task_path'] : ['value'];
      const cols = `rowid AS rid, task_id, idx, channel, type, typeof(value) AS kind, octet_length(value) AS n, ${hasTaskPath ? 'typeof(task_path) AS pkind, octet_length(task_path) AS pn, ' : ''}${bigOf(values)}, ${values.map((v) => ifSmall(values, v)).join(', ')}`;
      const rows = writeRowids ? sized(`SELECT ${cols} FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx`, [threadId, checkpointNs, checkpointId]) : undefined;
      if (!rows) {
        writeRowids = false;
        return this.writes(threadId, checkpointNs, checkpointId);
      }
      const out: RawWriteRow[] = [];
      for (const r of rows) {
        const wanted = [{ name: 'value', at: want(wTable.value, r.kind, r.n) }];
        if (hasTaskPath) wanted.push({ name: 'task_path', at: want(wTable.taskPath, r.pkind, r.pn) });
        out.push(writeRow(r.big ? { ...r, ...(await largeColumns(wTable.root, r.rid, wanted, 'writes')) } : r));
      }
      return out;
    },
    writeCounts(threadId, checkpointNs, checkpointIds) {
      const counts = new Map<string, number>();
      if (!hasWrites || checkpointIds.length === 0) return counts;
      const marks = checkpointIds.map(() => '?').join(', ');
      const rows = db.all(
        `SELECT checkpoint_id, count(*) AS n FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id IN (${marks}) GROUP BY checkpoint_id`,
        [threadId, checkpointNs, ...checkpointIds],
      );
      for (const r of rows) counts.set(text(r.checkpoint_id), num(r.n));
      return counts;
    },
    close: () => db.close(),
  };
}

/** The store of a database without tables: no thread. */
function emptyStore(db: SqliteDatabase, notes: string[]): RawStore {
  return {
    format: 'sqlite',
    name: db.name,
    notes,
    freshBytes: true,
    threads: () => [],
    threadIds: () => [],
    thread: () => undefined,
    head: () => undefined,
    writeChannels: () => [],
    namespaces: () => [],
    checkpoints: () => [],
    checkpoint: () => undefined,
    writes: () => [],
    writeCounts: () => new Map(),
    close: () => db.close(),
  };
}
