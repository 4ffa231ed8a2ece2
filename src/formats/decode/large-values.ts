/**
 * Large stored values decoded away from the reading thread. A source may be given a
 * `BlobDecoder` (the app's storage worker passes one that posts the bytes to a decode worker); a
 * read then hands every value over `maxInlineDecodeBytes` to it and awaits the decoded value,
 * while the small ones are decoded in place as before. The decoded values are the same either
 * way: the decoder runs `decodeTyped` (a pure function) wherever it is.
 */
import type { DecodeLimits } from '../options';
import { decodeTyped, type TypedBlob } from '../serde/typed';
import { opaque } from '../serde/values';

/**
 * Decodes one stored value elsewhere. The blob is the decoder's own: its bytes may be transferred
 * (a source hands over bytes nothing else holds). It resolves with what `decodeTyped` returns
 * for the blob; a rejection (the decoder stopped, took too long) is shown as an opaque value
 * carrying the rejection's message.
 */
export type BlobDecoder = (blob: TypedBlob, limits: DecodeLimits) => Promise<unknown>;

/** Decoded values of the blobs that were decoded elsewhere, by blob. */
export type Predecoded = ReadonlyMap<TypedBlob, unknown>;

/** The blob's stored size. */
export const blobSize = (blob: TypedBlob): number => (typeof blob.bytes === 'string' ? blob.bytes.length : (blob.bytes?.length ?? 0));

/** The decoded value of `blob`: the one decoded elsewhere, or decoded here. */
export function decodedOf(blob: TypedBlob, limits: DecodeLimits, predecoded?: Predecoded): unknown {
  return predecoded?.has(blob) ? predecoded.get(blob) : decodeTyped(blob, limits);
}

/**
 * Decodes with `decoder` the blobs larger than `threshold` (all at once) and returns their values.
 * @param blobs the values a read is about to decode
 * @param own whether the blobs' bytes are the reader's own (else each is copied before it is handed over)
 */
export async function decodeLargeBlobs(
  blobs: readonly TypedBlob[],
  limits: DecodeLimits,
  threshold: number,
  decoder: BlobDecoder | undefined,
  own: boolean,
): Promise<Predecoded> {
  const out = new Map<TypedBlob, unknown>();
  if (!decoder) return out;
  const large = blobs.filter((b) => blobSize(b) > threshold && blobSize(b) <= limits.maxBlobBytes);
  await Promise.all(large.map(async (blob) => {
    const size = blobSize(blob);
    const handed: TypedBlob = own || typeof blob.bytes === 'string' || blob.bytes === null ? { ...blob } : { ...blob, bytes: blob.bytes.slice() };
    try {
      out.set(blob, await decoder(handed, limits));
    } catch (err) {
      out.set(blob, opaque(blob.type ?? 'json', size, err instanceof Error ? err.message : String(err)));
    }
  }));
  return out;
}
