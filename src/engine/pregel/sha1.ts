/**
 * UUIDv5 (RFC 9562) with a small SHA-1 in plain TypeScript. Why not a library call: task ids are
 * derived on every step, and per-call setup of a platform hash object costs more than hashing the
 * ~100 bytes of a task path here. Same output as any UUIDv5 implementation (tested against `uuid`).
 */

// TextEncoder exists in every runtime we target (Node, browsers, workers); the engine's tsconfig has no DOM types.
const encoder = new (globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }).TextEncoder();

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

const W = new Uint32Array(80);

/** SHA-1 digest (20 bytes) of `bytes`. */
export function sha1(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  const blocks = ((n + 8) >> 6) + 1;
  const len = blocks << 6;
  const bitLen = n * 8;
  let h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0;
  // Byte j of the padded message, without building it.
  const at = (j: number): number => {
    if (j < n) return bytes[j];
    if (j === n) return 0x80;
    if (j >= len - 4) return (bitLen >>> ((len - 1 - j) * 8)) & 0xff;
    if (j >= len - 8) return (Math.floor(bitLen / 0x100000000) >>> ((len - 5 - j) * 8)) & 0xff;
    return 0;
  };
  const w = W;
  for (let off = 0; off < len; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4;
      w[i] = j + 3 < n ? (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3] : (at(j) << 24) | (at(j + 1) << 16) | (at(j + 2) << 8) | at(j + 3);
    }
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    let a = h0, b = h1, c = h2, d = h3, e = h4;
    for (let i = 0; i < 80; i++) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const t = (rotl(a, 5) + f + e + k + w[i]) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  const out = new Uint8Array(20);
  const hs = [h0, h1, h2, h3, h4];
  for (let i = 0; i < 5; i++) {
    out[i * 4] = hs[i] >>> 24;
    out[i * 4 + 1] = (hs[i] >>> 16) & 0xff;
    out[i * 4 + 2] = (hs[i] >>> 8) & 0xff;
    out[i * 4 + 3] = hs[i] & 0xff;
  }
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The 16 bytes of a UUID string. */
export function uuidBytes(uuid: string): Uint8Array {
  const out = new Uint8Array(16);
  let j = 0;
  for (let i = 0; i < uuid.length && j < 32; i++) {
    const c = uuid.charCodeAt(i);
    if (c === 45) continue; // '-'
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (v < 0) throw new TypeError(`Invalid UUID: ${uuid}`);
    out[j >> 1] |= j % 2 === 0 ? v << 4 : v;
    j++;
  }
  if (j !== 32) throw new TypeError(`Invalid UUID: ${uuid}`);
  return out;
}

/** UUIDv5 of `name` in the namespace given as its 16 bytes. */
export function uuid5Bytes(name: string, namespace: Uint8Array): string {
  const nameBytes = encoder.encode(name);
  const input = new Uint8Array(16 + nameBytes.length);
  input.set(namespace);
  input.set(nameBytes, 16);
  const h = sha1(input);
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  let s = '';
  for (let i = 0; i < 16; i++) {
    s += HEX[h[i]];
    if (i === 3 || i === 5 || i === 7 || i === 9) s += '-';
  }
  return s;
}
