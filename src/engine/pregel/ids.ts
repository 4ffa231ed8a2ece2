/**
 * Ids: time-ordered checkpoint ids (UUIDv6) and deterministic task / interrupt ids (UUIDv5).
 *
 * Deterministic task ids are what make resume idempotent: the same checkpoint, step, node and path
 * always give the same id, so saved writes find their task again.
 */
import { uuid5Bytes, uuidBytes } from './sha1';

/** 100-ns intervals between the Gregorian epoch (1582-10-15) and the Unix epoch. */
const GREGORIAN_OFFSET = 122192928000000000n;
let lastTicks = 0n;

function randomHex(chars: number): string {
  let s = '';
  for (let i = 0; i < chars; i++) s += ((Math.random() * 16) | 0).toString(16);
  return s;
}

/** 12 random hex digits (48 bits) from two draws, not twelve: a checkpoint id per step takes them. */
function random12(): string {
  const hi = ((Math.random() * 0x1000000) >>> 0).toString(16).padStart(6, '0');
  return hi + ((Math.random() * 0x1000000) >>> 0).toString(16).padStart(6, '0');
}

/**
 * A UUIDv6: the 60-bit timestamp in 100-ns units, most significant bits first, so string order is
 * creation order. Ids made in the same millisecond still increase strictly: the sub-millisecond
 * part is a counter, and a clock that stands still or goes back never yields a smaller timestamp.
 * `clockSeq` (14 bits) is cosmetic; LangGraph puts the step there.
 */
export function uuid6(clockSeq?: number): string {
  let ticks = BigInt(Date.now()) * 10000n + GREGORIAN_OFFSET;
  if (ticks <= lastTicks) ticks = lastTicks + 1n;
  lastTicks = ticks;
  const hex = ticks.toString(16).padStart(15, '0');
  const timeHigh = hex.slice(0, 8);
  const timeMid = hex.slice(8, 12);
  const timeLow = '6' + hex.slice(12, 15);
  const seq = ((clockSeq ?? (Math.random() * 0x3fff) | 0) & 0x3fff) | 0x8000;
  return `${timeHigh}-${timeMid}-${timeLow}-${seq.toString(16).padStart(4, '0')}-${random12()}`;
}

let isoMs = -1;
let isoText = '';

/**
 * `new Date().toISOString()`, formatted once per millisecond: a step saves a checkpoint every few
 * microseconds, and formatting a date costs about as much as the rest of the checkpoint.
 */
export function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/** UUIDv5 of `name` in the namespace `namespace` (itself a UUID). */
export function uuid5(name: string, namespace: string): string {
  return uuid5Bytes(name, uuidBytes(namespace));
}

/** LangGraph.js task id: UUIDv5 over the JSON of the path parts, the checkpoint id as namespace. */
export function taskId(parts: readonly unknown[], checkpointId: string): string {
  return idOfJson(jsonOfParts(parts), checkpointId);
}

function idOfJson(json: string, checkpointId: string): string {
  // Parsing the namespace is a fair share of the cost; a step derives all its ids from one checkpoint.
  if (checkpointId !== lastNs) {
    // Forgotten first: an id that does not parse leaves no stale bytes under the previous one.
    lastNs = undefined;
    lastNsBytes = uuidBytes(checkpointId, NS_BYTES);
    lastNs = checkpointId;
  }
  return uuid5Bytes(json, lastNsBytes!);
}

/** Checkpoints whose task ids `rememberedTaskId` holds per generation (two generations: at most twice this). */
const REMEMBERED = 4096;
/** checkpoint id → [path parts, task id, path parts, task id, …] (a checkpoint schedules a few tasks). */
let recentIds = new Map<string, unknown[]>();
let olderIds = new Map<string, unknown[]>();

/**
 * `taskId`, remembered: reading a thread's history derives the same task ids from the same
 * checkpoints each time it is read (a debugger reads it again and again), and a lookup is far
 * cheaper than the SHA-1. A run's steps use `taskId`: their checkpoints are new, nothing to find.
 * The parts are compared as they are (no JSON made to look them up) and kept: callers pass a
 * list of their own, which they do not change afterwards.
 */
export function rememberedTaskId(parts: readonly unknown[], checkpointId: string): string {
  let known = recentIds.get(checkpointId);
  if (!known) {
    known = olderIds.get(checkpointId) ?? [];
    recentIds.set(checkpointId, known);
    if (recentIds.size >= REMEMBERED) {
      olderIds = recentIds;
      recentIds = new Map();
    }
  }
  for (let i = 0; i < known.length; i += 2) if (sameParts(known[i] as readonly unknown[], parts)) return known[i + 1] as string;
  const id = idOfJson(jsonOfParts(parts), checkpointId);
  known.push(parts, id);
  return id;
}

/**
 * Whether two path part lists are equal element by element (primitives, nested lists), so that
 * their JSON is the same. Anything else (an object) counts as different: its id is derived again.
 */
function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y && (typeof x !== 'object' || x === null)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || !sameParts(x, y)) return false;
  }
  return true;
}

/**
 * `JSON.stringify(parts)` for a task path's parts (strings, numbers, nested lists of them),
 * written directly: strings of printable ASCII other than `"` and `\\` need no escaping, and
 * anything else is left to JSON.stringify, so the text is always JSON.stringify's.
 */
function jsonOfParts(parts: readonly unknown[]): string {
  let s = '[';
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) s += ',';
    const p = parts[i];
    if (typeof p === 'string' && plainAscii(p)) s += `"${p}"`;
    else if (typeof p === 'number' && Number.isFinite(p)) s += String(p);
    else if (typeof p === 'boolean') s += p ? 'true' : 'false';
    else if (Array.isArray(p)) s += jsonOfParts(p);
    else s += JSON.stringify(p) ?? 'null'; // undefined, functions, symbols: null inside an array
  }
  return s + ']';
}

function plainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}
let lastNs: string | undefined;
let lastNsBytes: Uint8Array | undefined;
/** The bytes of `lastNs`, parsed into one buffer (a history parses one per checkpoint). */
const NS_BYTES = new Uint8Array(16);

const INTERRUPT_NS_BYTES = uuidBytes('6ba7b811-9dad-11d1-80b4-00c04fd430c8');

/**
 * Interrupt id (32 hex digits) of the `answered`-th interrupt raised by the task whose checkpoint
 * namespace is `taskNs`. LangGraph.js hashes the same string with XXH3-128; ids only need to be
 * stable and distinct, so a UUIDv5 digest without dashes is used here.
 */
export function interruptId(taskNs: string, answered = 0): string {
  return uuid5Bytes(answered === 0 ? taskNs : `${taskNs}|${answered}`, INTERRUPT_NS_BYTES).replace(/-/g, '');
}

/** True for a 32-hex-digit interrupt id (keys of a resume map). */
export function isInterruptId(s: string): boolean {
  return /^[0-9a-f]{32}$/.test(s);
}

/** A random UUIDv4 (message ids). */
export function uuid4(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const h = randomHex(32).split('');
  h[12] = '4';
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
