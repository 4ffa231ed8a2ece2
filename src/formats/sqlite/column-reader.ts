/**
 * One large column value of a rowid table read straight from the database's pages, a chunk at a
 * time, so a 10 MB checkpoint is read with turns of the caller's message loop between chunks. A
 * `SELECT` returning the value would read it whole in one synchronous step: this WASM build of
 * SQLite has no incremental blob I/O (`sqlite3_blob_open`), so the value is found the way SQLite
 * itself finds it (file format, https://www.sqlite.org/fileformat2.html): down the table's b-tree
 * by rowid to its leaf cell, through the record header to the column, then along the overflow
 * pages' chain.
 *
 * Anything that does not look as expected (another page type, a column the record does not hold,
 * a chain that loops or ends early, another size than SQLite reported) returns undefined, and the
 * caller reads the value with SQL instead: this reader is a faster path, never the only one.
 */

/** Reads page `pgno` (1-based), as the database's merged view serves it. */
export type PageReader = (pgno: number) => Uint8Array;

/** One column of a row: where it is in the record and what SQLite said of it. */
export interface ColumnWant {
  /** The column's position in the record (its `cid`). */
  column: number;
  /** `'blob'` or `'text'` (`typeof(column)`); a text is read as its UTF-8 bytes. */
  kind: 'blob' | 'text';
  /** Its size in bytes, as SQLite reported it (`octet_length()`, answered from the record header). */
  bytes: number;
}

/** Where the value is and what SQLite said of it. */
export interface ColumnAt extends ColumnWant {
  /** The table b-tree's root page (`sqlite_schema.rootpage`). */
  rootPage: number;
  rowid: number;
}

/** Where a row is, and the columns of it to read (in one walk of its pages). */
export interface ColumnsAt {
  /** The table b-tree's root page (`sqlite_schema.rootpage`). */
  rootPage: number;
  rowid: number;
  columns: readonly ColumnWant[];
}

/** How to read. */
export interface ChunkedRead {
  pageSize: number;
  /** Bytes at the end of each page kept for extensions (header byte 20). */
  reserved: number;
  /** Bytes read between two turns. */
  chunkBytes: number;
  /** Gives the caller's message loop a turn. */
  turn: () => Promise<void>;
}

const TABLE_LEAF = 13;
const TABLE_INTERIOR = 5;
/** Deeper than any real b-tree (SQLite's own limit is 20). */
const MAX_DEPTH = 40;

/** A varint at `at`: its value (as a number; rowids and sizes here are far below 2^53) and length. */
function varint(b: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i];
    if (byte === undefined) return [NaN, i + 1];
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [v, i + 1];
  }
  const last = b[at + 8];
  return [last === undefined ? NaN : v * 256 + last, 9];
}

/** Bytes a record column of serial type `t` takes. */
function serialSize(t: number): number {
  if (t >= 12) return Math.floor((t - 12) / 2);
  return [0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0][t] ?? 0;
}

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** The leaf cell of `rowid`: its page and the cell's offset, or undefined. */
function findCell(page: PageReader, root: number, rowid: number): { leaf: Uint8Array; cell: number } | undefined {
  let pgno = root;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const b = page(pgno);
    const h = pgno === 1 ? 100 : 0;
    const type = b[h];
    const cells = u16(b, h + 3);
    if (type === TABLE_LEAF) {
      for (let i = 0; i < cells; i++) {
        const cell = u16(b, h + 8 + 2 * i);
        const [, n] = varint(b, cell);
        if (varint(b, cell + n)[0] === rowid) return { leaf: b, cell };
      }
      return undefined;
    }
    if (type !== TABLE_INTERIOR) return undefined;
    // The first cell whose key is ≥ rowid holds it in its left child; else the right-most child.
    let next = u32(b, h + 8);
    for (let i = 0; i < cells; i++) {
      const cell = u16(b, h + 12 + 2 * i);
      if (varint(b, cell + 4)[0] >= rowid) {
        next = u32(b, cell);
        break;
      }
    }
    pgno = next;
  }
  return undefined;
}

