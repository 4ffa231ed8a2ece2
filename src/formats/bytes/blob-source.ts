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

/** Bytes read from the file at a time for small reads (SQLite asks page by page). */
const BLOCK = 64 * 1024;
/** Blocks kept (1 MiB): a walk through an index reads each block once, not once per page. */
const BLOCKS_KEPT = 16;

/**
 * A ByteSource reading `blob` in slices. A small read is served from a 64 KiB block of the file,
 * read once and kept among the last 16 used: SQLite reads 4 KiB pages one by one, and a
 * `FileReaderSync` call costs far more than its bytes, so walking the primary-key index of a file
 * of 300,000 threads takes 300 reads instead of 5,000. A read larger than a block goes straight to
 * the file.
 * @param name the file name, for messages
 * @param blob the file
 * @param reader how to read a slice synchronously (defaults to the worker's `FileReaderSync`)
 * @throws when there is no synchronous reader (outside a dedicated worker)
 */
export function blobSource(name: string, blob: BlobLike, reader: SyncBlobReader | undefined = workerBlobReader()): ByteSource {
  if (!reader) throw new Error('Reading a file in slices needs FileReaderSync, which only dedicated workers have.');
  const slice = (start: number, end: number) => new Uint8Array(reader.readAsArrayBuffer(blob.slice(start, end)));
  const blocks = new Map<number, Uint8Array>();
  const block = (i: number): Uint8Array => {
    let b = blocks.get(i);
    if (b) blocks.delete(i);
    else b = slice(i * BLOCK, Math.min((i + 1) * BLOCK, blob.size));
    blocks.set(i, b);
    if (blocks.size > BLOCKS_KEPT) blocks.delete(blocks.keys().next().value!);
    return b;
  };
  return {
    name,
    size: blob.size,
    read(offset, length) {
      const start = Math.min(offset, blob.size);
      const end = Math.min(offset + length, blob.size);
      if (end <= start) return new Uint8Array(0);
      if (end - start > BLOCK) return slice(start, end);
      const first = Math.floor(start / BLOCK);
      const last = Math.floor((end - 1) / BLOCK);
      if (first === last) return block(first).slice(start - first * BLOCK, end - first * BLOCK);
      const out = new Uint8Array(end - start);
      const a = block(first).subarray(start - first * BLOCK);
      out.set(a, 0);
      out.set(block(last).subarray(0, end - last * BLOCK), a.length);
      return out;
    },
  };
}
