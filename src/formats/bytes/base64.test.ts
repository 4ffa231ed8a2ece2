import { describe, expect, it } from 'vitest';
import { fromBase64, fromPgHex, toBase64 } from './base64';

describe('base64 and Postgres hex', () => {
  it('round-trips every length and accepts the URL alphabet and missing padding', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 255);
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      expect(toBase64(bytes)).toBe(btoa(String.fromCharCode(...bytes)));
    }
    expect(fromBase64('-_8')).toEqual(new Uint8Array([0xfb, 0xff]));
    expect(() => fromBase64('ab$c')).toThrow(/not base64/);
  });

  it('reads \\x hex bytea and refuses anything else', () => {
    expect(fromPgHex('\\x00ff10')).toEqual(new Uint8Array([0, 255, 16]));
    expect(() => fromPgHex('00ff')).toThrow();
    expect(() => fromPgHex('\\x0g')).toThrow();
  });
});