/**
 * The value's bytes, read `chunkBytes` at a time with a turn between chunks; undefined when the
 * pages are not as expected (read it with SQL then).
 */
export async function readColumnInChunks(page: PageReader, at: ColumnAt, how: ChunkedRead): Promise<Uint8Array | undefined> {
  return (await readColumnsInChunks(page, { rootPage: at.rootPage, rowid: at.rowid, columns: [at] }, how))?.[0];
}

/**
 * Several columns of one row, read in one walk along its pages (a column after a large one is
 * only reached through the large one's overflow pages: SQLite's own read of it walks them all in
 * one synchronous step), `chunkBytes` at a time with a turn between chunks. The walk ends at the
 * last byte wanted. Undefined when the pages are not as expected (read them with SQL then).
 */
export async function readColumnsInChunks(page: PageReader, at: ColumnsAt, how: ChunkedRead): Promise<Uint8Array[] | undefined> {
  const usable = how.pageSize - how.reserved;
  const found = findCell(page, at.rootPage, at.rowid);
  if (!found) return undefined;
  const { leaf, cell } = found;
  const [payload, n1] = varint(leaf, cell);
  const [, n2] = varint(leaf, cell + n1);
  const start = cell + n1 + n2;
  // How much of the payload the leaf keeps (the rest is on overflow pages).
  const maxLocal = usable - 35;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  let local = payload;
  if (payload > maxLocal) {
    const k = minLocal + ((payload - minLocal) % (usable - 4));
    local = k <= maxLocal ? k : minLocal;
  }
  const head = leaf.subarray(start, start + local);
  let overflow = payload > local ? u32(leaf, start + local) : 0;

  // The record header: each column's serial type and offset in the payload.
  const [headerSize, hn] = varint(head, 0);
  if (!(headerSize <= head.length)) return undefined;
  const last = Math.max(...at.columns.map((c) => c.column));
  const types: number[] = [];
  const offsets: number[] = [];
  let pos = hn;
  let offset = headerSize;
  for (let c = 0; pos < headerSize && c <= last; c++) {
    const [t, n] = varint(head, pos);
    pos += n;
    types.push(t);
    offsets.push(offset);
    offset += serialSize(t);
  }
  // Each wanted column's range of payload bytes, checked against what SQLite said.
  const ranges: { from: number; out: Uint8Array }[] = [];
  for (const want of at.columns) {
    const type = types[want.column] ?? -1;
    const from = offsets[want.column] ?? 0;
    const ok = want.kind === 'blob' ? type >= 12 && type % 2 === 0 : type >= 13 && type % 2 === 1;
    if (!ok || serialSize(type) !== want.bytes || from + want.bytes > payload) return undefined;
    ranges.push({ from, out: new Uint8Array(want.bytes) });
  }
  const end = Math.max(0, ...ranges.map((r) => r.from + r.out.length));

  // Payload bytes [0, end): the leaf's part, then each overflow page's U-4 bytes.
  let at0 = 0;
  const take = (bytes: Uint8Array) => {
    for (const r of ranges) {
      const lo = Math.max(r.from, at0);
      const hi = Math.min(r.from + r.out.length, at0 + bytes.length);
      if (lo < hi) r.out.set(bytes.subarray(lo - at0, hi - at0), lo - r.from);
    }
    at0 += bytes.length;
  };
  take(head);
  const seen = new Set<number>();
  let sinceTurn = 0;
  while (at0 < end) {
    if (overflow === 0 || seen.has(overflow)) return undefined;
    seen.add(overflow);
    if (sinceTurn >= how.chunkBytes) {
      sinceTurn = 0;
      await how.turn();
    }
    const b = page(overflow);
    take(b.subarray(4, usable));
    sinceTurn += usable - 4;
    overflow = u32(b, 0);
  }
  return ranges.map((r) => r.out);
}
