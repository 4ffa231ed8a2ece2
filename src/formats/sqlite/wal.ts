/**
 * The committed content of a SQLite write-ahead log (https://sqlite.org/fileformat.html#the_write_ahead_log).
 *
 * An app that keeps its database open (as LangGraph apps do) writes new pages to `<db>-wal` and
 * copies them into the main file only at a checkpoint, so the newest checkpoints of a copied
 * database often exist only in the WAL. This reads the WAL the way SQLite's recovery does:
 *
 * 1. the 32-byte header (magic, format version, page size, salts) and its checksum;
 * 2. frames in order, each a 24-byte header (page number, database size after commit for a
 *    commit frame, salts, cumulative checksum) and one page; a frame counts only while its salts
 *    match the header and the running checksum matches, so frames left from an older WAL
 *    generation, or half written, end the log;
 * 3. only frames up to the last valid commit frame are used (a transaction whose commit frame
 *    never made it is not committed); for each page the newest such frame wins.
 *
 * The result is an index (page number → offset of its newest committed copy in the WAL); pages
 * are read from the WAL on demand, never copied whole.
 *
 * Nothing in a WAL names its database: SQLite merges whatever `-wal` file sits beside the file,
 * and a WAL from another database whose salts and checksums chain is, frame by frame, valid. So
 * another database's WAL is refused only when it cannot be a later state of this file
 * (`continuityProblem`), by two rules that hold for every WAL SQLite writes to a file:
 *
 * - the database size: a transaction that changes the number of pages rewrites page 1 (the
 *   header's page count at offset 28), so a commit made before the WAL first rewrites page 1 must
 *   count the pages the file's header counts (unless the file was already checkpointed from this
 *   WAL: then the file's page 1 is one of the WAL's copies of it);
 * - the pages: every page up to a commit's database size is in the file or was written by the WAL
 *   up to that commit (otherwise SQLite would read zeros where the database has a page).
 *
 * A WAL from another database that passes both (its first transaction rewrote page 1 and wrote
 * every page it counts) cannot be told from this file's own: it is merged, as SQLite would.
 */
import type { ByteSource } from '../bytes/byte-source';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;
const WAL_VERSION = 3007000;
/** Frames are read in batches of this many bytes while checking checksums. */
const SCAN_CHUNK = 1 << 20;

/** The committed pages of a WAL, or why it was not used. */
export interface WalIndex {
  /** Page size the WAL was written with. */
  pageSize: number;
  /** Page number → byte offset of its newest committed copy in the WAL file. */
  pages: Map<number, number>;
  /** Database size in pages after the last committed transaction (0: nothing committed). */
  dbPages: number;
  /** Frames that passed the salt and checksum checks. */
  validFrames: number;
  /** Frames of committed transactions. */
  committedFrames: number;
  /** Frames in the file (whole frames, valid or not). */
  totalFrames: number;
}

/** What the main file says, for telling its own WAL from another database's. */
export interface MainFileFacts {
  /** Pages in the main file. */
  pages: number;
  /** Its page 1 (`pageSize` bytes). */
  page1: Uint8Array;
}

