/**
 * Random access to a file's bytes without holding the file: SQLite asks for pages, and only
 * those are read. Synchronous, because SQLite's VFS calls are: in a browser this means a
 * dedicated worker reading a `File` with `FileReaderSync` (`blob-source.ts`); in Node, tests and
 * scripts, bytes in memory.
 */

/** A file's bytes, read in slices. */
export interface ByteSource {
  /** The file name, for messages. */
  readonly name: string;
  /** Size in bytes. */
  readonly size: number;
  /**
   * Up to `length` bytes from `offset` (fewer at the end of the file).
   * @throws when the underlying file can no longer be read
   */
  read(offset: number, length: number): Uint8Array;
}

/** A source over bytes already in memory. */
export function bytesSource(name: string, bytes: Uint8Array): ByteSource {
  return {
    name,
    size: bytes.length,
    read: (offset, length) => bytes.subarray(Math.min(offset, bytes.length), Math.min(offset + length, bytes.length)),
  };
}

/** Counts of what was read from a source. */
export interface ReadStats {
  /** Number of `read` calls. */
  reads: number;
  /** Bytes returned by them. */
  bytes: number;
}

/**
 * Wraps `source` to count what is read from it (for the bytes-read measurement and tests).
 * @returns the counting source and its live counters
 */
export function countingSource(source: ByteSource): { source: ByteSource; stats: ReadStats } {
  const stats: ReadStats = { reads: 0, bytes: 0 };
  return {
    stats,
    source: {
      name: source.name,
      size: source.size,
      read(offset, length) {
        const out = source.read(offset, length);
        stats.reads++;
        stats.bytes += out.length;
        return out;
      },
    },
  };
}

/** Reads exactly `length` bytes or fewer at the end, as a copy the caller may keep. */
export function readCopy(source: ByteSource, offset: number, length: number): Uint8Array {
  return source.read(offset, length).slice();
}
