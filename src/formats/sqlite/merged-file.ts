/**
 * The database as SQLite should see it: the main file with the committed WAL pages laid over it,
 * and the header's format bytes set to "rollback journal", so SQLite reads the merged pages as
 * one plain read-only database and never looks for a `-wal` or `-shm` file of its own.
 */
import type { ByteSource } from '../bytes/byte-source';
import { READ_VERSION_OFFSET, WRITE_VERSION_OFFSET } from './header';
import type { WalIndex } from './wal';

/** The merged database, read in slices. */
export interface MergedDatabase {
  readonly name: string;
  /** Size SQLite sees, in bytes. */
  readonly size: number;
  /**
   * Copies `length` bytes from `offset` into `out` (zero-filled past the end).
   * @returns the number of bytes that came from the file (less than `length` at the end)
   */
  readInto(out: Uint8Array, offset: number): number;
}

/**
 * Lays `wal` (when given) over `main`.
 * @param main the main database file
 * @param pageSize its page size
 * @param wal the committed WAL pages and the WAL file they live in
 */
export function mergedDatabase(main: ByteSource, pageSize: number, wal?: { index: WalIndex; source: ByteSource }): MergedDatabase {
  const useWal = wal !== undefined && wal.index.dbPages > 0;
  const pages = useWal ? wal.index.dbPages : main.size / pageSize;
  const size = pages * pageSize;

  function readPageSlice(out: Uint8Array, at: number, pgno: number, inPage: number, n: number): number {
    const walOffset = useWal ? wal.index.pages.get(pgno) : undefined;
    const src = walOffset !== undefined ? wal!.source.read(walOffset + inPage, n) : main.read((pgno - 1) * pageSize + inPage, n);
    out.set(src, at);
    if (src.length < n) out.fill(0, at + src.length, at + n);
    return src.length;
  }

  return {
    name: main.name,
    size,
    readInto(out, offset) {
      const length = out.length;
      let done = 0;
      let got = 0;
      while (done < length) {
        const pos = offset + done;
        if (pos >= size) {
          out.fill(0, done);
          break;
        }
        const pgno = Math.floor(pos / pageSize) + 1;
        const inPage = pos % pageSize;
        const n = Math.min(length - done, pageSize - inPage, size - pos);
        got += readPageSlice(out, done, pgno, inPage, n);
        done += n;
      }
      // Offsets 18 and 19 say WAL mode (2); SQLite must read the merged file as a plain one (1).
      for (const at of [WRITE_VERSION_OFFSET, READ_VERSION_OFFSET]) {
        if (at >= offset && at < offset + length && out[at - offset] === 2) out[at - offset] = 1;
      }
      return Math.min(got, Math.max(0, size - offset));
    },
  };
}
