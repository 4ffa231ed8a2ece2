/**
 * Export and import against the worker's `ThreadStore`: the checkpoints go through its saver, the
 * runs and trace through its records (`{ runId, seq, kind: 'trace' | 'checkpoint' | 'run' }`), and
 * a failed import is rolled back with the store's own delete (checkpoints, writes, trace, flags).
 * These are the two functions the host's request handlers call.
 */
import type { Json, RunSummary } from '../../protocol/dto';
import { errorData } from '../../shared/errors';
import { isTraceRecord } from '../records';
import { runsFromRecords, type ThreadStore, type TraceRecord } from '../store';
import { exportFileName, exportThread } from './export';
import type { ImportedExtras, ImportResult } from './import';
import { importAnyThread, type ImportFormat } from './import-any';
import type { PortabilityError } from './issues';
import type { ImportLimits } from './limits';

/** A thread ready to be saved as a file. */
export interface HostExport {
  fileName: string;
  /** The file's JSON text. */
  text: string;
  checkpoints: number;
}

/**
 * Exports a thread of the store: checkpoints, writes, every stored record (runs, trace events,
 * checkpoint notifications) and the graph.
 * @param store the host's store
 * @param threadId the thread
 * @param graph its graph id and, for a user graph, the TypeScript source
 */
export async function exportForHost(
  store: ThreadStore,
  threadId: string,
  graph: { graphId: string | null; graphSource?: string | null },
): Promise<({ ok: true } & HostExport) | { ok: false; error: PortabilityError }> {
  // A malformed stored record is left out: the file must pass the import's checks.
  const records = (await store.readTrace(threadId)).filter(isTraceRecord);
  const r = await exportThread(store.saver, threadId, {
    graphId: graph.graphId,
    graphSource: graph.graphSource ?? null,
    runs: runsFromRecords(records),
    trace: records,
  });
  if (!r.ok) return r;
  return { ok: true, fileName: exportFileName(r.document), text: r.text, checkpoints: r.document.checkpoints.length };
}

const isRecord = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The store records for an import's extras: records are kept as they are; bare trace events become
 * `kind: 'trace'` records; a run with no `kind: 'run'` record gets one after its last record.
 */
export function toTraceRecords(extras: ImportedExtras): TraceRecord[] {
  const records: TraceRecord[] = [];
  const lastSeq = new Map<string, number>();
  for (const entry of extras.trace) {
    if (!isRecord(entry) || typeof entry.runId !== 'string' || typeof entry.seq !== 'number') continue;
    const record: unknown = typeof entry.kind === 'string' ? entry : { runId: entry.runId, seq: entry.seq, kind: 'trace', event: entry };
    // A record the store could not read back (e.g. an event of an unknown type) is not kept.
    if (!isTraceRecord(record)) continue;
    records.push(record);
    lastSeq.set(record.runId, Math.max(lastSeq.get(record.runId) ?? -1, record.seq));
  }
  const recorded = new Set(records.filter((r) => r.kind === 'run').map((r) => r.runId));
  for (const run of extras.runs) {
    if (recorded.has(run.runId)) continue;
    const seq = (lastSeq.get(run.runId) ?? -1) + 1;
    lastSeq.set(run.runId, seq);
    records.push({ runId: run.runId, seq, kind: 'run', run });
  }
  // A run the file records as still going on is not running here: it ended, how is not known.
  for (const run of runsFromRecords(records).filter((r) => r.outcome === 'running')) {
    const seq = (lastSeq.get(run.runId) ?? -1) + 1;
    lastSeq.set(run.runId, seq);
    const ended: RunSummary = { ...run, outcome: 'unknown', endedAt: null, error: errorData('RUN_ENDED_UNKNOWN', 'RunEndedUnknown') };
    records.push({ runId: run.runId, seq, kind: 'run', run: ended });
  }
  return records;
}

/**
 * Imports a file (replaygraph thread export or LangGraph history) into the store. Nothing stored
 * changes unless the whole import succeeds.
 * @param store the host's store
 * @param text the file's text
 * @param options thread id to import under (default: the file's), LangGraph truncation policy, limits
 */
export async function importForHost(
  store: ThreadStore,
  text: string,
  options: { threadId?: string; missingParents?: 'reject' | 'cut'; limits?: Partial<ImportLimits> } = {},
): Promise<ImportResult & { format?: ImportFormat }> {
  return importAnyThread(store.saver, text, {
    ...options,
    writeExtras: async (extras) => {
      const records = toTraceRecords(extras);
      if (records.length > 0) await store.appendTrace(extras.threadId, records);
    },
    rollback: (threadId) => store.deleteThread(threadId),
  });
}
