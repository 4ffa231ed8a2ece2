/**
 * The last pass of every decoder: turns what a parser produced into the decoded form of
 * `values.ts`. Tags built by the decoders are wrapped in `Built` while decoding, so this pass can
 * tell them from user data that happens to have a `$type` key (which it escapes as a `dict`).
 * It also bounds the nesting depth, since everything after it recurses.
 */
import { ExtData } from '@msgpack/msgpack';
import { toBase64 } from '../bytes/base64';
import type { DecodeLimits } from '../options';
import { opaque, setOwn, type TaggedValue } from './values';

/** A tag made by a decoder (not user data). Its fields are normalized like any value. */
export class Built {
  constructor(readonly tag: TaggedValue) {}
}

/** The depth limit was passed. */
export class DepthError extends Error {
  override name = 'DepthError';
  constructor(limit: number) {
    super(`nested deeper than ${limit} levels`);
  }
}

/** A `bytes` tag keeping at most `keep` bytes. */
export function bytesValue(bytes: Uint8Array, keep: number): TaggedValue {
  const kept = bytes.subarray(0, keep);
  return { $type: 'bytes', length: bytes.length, base64: toBase64(kept), truncated: kept.length < bytes.length };
}

/**
 * The decoded form of `value`.
 * @param value what a parser produced (plain data, `Built` tags, bytes, unknown extensions…)
 * @param limits depth and size limits
 * @param depth the current nesting depth
 * @throws DepthError past `limits.maxDepth`
 */
export function normalize(value: unknown, limits: DecodeLimits, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    if (typeof value === 'number' && !Number.isFinite(value)) return { $type: 'decimal', value: String(value) };
    if (value === undefined) return { $type: 'undefined', value: null };
    return value;
  }
  if (depth >= limits.maxDepth) throw new DepthError(limits.maxDepth);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = normalize(value[i], limits, depth + 1);
    return out;
  }
  if (value instanceof Built) return normalizeFields({ ...value.tag }, limits, depth, true);
  if (value instanceof Uint8Array) return bytesValue(value, limits.maxBytesKept);
  if (value instanceof Date) return { $type: 'datetime', value: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (value instanceof ExtData) {
    // An extension this layer does not know: kept as its bytes.
    const data = typeof value.data === 'function' ? value.data(0) : value.data;
    return opaque(`ext:${value.type}`, data, `unknown msgpack extension type ${value.type}`);
  }
  const record = value as Record<string, unknown>;
  const plain = normalizeFields(record, limits, depth, false);
  return Object.hasOwn(record, '$type') ? { $type: 'dict', value: plain } : plain;
}

function normalizeFields(record: Record<string, unknown>, limits: DecodeLimits, depth: number, isTag: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (isTag && (key === '$type' || v === undefined)) {
      if (key === '$type') out.$type = v;
      continue;
    }
    setOwn(out, key, normalize(v, limits, depth + 1));
  }
  return out;
}
