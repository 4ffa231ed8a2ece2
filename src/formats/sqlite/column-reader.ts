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

/** Where the value is and what SQLite said of it. */
export interface ColumnAt {
  /** The table b-tree's root page (`sqlite_schema.rootpage`). */
  rootPage: number;
  rowid: number;
  /** The column's position in the record (its `cid`). */
  column: number;
  /** `'blob'` or `'text'` (`typeof(column)`); a text is read as its UTF-8 bytes. */
  kind: 'blob' | 'text';
  /** Its size in bytes, as SQLite reported it (`length()` of a blob). */
  bytes: number;
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

  // The record header, and the column's offset and size in the payload.
  const [headerSize, hn] = varint(head, 0);
  if (!(headerSize <= head.length)) return undefined;
  let pos = hn;
  let offset = headerSize;
  let type = -1;
  for (let c = 0; pos < headerSize; c++) {
    const [t, n] = varint(head, pos);
    pos += n;
    if (c === at.column) {
      type = t;
      break;
    }
    offset += serialSize(t);
  }
  const wanted = at.kind === 'blob' ? type >= 12 && type % 2 === 0 : type >= 13 && type % 2 === 1;
  if (!wanted || serialSize(type) !== at.bytes || offset + at.bytes > payload) return undefined;

  // Payload bytes [offset, offset + size): the leaf's part, then each overflow page's U-4 bytes.
  const out = new Uint8Array(at.bytes);
  let filled = 0;
  let skip = offset;
  const take = (bytes: Uint8Array) => {
    if (skip >= bytes.length) {
      skip -= bytes.length;
      return;
    }
    const part = bytes.subarray(skip, skip + (out.length - filled));
    skip = 0;
    out.set(part, filled);
    filled += part.length;
  };
  take(head);
  const seen = new Set<number>();
  let sinceTurn = 0;
  while (filled < out.length) {
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
  return out;
}
