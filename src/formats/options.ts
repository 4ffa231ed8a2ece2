/**
 * Every limit of the formats layer, with its default in one object. A value over a limit is shown
 * as an opaque value (or the source is refused), never decoded at the risk of the worker.
 */

/** Limits on decoding one stored value. */
export interface DecodeLimits {
  /**
   * Deepest nesting of arrays, objects and msgpack extensions in one value.
   * @default 512
   */
  maxDepth: number;
  /**
   * Largest stored blob that is decoded; a bigger one is shown as opaque.
   * @default 64 MiB
   */
  maxBlobBytes: number;
  /**
   * Bytes kept of a `bytes` value (the rest is counted, not copied).
   * @default 4096
   */
  maxBytesKept: number;
}

/** Limits on opening a source. */
export interface SourceLimits {
  /**
   * Largest JSON store (dev server file, Postgres dump) read; these are parsed whole, unlike
   * SQLite files, which are read page by page.
   * @default 512 MiB
   */
  maxTextStoreBytes: number;
  /**
   * Largest `limit` of a checkpoint page.
   * @default 1000
   */
  maxPageSize: number;
  /**
   * Ancestors walked to rebuild a DeltaChannel value before giving up.
   * @default 10000
   */
  maxDeltaWalk: number;
  /**
   * Largest newest checkpoint decoded to describe a thread in a thread list (its time and the
   * language of the saver that wrote it); a bigger one is told by its stored type alone, so a
   * list never reads a large checkpoint.
   * @default 256 KiB
   */
  maxHeadDecodeBytes: number;
  /**
   * Largest stored value (a checkpoint blob, a pending write, a Postgres channel blob) decoded in
   * the thread that reads it; a bigger one goes to the source's `decodeBlob` (the app's storage
   * worker hands it to a decode worker), so no read holds that thread for long. Without a
   * `decodeBlob` every value is decoded in place.
   * @default 256 KiB
   */
  maxInlineDecodeBytes: number;
}

export type FormatLimits = DecodeLimits & SourceLimits;

export const DEFAULT_LIMITS: Readonly<Required<FormatLimits>> = Object.freeze({
  maxDepth: 512,
  maxBlobBytes: 64 * 1024 * 1024,
  maxBytesKept: 4096,
  maxTextStoreBytes: 512 * 1024 * 1024,
  maxPageSize: 1000,
  maxDeltaWalk: 10_000,
  maxHeadDecodeBytes: 256 * 1024,
  maxInlineDecodeBytes: 256 * 1024,
});

/** The defaults with `partial` applied. */
export function resolveLimits(partial?: Partial<FormatLimits>): Required<FormatLimits> {
  return { ...DEFAULT_LIMITS, ...partial };
}
