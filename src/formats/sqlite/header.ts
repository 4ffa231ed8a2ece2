/**
 * The SQLite database header (the first 100 bytes of the file, https://sqlite.org/fileformat.html):
 * read before SQLite opens the file, so a file that is not SQLite, or is cut short, is refused
 * with a clear message after reading 100 bytes.
 */
import type { ByteSource } from '../bytes/byte-source';
import { formatError } from '../errors';

const MAGIC = 'SQLite format 3\0';
export const HEADER_SIZE = 100;
/** Offsets of the two file-format version bytes: 1 = rollback journal, 2 = WAL. */
export const WRITE_VERSION_OFFSET = 18;
export const READ_VERSION_OFFSET = 19;

/** What the header says. */
export interface DatabaseHeader {
  pageSize: number;
  /** True when the database was in WAL mode (`journal_mode=WAL`, as both savers set). */
  walMode: boolean;
  /** Pages of the main file. */
  pageCount: number;
}

/** True when the first bytes are SQLite's magic string. */
export function hasSqliteMagic(bytes: Uint8Array): boolean {
  if (bytes.length < MAGIC.length) return false;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/**
 * Reads and checks the header of `source`.
 * @throws FormatError FORMAT_UNRECOGNIZED (not SQLite), FORMAT_TRUNCATED (cut short)
 */
export function readDatabaseHeader(source: ByteSource): DatabaseHeader {
  const head = source.read(0, HEADER_SIZE);
  if (!hasSqliteMagic(head)) {
    const detail = source.size === 0 ? 'the file is empty' : 'it does not start with "SQLite format 3" (an encrypted database, or not a database at all)';
    throw formatError('FORMAT_UNRECOGNIZED', source.name, detail);
  }
  if (head.length < HEADER_SIZE) throw formatError('FORMAT_TRUNCATED', source.name, `it has ${head.length} bytes, less than a SQLite header`);
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw formatError('FORMAT_CORRUPT', source.name, `its header gives an impossible page size (${raw})`);
  }
  if (source.size % pageSize !== 0) {
    throw formatError('FORMAT_TRUNCATED', source.name, `its size (${source.size} bytes) is not a whole number of ${pageSize}-byte pages`);
  }
  const pageCount = source.size / pageSize;
  // The in-header size is valid when the change counter matches "version-valid-for".
  const headerPages = view.getUint32(28);
  if (view.getUint32(24) === view.getUint32(92) && headerPages > pageCount) {
    throw formatError('FORMAT_TRUNCATED', source.name, `its header counts ${headerPages} pages but the file holds ${pageCount}`);
  }
  return { pageSize, walMode: head[WRITE_VERSION_OFFSET] === 2 || head[READ_VERSION_OFFSET] === 2, pageCount };
}
