/**
 * One door for every file the app reads: Import…, a drop anywhere on the page and the Files view
 * all tell a file by its first bytes (never its name) and send it where it belongs.
 *
 * - checkpoint stores, opened read-only in the Files view: a SQLite database (`SQLite format 3`)
 *   or its `-wal` (WAL magic), a dev server store (`{"json":{"storage"…` or `{"storage"…`), a
 *   Postgres dump as JSON (`{"checkpoints"…`) or as CSV tables (a header naming `thread_id`);
 * - a thread to import (a replaygraph thread file, a `ThreadState[]` history: other JSON), previewed
 *   by the import dialog;
 * - anything else is explained where it came in: by the import dialog (Import…, a drop), by the
 *   Files view (chosen there).
 *
 * Only the first 4 KiB of each file are read here.
 */

/**
 * What a file is: a checkpoint store, a thread to import, or neither (then the door it came in by
 * decides who explains why it cannot be read).
 */
export type FileDoor = 'checkpoints' | 'thread' | 'unknown';

/** What the door needs of a chosen file (a `File`). */
export interface DoorFile {
  readonly name: string;
  slice(start?: number, end?: number): Blob;
}

const HEAD = 4096;
const WAL_MAGIC = [0x377f0682, 0x377f0683];
/** The first key of a JSON object, after any white space. */
const FIRST_KEY = /^\s*\{\s*"([^"]{1,64})"\s*:\s*(\{\s*"([^"]{1,64})")?/;
const STORE_KEYS = new Set(['storage', 'writes', 'checkpoints', 'checkpoint_blobs', 'checkpoint_writes']);

/** Where the file with these first bytes goes. */
export function doorOf(head: Uint8Array): FileDoor {
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  if (text.startsWith('SQLite format 3\0')) return 'checkpoints';
  if (head.length >= 4 && WAL_MAGIC.includes(new DataView(head.buffer, head.byteOffset, 4).getUint32(0))) return 'checkpoints';
  const key = FIRST_KEY.exec(text);
  if (key && (STORE_KEYS.has(key[1]!) || (key[1] === 'json' && key[3] !== undefined && STORE_KEYS.has(key[3])))) return 'checkpoints';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (!/^\s*[[{]/.test(text) && /^"?thread_id"?,/.test(firstLine)) return 'checkpoints';
  return /^\s*[[{]/.test(text) ? 'thread' : 'unknown';
}

/** Where `file` goes, from its first bytes. */
export async function fileDoor(file: DoorFile): Promise<FileDoor> {
  const head = new Uint8Array(await file.slice(0, HEAD).arrayBuffer());
  return doorOf(head);
}
