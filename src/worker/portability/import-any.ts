/**
 * One entry point for both file formats: a JSON array is a LangGraph history, an object a
 * replaygraph thread export.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import { importThread, type ImportOptions, type ImportResult } from './import';
import { toPortabilityError } from './issues';
import { importLangGraphHistory, type LangGraphImportOptions } from './langgraph';
import { resolveLimits } from './limits';
import { parseJsonSafely } from './safe-json';

/** Which importer a file is for. */
export type ImportFormat = 'replaygraph' | 'langgraph';

/**
 * Imports a file of either format.
 * @param saver any `BaseCheckpointSaver`
 * @param text the file's text
 * @param options see `ImportOptions`; `missingParents` applies to LangGraph histories
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
