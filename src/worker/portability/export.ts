/**
 * Exporting a thread: read every checkpoint of every namespace through the checkpointer port and
 * write one `replaygraph.thread` v1 document (see format.ts).
 */
import type { BaseCheckpointSaver, CheckpointTuple } from '../../engine/checkpoint/types';
import type { Json, RunSummary } from '../../protocol/dto';
import { THREAD_FORMAT, THREAD_FORMAT_VERSION, type ExportedCheckpoint, type ThreadExportV1 } from './format';
import { encodeCheckpoint, encodeMetadata } from './checkpoint-codec';
import { fail, toPortabilityError, type PathSegment, type PortabilityError } from './issues';
import { resolveLimits, type ImportLimits } from './limits';
import { checkJsonTree } from './safe-json';
import { encodeValue } from './value-codec';

/** What the saver does not know and the worker adds to an export. */
export interface ExportExtras {
  graphId?: string | null;
  /** The TypeScript source of a user graph. */
  graphSource?: string | null;
  runs?: readonly RunSummary[];
  /** Trace events as recorded (JSON data). */
  trace?: readonly unknown[];
  /** The export time. @default new Date() */
  now?: Date;
  /** The limits the file is checked against, so that every export can be imported again. */
  limits?: Partial<ImportLimits>;
}

/** The result of an export: the document, or why it could not be made. */
export type ExportResult = { ok: true; document: ThreadExportV1; text: string } | { ok: false; error: PortabilityError };

function exportTuple(tuple: CheckpointTuple, index: number): ExportedCheckpoint {
  const at = (...rest: PathSegment[]): PathSegment[] => ['checkpoints', index, ...rest];
  const ns = tuple.config.configurable?.checkpoint_ns ?? '';
  const parentId = tuple.parentConfig?.configurable?.checkpoint_id ?? null;
  return {
    ns,
    parentId,
    checkpoint: encodeCheckpoint(tuple.checkpoint, at('checkpoint')) as ExportedCheckpoint['checkpoint'],
    metadata: encodeMetadata(tuple.metadata ?? { source: 'loop', step: -1, parents: {} }, at('metadata')) as ExportedCheckpoint['metadata'],
    pendingWrites: (tuple.pendingWrites ?? []).map(([taskId, channel, value], w) => [
      taskId,
      channel,
      encodeValue(value, at('pendingWrites', w, 2)) as Json,
    ]),
  };
}

/**
 * Exports a whole thread.
 * @param saver any `BaseCheckpointSaver` (MemorySaver, IndexedDBSaver)
 * @param threadId the thread to export
 * @param extras graph id and source, runs and trace events
 * @returns the document and its JSON text (the file to save), or `not-found`, `not-exportable`
 *   (a value JSON cannot carry, e.g. a cycle) or `too-large` (the file could not be imported again)
 *   as data
 */
export async function exportThread(saver: BaseCheckpointSaver, threadId: string, extras: ExportExtras = {}): Promise<ExportResult> {
  try {
    const tuples: CheckpointTuple[] = [];
    // No checkpoint_ns: every namespace of the thread.
    for await (const tuple of saver.list({ configurable: { thread_id: threadId } })) tuples.push(tuple);
    if (tuples.length === 0) fail('not-found', '$', `There is no thread "${threadId}" to export.`);
    const nsOf = (t: CheckpointTuple) => t.config.configurable?.checkpoint_ns ?? '';
    // Oldest first: ids are time-ordered, so ascending id is creation order.
    tuples.sort((a, b) => cmp(a.checkpoint.id, b.checkpoint.id) || cmp(nsOf(a), nsOf(b)));
    const document: ThreadExportV1 = {
      format: THREAD_FORMAT,
      version: THREAD_FORMAT_VERSION,
      exportedAt: (extras.now ?? new Date()).toISOString(),
      threadId,
      graphId: extras.graphId ?? null,
      graphSource: extras.graphSource ?? null,
      checkpoints: tuples.map(exportTuple),
      runs: (extras.runs ?? []).map((run, i) => encodeValue(run, ['runs', i]) as RunSummary),
      trace: (extras.trace ?? []).map((event, i) => encodeValue(event, ['trace', i]) as Json),
    };
    // Refuse now what an import would refuse later (too deep, too big, hostile keys…).
    const limits = resolveLimits(extras.limits);
    checkJsonTree(document, limits);
    const text = serializeThreadExport(document);
    if (text.length > limits.maxTextLength) {
      fail('too-large', '$', `The export would be ${text.length} characters, over the import limit of ${limits.maxTextLength}.`);
    }
    return { ok: true, document, text };
  } catch (err) {
    return { ok: false, error: toPortabilityError(err, 'not-exportable') };
  }
}

/** The document as JSON text (indented: exports are meant to be read and diffed by people too). */
export function serializeThreadExport(document: ThreadExportV1): string {
  return `${JSON.stringify(document, null, 1)}\n`;
}

/** A file name for the export: `<thread>.replaygraph.json`, with unsafe characters replaced. */
export function exportFileName(document: ThreadExportV1): string {
  const safe = document.threadId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'thread';
  return `${safe}.replaygraph.json`;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
