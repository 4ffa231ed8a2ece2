/**
 * A `File` or `Blob` as a ByteSource, read slice by slice with `FileReaderSync`: only the slices
 * SQLite asks for are ever copied, whatever the file's size. `FileReaderSync` exists only in
 * dedicated workers, which is where SQLite runs.
 *
 * Declared structurally (this layer is type-checked without the DOM library).
 */
import type { ByteSource } from './byte-source';

/** The part of `Blob` used here. */
export interface BlobLike {
  readonly size: number;
  slice(start?: number, end?: number): BlobLike;
}

/** The part of `FileReaderSync` used here. */
export interface SyncBlobReader {
  readAsArrayBuffer(blob: BlobLike): ArrayBuffer;
}

/** The worker's `FileReaderSync`, when there is one. */
export function workerBlobReader(): SyncBlobReader | undefined {
  const Ctor = (globalThis as { FileReaderSync?: new () => SyncBlobReader }).FileReaderSync;
  return Ctor ? new Ctor() : undefined;
}

/**
 * A ByteSource reading `blob` in slices.
 * @param name the file name, for messages
 * @param blob the file
 * @param reader how to read a slice synchronously (defaults to the worker's `FileReaderSync`)
 * @throws when there is no synchronous reader (outside a dedicated worker)
 */
export function blobSource(name: string, blob: BlobLike, reader: SyncBlobReader | undefined = workerBlobReader()): ByteSource {
  if (!reader) throw new Error('Reading a file in slices needs FileReaderSync, which only dedicated workers have.');
  return {
    name,
    size: blob.size,
    read(offset, length) {
      const start = Math.min(offset, blob.size);
      const end = Math.min(offset + length, blob.size);
      if (end <= start) return new Uint8Array(0);
      return new Uint8Array(reader.readAsArrayBuffer(blob.slice(start, end)));
    },
  };
}
