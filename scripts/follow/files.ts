/**
 * The files `npm start -- <path>` follows, and reading them for the page: which files a path
 * names (a SQLite database and its `-wal`, a folder holding them, a dev server's store), and one
 * range of one of them with the facts the page needs to tell a consistent read from one that
 * raced a write. Node only; never writes a file.
 */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, statSync, type BigIntStats } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/** One followed file: the name the page sees and where it lives. */
export interface FollowedFile {
  name: string;
  path: string;
}

const SQLITE_MAGIC = 'SQLite format 3\0';
const DEV_STORE = join('.langgraph_api', '.langgraphjs_api.checkpointer.json');
/** Bytes at the start of a file sent with every range (a WAL's header: its salts change when SQLite restarts it). */
export const HEAD_BYTES = 32;

function head(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const got = readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

function isSqlite(path: string): boolean {
  try {
    return statSync(path).isFile() && head(path, 16).toString('latin1') === SQLITE_MAGIC;
  } catch {
    return false;
  }
}

function database(path: string): FollowedFile[] {
  const name = basename(path);
  return [{ name, path }, { name: `${name}-wal`, path: `${path}-wal` }];
}

/**
 * The files a command-line path names: a SQLite database (and its `-wal`, followed even before
 * it exists), a folder holding one (`checkpoints.sqlite` first, else the first database by name)
 * or a dev server's store, or any other file as itself (a JSON store).
 * @throws when the path does not exist or a folder holds no checkpoint store
 */
export function followedFiles(target: string): FollowedFile[] {
  const path = resolve(target);
  const stat = statSync(path);
  if (stat.isFile()) return isSqlite(path) ? database(path) : [{ name: basename(path), path }];
  const names = readdirSync(path).sort((a, b) => (a === 'checkpoints.sqlite' ? -1 : b === 'checkpoints.sqlite' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const db = names.map((n) => join(path, n)).find(isSqlite);
  if (db) return database(db);
  for (const store of [join(path, DEV_STORE), join(path, basename(DEV_STORE))]) if (existsSync(store)) return [{ name: basename(store), path: store }];
  throw new Error(`${path} holds no SQLite database and no .langgraph_api store to follow`);
}

/** What a file was when a range of it was read. */
export interface FileVersion {
  size: number;
  /** Modification time, nanoseconds as a decimal string, and inode: `mtime:ino`. */
  stamp: string;
  /** The first bytes, hex (`HEAD_BYTES`). */
  head: string;
  /** False when the file changed while the range was being read. */
  stable: boolean;
}

/** A range of a followed file, or null when the file does not exist (a `-wal` not written yet). */
export interface RangeRead {
  bytes: Buffer;
  version: FileVersion;
}

/**
 * Reads `length` bytes at `offset` (fewer at the end), with the file's size, stamp and head as
 * they were after the read, and whether anything changed during it (stat before and after).
 */
export function readRange(path: string, offset: number, length: number): RangeRead | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const before = fstatSync(fd, { bigint: true });
    const n = Math.max(0, Math.min(length, Number(before.size) - offset));
    const bytes = Buffer.alloc(n);
    let got = 0;
    while (got < n) {
      const r = readSync(fd, bytes, got, n - got, offset + got);
      if (r === 0) break;
      got += r;
    }
    const top = Buffer.alloc(HEAD_BYTES);
    const headLength = readSync(fd, top, 0, HEAD_BYTES, 0);
    const after = fstatSync(fd, { bigint: true });
    const stamp = (s: BigIntStats) => `${s.mtimeNs}:${s.ino}`;
    return {
      bytes: bytes.subarray(0, got),
      version: { size: Number(after.size), stamp: stamp(after), head: top.subarray(0, headLength).toString('hex'), stable: stamp(before) === stamp(after) && before.size === after.size && got === n },
    };
  } finally {
    closeSync(fd);
  }
}

/** Size and stamp of each file now (null for a file that does not exist), for change detection. */
export function fileStates(files: readonly FollowedFile[]): ({ size: number; stamp: string } | null)[] {
  return files.map((f) => {
    try {
      const s = statSync(f.path, { bigint: true });
      return { size: Number(s.size), stamp: `${s.mtimeNs}:${s.ino}` };
    } catch {
      return null;
    }
  });
}
