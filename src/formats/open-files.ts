/**
 * Opening the files a user dropped or picked (`File` objects) in a dedicated worker: each is read
 * slice by slice with `FileReaderSync`, so a database of any size costs only the pages read.
 */
import { blobSource, type BlobLike, type SyncBlobReader } from './bytes/blob-source';
import type { ByteSource, ReadStats } from './bytes/byte-source';
import { openCheckpointSource, type OpenOptions, type OpenResult } from './open';

/** A `File`, structurally (this layer has no DOM types). */
export type FileLike = BlobLike & { readonly name: string };

/** Options of `openFiles`. */
export interface OpenFilesOptions extends OpenOptions {
  /** How to read slices synchronously (defaults to the worker's `FileReaderSync`). */
  reader?: SyncBlobReader;
}

/**
 * Opens `files` (a database and its `-wal`, a JSON store, or the CSV tables of a dump).
 * @returns the result, and live counters of the bytes read from all the files
 */
export async function openFiles(files: readonly FileLike[], options: OpenFilesOptions = {}): Promise<{ result: OpenResult; stats: ReadStats }> {
  const stats: ReadStats = { reads: 0, bytes: 0 };
  let sources: ByteSource[];
  try {
    sources = files.map((file) => {
      const inner = blobSource(file.name, file, options.reader);
      return {
        name: inner.name,
        size: inner.size,
        read(offset: number, length: number) {
          const out = inner.read(offset, length);
          stats.reads++;
          stats.bytes += out.length;
          return out;
        },
      };
    });
  } catch (err) {
    return { result: { ok: false, error: { code: 'INTERNAL', name: 'Error', message: err instanceof Error ? err.message : String(err) } }, stats };
  }
  return { result: await openCheckpointSource(sources, options), stats };
}
