/**
 * UUIDv5 (RFC 9562) with a small SHA-1 in plain TypeScript. Why not a library call: task ids are
 * derived on every step, and per-call setup of a platform hash object costs more than hashing the
 * ~100 bytes of a task path here. Same output as any UUIDv5 implementation (tested against `uuid`).
 */

// TextEncoder exists in every runtime we target (Node, browsers, workers); the engine's tsconfig has no DOM types.
declare const TextEncoder: new () => { encode(s: string): Uint8Array };
const encoder = new TextEncoder();

/** Scratch space for a padded message; grown when a longer one comes (task paths are ~100 bytes). */
let scratch = new Uint8Array(256);
const W = new Int32Array(80);

/** `scratch` with room for `n` message bytes plus SHA-1 padding; returns the padded length. */
function paddedLength(n: number): number {
  const len = (((n + 8) >> 6) + 1) << 6;
  if (scratch.length < len) scratch = new Uint8Array(len * 2);
  return len;
}

/** The last digest (overwritten by the next: callers read it at once or copy it). */
const DIGEST = new Uint8Array(20);

/**
 * Writes SHA-1 padding after the `n` message bytes already in `scratch` and hashes the
 * `len`-byte padded message into `DIGEST`.
 */
function digestScratch(n: number, len: number): Uint8Array {
  const m = scratch;
  m[n] = 0x80;
  m.fill(0, n + 1, len - 8);
  const hi = Math.floor(n / 0x20000000); // bit length = n * 8, split into two 32-bit halves
  const lo = (n * 8) >>> 0;
  m[len - 8] = hi >>> 24;
  m[len - 7] = (hi >>> 16) & 0xff;
  m[len - 6] = (hi >>> 8) & 0xff;
  m[len - 5] = hi & 0xff;
  m[len - 4] = lo >>> 24;
  m[len - 3] = (lo >>> 16) & 0xff;
  m[len - 2] = (lo >>> 8) & 0xff;
  m[len - 1] = lo & 0xff;
  let h0 = 0x67452301, h1 = 0xefcdab89 | 0, h2 = 0x98badcfe | 0, h3 = 0x10325476, h4 = 0xc3d2e1f0 | 0;
  const w = W;
  for (let off = 0; off < len; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + (i << 2);
      w[i] = (m[j] << 24) | (m[j + 1] << 16) | (m[j + 2] << 8) | m[j + 3];
    }
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4;
    // Four rounds of 20, unrolled by round so no branch picks f and k per step.
    for (let i = 0; i < 20; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[i]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 20; i < 40; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[i]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 40; i < 60; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + 0x8f1bbcdc + w[i]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 60; i < 80; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0xca62c1d6 + w[i]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  const out = DIGEST;
  writeWord(out, 0, h0);
  writeWord(out, 4, h1);
  writeWord(out, 8, h2);
  writeWord(out, 12, h3);
  writeWord(out, 16, h4);
  return out;
}

function writeWord(out: Uint8Array, at: number, h: number): void {
  out[at] = h >>> 24;
  out[at + 1] = (h >>> 16) & 0xff;
  out[at + 2] = (h >>> 8) & 0xff;
  out[at + 3] = h & 0xff;
}

/** SHA-1 digest (20 bytes) of `bytes`. */
export function sha1(bytes: Uint8Array): Uint8Array {
  const len = paddedLength(bytes.length);
  scratch.set(bytes);
  return digestScratch(bytes.length, len).slice();
}

/** The character codes of each byte's two hex digits. */
const HEX_HI = Array.from({ length: 256 }, (_, i) => (i >> 4).toString(16).charCodeAt(0));
const HEX_LO = Array.from({ length: 256 }, (_, i) => (i & 15).toString(16).charCodeAt(0));
/** A UUID's 36 character codes, filled per id (one string made from them, not 20 concatenations). */
const UUID_CHARS: number[] = new Array<number>(36).fill(45);

/** The 16 bytes of a UUID string (into `out` when given: no allocation). */
export function uuidBytes(uuid: string, out: Uint8Array = new Uint8Array(16)): Uint8Array {
  out.fill(0, 0, 16);
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

/**
 * Copies namespace + UTF-8 of `name` into `scratch` and returns the byte count. ASCII names (task
 * paths nearly always are) are written char by char; others go through TextEncoder.
 */
function fillName(name: string, namespace: Uint8Array): number {
  const n = name.length;
  paddedLength(16 + n);
  let ascii = true;
  for (let i = 0; i < n; i++) {
    const c = name.charCodeAt(i);
    if (c > 0x7f) {
      ascii = false;
      break;
    }
    scratch[16 + i] = c;
  }
  if (ascii) {
    scratch.set(namespace);
    return 16 + n;
  }
  const bytes = encoder.encode(name);
  paddedLength(16 + bytes.length);
  scratch.set(namespace);
  scratch.set(bytes, 16);
  return 16 + bytes.length;
}

/** UUIDv5 of `name` in the namespace given as its 16 bytes. */
export function uuid5Bytes(name: string, namespace: Uint8Array): string {
  const n = fillName(name, namespace);
  const h = digestScratch(n, paddedLength(n));
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const c = UUID_CHARS;
  // Dashes stay at 8, 13, 18 and 23.
  for (let i = 0, at = 0; i < 16; i++) {
    c[at++] = HEX_HI[h[i]];
    c[at++] = HEX_LO[h[i]];
    if (i === 3 || i === 5 || i === 7 || i === 9) at++;
  }
  return String.fromCharCode.apply(null, c);
}
