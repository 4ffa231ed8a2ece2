/**
 * One stored value, `(type, bytes)` as every LangGraph saver keeps it, to its decoded form. Never
 * throws: what cannot be decoded (an unknown type, a `pickle`, an encrypted blob, malformed or
 * hostile bytes, a blob over the size limit) comes back as an opaque value saying why.
 *
 * | type | written by | decoded as |
 * |---|---|---|
 * | `json` | LangGraph.js (all blobs), old LangGraph Python | JSON + `lc` records (`lc-json.ts`) |
 * | `msgpack` | LangGraph Python | msgpack + extension codes (`msgpack.ts`) |
 * | `bytes`, `bytearray` | both, for raw bytes | a `bytes` tag |
 * | `null` (or no type and no bytes) | Python, for `None` | `null` |
 * | `pickle` | Python with `pickle_fallback=True` | opaque: unpickling can run code |
 * | `<type>+<cipher>` | Python's `EncryptedSerializer` | opaque: encrypted |
 */
import { parsePythonJson } from './python-json';
import { strictUtf8, utf8Encoder } from '../bytes/text';
import type { DecodeLimits } from '../options';
import { reviveLcJson } from './lc-json';
import { decodePythonMsgpack } from './msgpack';
import { bytesValue, normalize } from './normalize';
import { opaque } from './values';

/** A stored value: the saver's type tag and its bytes (or text, when SQLite kept it as TEXT). */
export interface TypedBlob {
  type: string | null;
  bytes: Uint8Array | string | null;
}


/** Bytes of a stored value, whichever way the store kept it. */
export function blobBytes(bytes: Uint8Array | string | null): Uint8Array {
  if (bytes === null) return new Uint8Array(0);
  return typeof bytes === 'string' ? utf8Encoder.encode(bytes) : bytes;
}

/**
 * Parses JSON text (bytes must be valid UTF-8) and revives its `lc` records.
 * @throws on invalid UTF-8, invalid JSON or nesting past the limit
 */
export function parseLcJson(bytes: Uint8Array | string, limits: DecodeLimits): unknown {
  const text = typeof bytes === 'string' ? bytes : strictUtf8.decode(bytes);
  return normalize(reviveLcJson(parsePythonJson(text), limits), limits);
}

function reasonOf(err: unknown): string {
  if (err instanceof TypeError && /encoded data|decode/i.test(err.message)) return 'not valid UTF-8';
  return err instanceof Error ? err.message : String(err);
}

/**
 * The decoded value of one stored blob.
 * @param blob the stored type and bytes
 * @param limits size and depth limits
 */
export function decodeTyped(blob: TypedBlob, limits: DecodeLimits): unknown {
  const type = blob.type ?? (blob.bytes === null ? 'null' : 'json');
  const size = typeof blob.bytes === 'string' ? blob.bytes.length : (blob.bytes?.length ?? 0);
  if (type === 'null' || (type === 'empty' && size === 0)) return null;
  if (size > limits.maxBlobBytes) return opaque(type, size, `larger than the ${limits.maxBlobBytes}-byte limit`);
  if (type.includes('+')) {
    const [inner, cipher] = type.split('+', 2);
    return opaque(type, blobBytes(blob.bytes), `encrypted with "${cipher}" (the ${inner} inside cannot be read without the key)`);
  }
  try {
    switch (type) {
      case 'json':
        return parseLcJson(blob.bytes ?? '', limits);
      case 'msgpack':
        return normalize(decodePythonMsgpack(blobBytes(blob.bytes), limits), limits);
      case 'bytes':
      case 'bytearray':
        return bytesValue(blobBytes(blob.bytes), limits.maxBytesKept);
      case 'pickle':
        return opaque(type, blobBytes(blob.bytes), 'a Python pickle: not decoded, since unpickling can run code');
      default:
        return opaque(type, blobBytes(blob.bytes), `unknown serialization type "${type}"`);
    }
  } catch (err) {
    return opaque(type, blobBytes(blob.bytes), reasonOf(err));
  }
}
