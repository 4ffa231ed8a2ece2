/**
 * One entry point for both file formats: a JSON array is a LangGraph history, an object a
 * replaygraph thread export.
 */
import type { BaseCheckpointSaver } from '../../engine/checkpoint/types';
import { importThread, validateThreadExport, type ImportOptions, type ImportResult } from './import';
import { toPortabilityError, type PortabilityError } from './issues';
import { importLangGraphHistory, parseLangGraphHistory, mapLangGraphHistory, type LangGraphImportOptions } from './langgraph';
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

/** What a file holds, for a confirmation dialog before importing. */
export interface ImportPreview {
  format: ImportFormat;
  /** The thread id in the file (an import may choose another). */
  threadId: string;
  graphId: string | null;
  checkpoints: number;
  /** Namespaces with checkpoints (`""` = root). */
  namespaces: string[];
  runs: number;
  readOnly: boolean;
  /** True when the file carries its graph's TypeScript source. */
  hasSource: boolean;
  /** That source (null without one). */
  graphSource: string | null;
}

/**
 * Checks a file completely, as an import would, without writing anything.
 * @param text the file's text
 * @param options limits and the LangGraph truncation policy
 */
export function previewImport(
  text: string,
  options: Pick<ImportOptions, 'limits'> & Pick<LangGraphImportOptions, 'missingParents'> = {},
): { ok: true; preview: ImportPreview } | { ok: false; error: PortabilityError } {
  try {
    const limits = resolveLimits(options.limits);
    const parsed = parseJsonSafely(text, limits);
    const namespacesOf = (items: { ns: string }[]) => [...new Set(items.map((i) => i.ns))].sort();
    if (Array.isArray(parsed)) {
      const states = parseLangGraphHistory(parsed, limits);
      const items = mapLangGraphHistory(states, options.missingParents ?? 'reject');
      return {
        ok: true,
        preview: {
          format: 'langgraph', threadId: states[0]!.checkpoint.thread_id, graphId: null, checkpoints: items.length,
          namespaces: namespacesOf(items), runs: 0, readOnly: true, hasSource: false, graphSource: null,
        },
      };
    }
    const { items, extras } = validateThreadExport(parsed, limits);
    return {
      ok: true,
      preview: {
        format: 'replaygraph', threadId: extras.threadId, graphId: extras.graphId, checkpoints: items.length,
        namespaces: namespacesOf(items), runs: extras.runs.length,
        readOnly: items.some((i) => i.metadata.imported_from === 'langgraph'),
        hasSource: extras.graphSource !== null,
        graphSource: extras.graphSource,
      },
    };
  } catch (err) {
    return { ok: false, error: toPortabilityError(err) };
  }
}
