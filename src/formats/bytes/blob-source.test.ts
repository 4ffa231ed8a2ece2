/** Slices of a Blob, read synchronously (a fake reader over Node's Blob stands for FileReaderSync). */
import { describe, expect, it } from 'vitest';
import { openFiles } from '../open-files';
import { blobSource, type BlobLike, type SyncBlobReader } from './blob-source';

/** Reads Node Blob slices synchronously through a side table filled in advance. */
function fakeReader(bytes: Uint8Array): { reader: SyncBlobReader; blob: BlobLike; calls: [number, number][] } {
  const calls: [number, number][] = [];
  const slice = (start = 0, end = bytes.length): BlobLike & { start: number; end: number } => ({ size: end - start, start, end, slice: (s = 0, e = end - start) => slice(start + s, start + e) });
  return {
    calls,
    blob: slice(),
    reader: {
      readAsArrayBuffer(b) {
        const { start, end } = b as ReturnType<typeof slice>;
        calls.push([start, end]);
        return bytes.slice(start, end).buffer;
      },
    },
  };
}

describe('blobSource', () => {
  it('reads only the requested slice, bounded by the end of the file', () => {
    const bytes = new Uint8Array(100).map((_, i) => i);
    const { reader, blob, calls } = fakeReader(bytes);
    const source = blobSource('f.bin', blob, reader);
    expect(source.size).toBe(100);
    expect(source.read(10, 5)).toEqual(new Uint8Array([10, 11, 12, 13, 14]));
    expect(source.read(98, 10)).toEqual(new Uint8Array([98, 99]));
    expect(source.read(200, 10)).toEqual(new Uint8Array(0));
    // Both small reads come from the file's first 64 KiB block, read once.
    expect(calls).toEqual([[0, 100]]);
  });

  it('serves small reads from 64 KiB blocks (across two when needed) and reads large ones whole', () => {
    const K = 1024;
    const bytes = new Uint8Array(300 * K).map((_, i) => i % 251);
    const { reader, blob, calls } = fakeReader(bytes);
    const source = blobSource('f.bin', blob, reader);
    for (let page = 0; page < 32; page++) expect(source.read(page * 4 * K, 4 * K)).toEqual(bytes.slice(page * 4 * K, (page + 1) * 4 * K));
    expect(calls).toEqual([[0, 64 * K], [64 * K, 128 * K]]);
    expect(source.read(60 * K, 8 * K)).toEqual(bytes.slice(60 * K, 68 * K));
    expect(source.read(130 * K, 100 * K)).toEqual(bytes.slice(130 * K, 230 * K));
    expect(source.read(256 * K, 64 * K)).toEqual(bytes.slice(256 * K, 300 * K));
    expect(calls.slice(2)).toEqual([[130 * K, 230 * K], [256 * K, 300 * K]]);
  });

  it('without FileReaderSync (outside a worker) opening says why, as data', async () => {
    const { result } = await openFiles([{ name: 'a.sqlite', size: 10, slice: () => ({ size: 0, slice: () => ({ size: 0 }) as BlobLike }) }]);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/needs FileReaderSync, which only dedicated workers have/) } });
  });
});
