import { describe, expect, it } from 'vitest';
import { v5 } from 'uuid';
import { uuid5 } from './ids';
import { sha1 } from './sha1';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const bytes = (s: string) => new TextEncoder().encode(s);

describe('sha1 / uuid5', () => {
  it('matches known SHA-1 digests (empty, abc, two blocks)', () => {
    expect(hex(sha1(bytes('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(bytes('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
  });
  it('gives the same UUIDv5 as the uuid package, for ASCII and non-ASCII names of any length', () => {
    const ns = '1f1ec3fa-ed1b-65f0-8001-0610399c42c4';
    for (const name of ['', 'a', '["sub|s1","3","s1","__pregel_pull",["branch:to:s1"]]', 'é漢字🙂', 'x'.repeat(200)]) {
      expect(uuid5(name, ns)).toBe(v5(name, ns));
    }
  });
  it('agrees with the uuid package at every length around the 64-byte block boundaries', () => {
    const ns = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';
    for (let n = 0; n <= 200; n++) {
      const name = Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7 + n) % 90))).join('');
      expect(uuid5(name, ns)).toBe(v5(name, ns));
    }
    // A long non-ASCII name after short ones: the scratch buffer grows and is reused correctly.
    const long = 'ü'.repeat(700);
    expect(uuid5(long, ns)).toBe(v5(long, ns));
    expect(uuid5('short', ns)).toBe(v5('short', ns));
  });
});
