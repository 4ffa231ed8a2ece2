/**
 * A consistent view of files another program is writing: each file is read in ranges, and every
 * range comes with the file's version as it was read (`RangeReader`, served by `npm start -- <path>`
 * in the app, by `fs` in Node). A snapshot fixes each file's version at its first read and checks
 * every later read against it, so SQLite never sees pages of two states of the database:
 *
 * - a database or a JSON store must not change at all (in WAL mode SQLite changes the main file
 *   only when it checkpoints the WAL into it);
 * - a `-wal` may grow (a writer appends frames; the snapshot reads only the frames that were
 *   committed when it was taken) but must keep its header: SQLite rewrites the header, with new
 *   salts, when it starts the WAL again from its beginning, and truncates it to nothing in a
 *   `wal_checkpoint(TRUNCATE)`.
 *
 * The database is read before its `-wal` (`takeSnapshot` reads the files in the order given): a
 * checkpoint that copies newer frames into the database after that changes the database, which the
 * next read of it notices. A read that notices a change throws `SnapshotRaced` and marks the
 * snapshot: its reader opens a new one and asks again (`followed-source.ts`).
 */
import type { ByteSource } from '../bytes/byte-source';

/** A file's version when a range of it was read. */
export interface FileVersion {
  size: number;
  /** Changes with every write (modification time and file identity). */
  stamp: string;
  /** The file's first 32 bytes, hex (a WAL's header). */
  head: string;
  /** False when the file changed while the range was read. */
  stable: boolean;
}

/** A range of a file with its version; null when the file does not exist. */
export type RangeReader = (offset: number, length: number) => { bytes: Uint8Array; version: FileVersion } | null;

/** A file being followed: its name and how to read it. */
export interface FollowedFileRef {
  name: string;
  read: RangeReader;
}

/** Thrown by a snapshot's read when its file changed since the snapshot was taken. */
export class SnapshotRaced extends Error {
  constructor(file: string) {
    super(`"${file}" changed while it was read`);
    this.name = 'SnapshotRaced';
  }
}

/** The files as they were when the snapshot was taken. */
export interface Snapshot {
  /** One source per file that existed (an absent or empty `-wal` is left out). */
  sources: ByteSource[];
  /** Each file's version (null: absent), in the order given, to tell whether anything changed. */
  versions: (FileVersion | null)[];
  /** Set by the first read that found a file changed. */
  raced: boolean;
}

const BLOCK = 64 * 1024;
const BLOCKS_KEPT = 32;
const WAL_MAGIC = /^377f068[23]/;

function sameFile(first: FileVersion, now: FileVersion, isWal: boolean): boolean {
  if (!now.stable) return false;
  return isWal ? now.head === first.head && now.size >= first.size : now.stamp === first.stamp && now.size === first.size;
}

/**
 * Takes a snapshot of `files`, reading the first block of each in order (the database before its
 * `-wal`); nothing more is read until SQLite asks.
 * @throws SnapshotRaced when a file changed while its first block was read
 */
export function takeSnapshot(files: readonly FollowedFileRef[]): Snapshot {
  const snapshot: Snapshot = { sources: [], versions: [], raced: false };
  for (const file of files) {
    const first = file.read(0, BLOCK);
    if (first && !first.version.stable) {
      snapshot.raced = true;
      throw new SnapshotRaced(file.name);
    }
    // An empty file is as good as none (SQLite leaves an empty -wal behind a reader, or after a truncation).
    const empty = !first || first.version.size === 0;
    snapshot.versions.push(empty ? null : first.version);
    if (empty) continue;
    snapshot.sources.push(guardedSource(snapshot, file, first.version, first.bytes));
  }
  return snapshot;
}

/** A file of a snapshot as a ByteSource: reads in 64 KiB blocks, each checked against `first`. */
function guardedSource(snapshot: Snapshot, file: FollowedFileRef, first: FileVersion, firstBlock: Uint8Array): ByteSource {
  const size = first.size;
  const isWal = WAL_MAGIC.test(first.head);
  const raced = (): never => {
    snapshot.raced = true;
    throw new SnapshotRaced(file.name);
  };
  const fetch = (start: number, end: number): Uint8Array => {
    const r = file.read(start, end - start);
    if (!r || !sameFile(first, r.version, isWal) || r.bytes.length < end - start) return raced();
    return r.bytes.subarray(0, end - start);
  };
  const blocks = new Map<number, Uint8Array>([[0, firstBlock.subarray(0, Math.min(BLOCK, size))]]);
  const block = (i: number): Uint8Array => {
    let b = blocks.get(i);
    if (b) blocks.delete(i);
    else b = fetch(i * BLOCK, Math.min((i + 1) * BLOCK, size));
    blocks.set(i, b);
    if (blocks.size > BLOCKS_KEPT) blocks.delete(blocks.keys().next().value!);
    return b;
  };
  return {
    name: file.name,
    size,
    read(offset, length) {
      if (snapshot.raced) raced();
      const start = Math.min(offset, size);
      const end = Math.min(offset + length, size);
      if (end <= start) return new Uint8Array(0);
      if (end - start > BLOCK) return fetch(start, end).slice();
      const firstBlock = Math.floor(start / BLOCK);
      const last = Math.floor((end - 1) / BLOCK);
      if (firstBlock === last) return block(firstBlock).slice(start - firstBlock * BLOCK, end - firstBlock * BLOCK);
      const out = new Uint8Array(end - start);
      const a = block(firstBlock).subarray(start - firstBlock * BLOCK);
      out.set(a, 0);
      out.set(block(last).subarray(0, end - last * BLOCK), a.length);
      return out;
    },
  };
}

/** True when `a` and `b` are the same versions of the same files (nothing to read again). */
export function sameVersions(a: readonly (FileVersion | null)[], b: readonly (FileVersion | null)[]): boolean {
  return a.length === b.length && a.every((v, i) => {
    const w = b[i];
    return v === null || w === null ? v === w : v.size === w.size && v.stamp === w.stamp && v.head === w.head;
  });
}
