/** The UTF-8 pre-scan must accept every msgpack encoding (a false alarm would hide a valid blob). */
import { encode, ExtData } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { scanMsgpack } from './msgpack-scan';

describe('scanMsgpack', () => {
  it('accepts every msgpack type and size class', () => {
    const ints = [0, 127, 128, 255, 256, 65535, 65536, 2 ** 32, 2 ** 53 - 1, -1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31) - 1, -(2 ** 53)];
    const strs = [0, 31, 32, 255, 256, 65535, 65536].map((n) => 'é'.repeat(Math.ceil(n / 2)).slice(0, n));
    const bins = [0, 255, 256, 65536].map((n) => new Uint8Array(n).fill(0xff));
    const arrays = [15, 16, 65536].map((n) => new Array(n).fill(null));
    const maps = [15, 16, 65536].map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    const exts = [1, 2, 4, 8, 16, 3, 255, 256, 65536].map((n) => new ExtData(42, new Uint8Array(n).fill(0xff)));
    const value = { ints, floats: [1.5, -0.25, Number.MAX_VALUE], strs, bins, arrays, maps, exts, flags: [null, true, false], when: new Date(0) };
    expect(scanMsgpack(encode(value))).toBeUndefined();
    expect(scanMsgpack(encode(1.5, { forceFloat32: true }))).toBeUndefined();
  });

  it('finds invalid UTF-8 in a string, also inside a LangGraph extension, and reports bad structure', () => {
    expect(scanMsgpack(new Uint8Array([0x92, 0xa1, 0x61, 0xa1, 0xc3]))).toBe('the string at byte 4 is not valid UTF-8');
    const inner = new Uint8Array([0xa2, 0xc3, 0x28]);
    expect(scanMsgpack(encode([new ExtData(5, inner)]))).toMatch(/not valid UTF-8/);
    // The same bytes in an extension this layer does not decode are left alone.
    expect(scanMsgpack(encode([new ExtData(42, inner)]))).toBeUndefined();
    expect(scanMsgpack(new Uint8Array([0xc1]))).toBe('byte 0xc1 at 0 is not msgpack');
    expect(scanMsgpack(new Uint8Array([0xda, 0x00]))).toBe('msgpack ends early');
  });
});
