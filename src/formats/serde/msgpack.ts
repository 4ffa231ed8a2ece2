/**
 * Python's `msgpack` blobs (`JsonPlusSerializer`, written with `ormsgpack`), decoded with
 * `@msgpack/msgpack` and one extension decoder per LangGraph code:
 *
 * - 0–5: stored Python objects (`[module, name, payload(, method)]`), mapped by `python.ts`;
 * - 6: numpy arrays (`[dtype, shape, order, buffer]`), kept as an `ndarray` placeholder;
 * - 7: DeltaChannel snapshots (the channel's whole value), a `delta-snapshot` tag.
 *
 * Any other extension stays as bytes and becomes an opaque value. Lengths the bytes cannot hold
 * are refused before anything is allocated, strings must be valid UTF-8 (`msgpack-scan.ts`), and
 * nesting (extensions inside extensions) is bounded by `maxDepth`.
 */
import { Decoder, ExtensionCodec } from '@msgpack/msgpack';
import type { DecodeLimits } from '../options';
import { lenientUtf8 } from '../bytes/text';
import { scanMsgpack } from './msgpack-scan';
import { Built, DepthError } from './normalize';
import { pythonValue } from './python';

/** LangGraph's msgpack extension codes (`jsonplus.py`). */
export const EXT = {
  CONSTRUCTOR_SINGLE_ARG: 0,
  CONSTRUCTOR_POS_ARGS: 1,
  CONSTRUCTOR_KW_ARGS: 2,
  METHOD_SINGLE_ARG: 3,
  PYDANTIC_V1: 4,
  PYDANTIC_V2: 5,
  NUMPY_ARRAY: 6,
  DELTA_SNAPSHOT: 7,
} as const;

/** Map keys Python writes with `OPT_NON_STR_KEYS` (ints, tuples) become strings. */
function mapKey(key: unknown): string | number {
  if (typeof key === 'string' || typeof key === 'number') return key;
  return JSON.stringify(key) ?? String(key);
}

/**
 * `module.Class` of an extension payload whose value cannot be decoded, read from its first two
 * elements (msgpack strings after the array header) without decoding the rest; undefined when
 * they are not there.
 */
export function classOf(data: Uint8Array): string | undefined {
  let at = 0;
  const head = data[at++];
  if (head === undefined) return undefined;
  if (head === 0xdc) at += 2;
  else if (head === 0xdd) at += 4;
  else if (head < 0x92 || head > 0x9f) return undefined;
  const text = (): string | undefined => {
    const b = data[at++];
    if (b === undefined) return undefined;
    let n: number;
    if (b >= 0xa0 && b <= 0xbf) n = b - 0xa0;
    else if (b === 0xd9) n = data[at++] ?? -1;
    else if (b === 0xda) {
      n = ((data[at] ?? 0) << 8) | (data[at + 1] ?? 0);
      at += 2;
    } else return undefined;
    if (n < 0 || at + n > data.length || n > 512) return undefined;
    const out = lenientUtf8.decode(data.subarray(at, at + n));
    at += n;
    return out;
  };
  const module = text();
  const name = module === undefined ? undefined : text();
  return module !== undefined && name !== undefined ? `${module}.${name}` : undefined;
}

/** The payload of a constructor extension, checked for its `[module, name, …]` shape. */
function constructorTuple(value: unknown): [string, string, unknown, unknown] | undefined {
  if (!Array.isArray(value) || value.length < 3 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return undefined;
  return [value[0], value[1], value[2], value[3]];
}

/**
 * Decodes one Python msgpack blob into parser output (to be passed to `normalize`).
 * @param bytes the blob
 * @param limits depth limit
 * @throws on malformed msgpack or when nested past the limit
 */
export function decodePythonMsgpack(bytes: Uint8Array, limits: DecodeLimits): unknown {
  const unsound = scanMsgpack(bytes);
  if (unsound) throw new Error(unsound);
  let depth = 0;
  const codec = new ExtensionCodec();
  const inner = (data: Uint8Array): unknown => {
    if (++depth > limits.maxDepth) throw new DepthError(limits.maxDepth);
    try {
      return decoderFor(data).decode(data);
    } finally {
      depth--;
    }
  };
  // A decoder per blob size: a declared array, map, string or binary length larger than the bytes
  // left is impossible, so it is refused before anything is allocated for it.
  const decoderFor = (data: Uint8Array) =>
    new Decoder({
      extensionCodec: codec,
      mapKeyConverter: mapKey,
      maxArrayLength: data.length,
      maxMapLength: data.length,
      maxStrLength: data.length,
      maxBinLength: data.length,
      maxExtLength: data.length,
    });
  for (const code of [EXT.CONSTRUCTOR_SINGLE_ARG, EXT.CONSTRUCTOR_POS_ARGS, EXT.CONSTRUCTOR_KW_ARGS, EXT.METHOD_SINGLE_ARG, EXT.PYDANTIC_V1, EXT.PYDANTIC_V2]) {
    codec.register({
      type: code,
      encode: () => null,
      decode: (data) => {
        let decoded: unknown;
        try {
          decoded = inner(data);
        } catch (err) {
          // A value that cannot be decoded is shown with its type and class, the rest of the blob kept.
          if (err instanceof DepthError) throw err;
          const cls = classOf(data);
          const why = err instanceof Error ? err.message : String(err);
          return new Built({ $type: 'opaque', type: `ext:${code}`, length: data.length, preview: '', reason: `undecodable msgpack ext ${code}${cls ? `: ${cls}` : ''} (${why})` });
        }
        const tuple = constructorTuple(decoded);
        if (!tuple) return new Built({ $type: 'opaque', type: `ext:${code}`, length: data.length, preview: '', reason: 'not a [module, name, payload] tuple' });
        const [module, name, payload, method] = tuple;
        return pythonValue({ code, module, name, payload, ...(typeof method === 'string' ? { method } : {}) });
      },
    });
  }
  codec.register({
    type: EXT.NUMPY_ARRAY,
    encode: () => null,
    decode: (data) => {
      const v = inner(data);
      const [dtype, shape, order, buf] = Array.isArray(v) ? v : [];
      return new Built({
        $type: 'ndarray',
        dtype: String(dtype),
        shape: Array.isArray(shape) ? shape.filter((n): n is number => typeof n === 'number') : [],
        order: typeof order === 'string' ? order : 'C',
        length: buf instanceof Uint8Array ? buf.length : 0,
      });
    },
  });
  codec.register({ type: EXT.DELTA_SNAPSHOT, encode: () => null, decode: (data) => new Built({ $type: 'delta-snapshot', value: inner(data) }) });
  return decoderFor(bytes).decode(bytes);
}