/** A WAL that cannot be used, and why (the database is then read without it). */
export interface WalRejection {
  reason: string;
}

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), continuing from `s`. */
export function walChecksum(data: Uint8Array, bigEndian: boolean, s: [number, number]): [number, number] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let [s0, s1] = s;
  for (let i = 0; i + 8 <= data.length; i += 8) {
    s0 = (s0 + view.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/** Each committed transaction's database size, and what the WAL had written by then. */
interface CommitFacts {
  dbPages: number;
  /** True when a frame up to this commit rewrote page 1. */
  page1Written: boolean;
  /** A page up to `dbPages` past the main file's end that no frame up to this commit wrote. */
  missingPage?: number;
}

const FOREIGN = 'this -wal belongs to another database';

/**
 * Why `commits` cannot continue the main file (see the module comment), or undefined.
 * @param main the main file's page count and page 1
 * @param commits every committed transaction, oldest first
 * @param page1Backfilled true when the main file's page 1 equals a committed WAL copy of it
 */
export function continuityProblem(main: MainFileFacts, commits: readonly CommitFacts[], page1Backfilled: boolean): string | undefined {
  const head = new DataView(main.page1.buffer, main.page1.byteOffset, main.page1.byteLength);
  // The header's page count is valid when its change counter matches "version-valid-for".
  const headerPages = main.page1.length >= 100 && head.getUint32(24) === head.getUint32(92) ? head.getUint32(28) : 0;
  if (headerPages > 0 && !page1Backfilled) {
    for (const c of commits) {
      if (c.page1Written) break;
      if (c.dbPages !== headerPages) {
        return `${FOREIGN}: its first transaction leaves ${c.dbPages} pages without rewriting page 1, where this database's header counts ${headerPages}`;
      }
    }
  }
  const missing = commits.find((c) => c.missingPage !== undefined);
  if (missing) return `${FOREIGN}: it counts ${missing.dbPages} pages, but page ${missing.missingPage} is neither in the database file (${main.pages} pages) nor in the WAL`;
  return undefined;
}

/**
 * Indexes the committed frames of `wal`.
 * @param wal the `-wal` file
 * @param dbPageSize the page size of the main database file (a WAL with another one is rejected)
 * @param main the main file's facts: with them, a WAL that cannot continue it is rejected
 */
export function indexWal(wal: ByteSource, dbPageSize: number, main?: MainFileFacts): WalIndex | WalRejection {
  if (wal.size < WAL_HEADER) return { reason: wal.size === 0 ? 'the WAL file is empty (nothing to merge)' : 'the WAL file is shorter than its header' };
  const head = wal.read(0, WAL_HEADER).slice();
  const view = new DataView(head.buffer);
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) return { reason: 'it is not a SQLite WAL file (bad magic number)' };
  const bigEndian = magic === MAGIC_BE;
  if (view.getUint32(4) !== WAL_VERSION) return { reason: `unknown WAL format version ${view.getUint32(4)}` };
  const pageSize = view.getUint32(8) === 1 ? 65536 : view.getUint32(8);
  if (pageSize !== dbPageSize) return { reason: `its page size (${pageSize}) is not the database's (${dbPageSize}): it belongs to another database` };
  const headerSum = walChecksum(head.subarray(0, 24), bigEndian, [0, 0]);
  if (headerSum[0] !== view.getUint32(24) || headerSum[1] !== view.getUint32(28)) return { reason: 'its header checksum is wrong' };
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);

  const frameSize = FRAME_HEADER + pageSize;
  const totalFrames = Math.floor((wal.size - WAL_HEADER) / frameSize);
  const framesPerChunk = Math.max(1, Math.floor(SCAN_CHUNK / frameSize));
  let sum = headerSum;
  let validFrames = 0;
  let committedFrames = 0;
  let dbPages = 0;
  const pending: [number, number][] = [];
  const pages = new Map<number, number>();
  const commits: CommitFacts[] = [];
  const written = new Set<number>();
  let page1Written = false;
  let page1Backfilled = false;
  let page1Pending = false;
  let page1MatchPending = false;
  // The first page past the main file's end that no frame wrote yet (it only grows).
  let firstUnwritten = (main?.pages ?? 0) + 1;

  scan: for (let first = 0; first < totalFrames; first += framesPerChunk) {
    const count = Math.min(framesPerChunk, totalFrames - first);
    const chunkOffset = WAL_HEADER + first * frameSize;
    const chunk = wal.read(chunkOffset, count * frameSize);
    const cview = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let f = 0; f < count; f++) {
      const at = f * frameSize;
      if (at + frameSize > chunk.length) break scan;
      const pgno = cview.getUint32(at);
      const commitSize = cview.getUint32(at + 4);
      if (pgno === 0 || cview.getUint32(at + 8) !== salt1 || cview.getUint32(at + 12) !== salt2) break scan;
      sum = walChecksum(chunk.subarray(at, at + 8), bigEndian, sum);
      sum = walChecksum(chunk.subarray(at + FRAME_HEADER, at + frameSize), bigEndian, sum);
      if (sum[0] !== cview.getUint32(at + 16) || sum[1] !== cview.getUint32(at + 20)) break scan;
      validFrames++;
      pending.push([pgno, chunkOffset + at + FRAME_HEADER]);
      written.add(pgno);
      if (pgno === 1) {
        page1Pending = true;
        if (main && !page1Backfilled && sameBytes(chunk.subarray(at + FRAME_HEADER, at + frameSize), main.page1)) page1MatchPending = true;
      }
      if (commitSize !== 0) {
        // A commit frame: its transaction and every earlier one are committed.
        for (const [p, offset] of pending) pages.set(p, offset);
        pending.length = 0;
        committedFrames = validFrames;
        dbPages = commitSize;
        page1Written ||= page1Pending;
        page1Backfilled ||= page1MatchPending;
        if (main) {
          while (written.has(firstUnwritten)) firstUnwritten++;
          commits.push({ dbPages: commitSize, page1Written, ...(firstUnwritten <= commitSize ? { missingPage: firstUnwritten } : {}) });
        }
      }
    }
  }
  const problem = main ? continuityProblem(main, commits, page1Backfilled) : undefined;
  if (problem) return { reason: problem };
  return { pageSize, pages, dbPages, validFrames, committedFrames, totalFrames };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** True when `indexWal` rejected the file. */
export function isWalRejection(x: WalIndex | WalRejection): x is WalRejection {
  return 'reason' in x;
}
