/**
 * A chosen import file, checked by its size before its text is read: a file over the protocol's
 * limit (`WIRE_LIMITS.maxFileLength`) is refused at once, in people's words, without reading it
 * (reading a 1.5 GB file as text takes seconds, freezes the page, and fails in the end).
 */
import type { ImportProblemDTO } from '../../protocol/dto';
import { WIRE_LIMITS } from '../../protocol/limits';
import { sizeInWords } from '../../shared/size-words';

/** What an import needs of a chosen file (a `File`). */
export interface ImportFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
  slice(start?: number, end?: number): Blob;
}


const SQLITE_MAGIC = 'SQLite format 3';

/** True when the first bytes say SQLite (16 bytes are read, not the file). */
async function looksLikeSqlite(file: ImportFile): Promise<boolean> {
  try {
    const head = await file.slice(0, SQLITE_MAGIC.length).text();
    return head === SQLITE_MAGIC;
  } catch {
    return false;
  }
}

/**
 * Why `file` cannot be imported because of its size, or null when it may be read.
 * @param file the chosen file
 * @param maxBytes the largest import, in bytes (a file's characters are at most its bytes)
 */
export async function importSizeProblem(file: ImportFile, maxBytes: number = WIRE_LIMITS.maxFileLength): Promise<ImportProblemDTO | null> {
  if (file.size <= maxBytes) return null;
  const where = (await looksLikeSqlite(file))
    ? 'it is a SQLite database: open it in the Files view, which reads databases of any size'
    : 'a LangGraph dev server store or a Postgres dump opens in the Files view';
  return {
    code: 'too-large',
    message: `the file is ${sizeInWords(file.size)}; the largest import is ${sizeInWords(maxBytes)}; ${where}.`,
    path: null,
    issues: [],
  };
}
