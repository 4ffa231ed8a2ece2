/**
 * Thread export and import: the worker's entry points.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import { importThread, type ImportOptions, type ImportResult } from './import';
import { importLangGraphHistory, type LangGraphImportOptions } from './langgraph';
import { toPortabilityError } from './issues';
import { resolveLimits } from './limits';
import { parseJsonSafely } from './safe-json';

export { exportThread, exportFileName, serializeThreadExport, type ExportExtras, type ExportResult } from './export';
export { importThread, validateThreadExport, type ImportedExtras, type ImportOptions, type ImportResult, type ImportSummary } from './import';
export { importLangGraphHistory, mapLangGraphHistory, IMPORTED_FROM_LANGGRAPH, ROOT_CHANNEL, type LangGraphImportOptions } from './langgraph';
export { THREAD_FORMAT, THREAD_FORMAT_VERSION, type ExportedCheckpoint, type ThreadExportV1 } from './format';
export { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './limits';
export type { PortabilityError, PortabilityErrorCode, PortabilityIssue } from './issues';

/** Which importer a file is for. */
export type ImportFormat = 'replaygraph' | 'langgraph';

/**
 * Imports a file of either format: a JSON array is a LangGraph history, an object a replaygraph
 * thread export.
 * @param saver any `BaseCheckpointSaver`
 * @param text the file's text
 */
export async function importAnyThread(
  saver: BaseCheckpointSaver,
  text: string,
  options: ImportOptions & Pick<LangGraphImportOptions, 'missingParents'> = {},
): Promise<ImportResult & { format?: ImportFormat }> {
  let parsed: unknown;
  try {
    parsed = parseJsonSafely(text, resolveLimits(options.limits));
  } catch (err) {
    return { ok: false, error: toPortabilityError(err) };
  }
  if (Array.isArray(parsed)) return { ...(await importLangGraphHistory(saver, parsed, options)), format: 'langgraph' };
  return { ...(await importThread(saver, parsed, options)), format: 'replaygraph' };
}
