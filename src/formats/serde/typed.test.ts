/** The `(type, bytes)` dispatch: every stored type either decodes or is opaque with its reason. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../options';
import { decodeTyped } from './typed';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('decodeTyped', () => {
  it('null and empty values are null', () => {
    expect(decodeTyped({ type: 'null', bytes: new Uint8Array(0) }, DEFAULT_LIMITS)).toBeNull();
    expect(decodeTyped({ type: null, bytes: null }, DEFAULT_LIMITS)).toBeNull();
    expect(decodeTyped({ type: 'empty', bytes: null }, DEFAULT_LIMITS)).toBeNull();
  });

  it('bytes and bytearray are a bytes tag', () => {
    expect(decodeTyped({ type: 'bytes', bytes: bytes(104, 105) }, DEFAULT_LIMITS)).toEqual({ $type: 'bytes', length: 2, base64: 'aGk=', truncated: false });
    expect(decodeTyped({ type: 'bytearray', bytes: bytes(1) }, DEFAULT_LIMITS)).toEqual({ $type: 'bytes', length: 1, base64: 'AQ==', truncated: false });
  });

  it('a text column holding JSON decodes like a blob', () => {
    expect(decodeTyped({ type: 'json', bytes: '{"a":1}' }, DEFAULT_LIMITS)).toEqual({ a: 1 });
    expect(decodeTyped({ type: null, bytes: '[1]' }, DEFAULT_LIMITS)).toEqual([1]);
  });

  it('pickle, encrypted and unknown types are opaque, with a preview of their bytes', () => {
    expect(decodeTyped({ type: 'pickle', bytes: bytes(0x80, 0x04, 0x95, 65, 66) }, DEFAULT_LIMITS)).toEqual({
      $type: 'opaque', type: 'pickle', length: 5, preview: '...AB', reason: 'a Python pickle: not decoded, since unpickling can run code',
    });
    expect(decodeTyped({ type: 'msgpack+aes', bytes: bytes(1, 2, 3) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', type: 'msgpack+aes', length: 3, reason: expect.stringMatching(/encrypted with "aes"/) });
    expect(decodeTyped({ type: 'protobuf', bytes: bytes(8, 1) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', reason: 'unknown serialization type "protobuf"' });
  });

  it('a blob over the size limit is opaque without being read', () => {
    const big = new Uint8Array(2048);
    expect(decodeTyped({ type: 'json', bytes: big }, { ...DEFAULT_LIMITS, maxBlobBytes: 1024 })).toMatchObject({ $type: 'opaque', length: 2048, preview: '', reason: expect.stringMatching(/1024-byte limit/) });
  });
});
