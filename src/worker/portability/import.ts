/**
 * Importing a `replaygraph.thread` v1 document: parse safely, check structure, history and values
 * completely, and only then write through `put`/`putWrites` — so the restored thread has the same
 * ids, parents, values and pending writes, and a bad file changes nothing.
 */
import type { BaseCheckpointSaver, PendingWrite } from '../../engine/checkpoint/types';
import type { Json, RunSummary } from '../../protocol/dto';
import { decodeCheckpoint, decodeMetadata } from './checkpoint-codec';
import { THREAD_FORMAT, THREAD_FORMAT_VERSION, threadExportSchema, type ThreadExportV1 } from './format';
import { checkHistory } from './history-checks';
import { fail, formatPath, toPortabilityError, type PortabilityError } from './issues';
import { resolveLimits, type ImportLimits } from './limits';
import { checkJsonTree, parseJsonSafely } from './safe-json';
import { decodeValue } from './value-codec';
import { schemaFailure } from './schema-issues';
import { writeHistory, type CheckpointToWrite } from './writer';

/** What an import also carries besides checkpoints, for the worker to store. */
export interface ImportedExtras {
  threadId: string;
  graphId: string | null;
  graphSource: string | null;
  /** Runs with `threadId` set to the new thread. */
  runs: RunSummary[];
  /** Trace entries as in the file, with the thread they name (run starts, run records) set to the new thread. */
  trace: Json[];
}

/** Options of an import. */
export interface ImportOptions {
  /** Import under this thread id instead of the file's. It must not exist yet. */
  threadId?: string;
  /** Tighter or looser limits (see limits.ts). */
  limits?: Partial<ImportLimits>;
  /**
   * Stores runs and trace events (e.g. AppDatabase.appendTrace). Runs after the checkpoints are
   * written; if it throws, the whole import is rolled back.
   */
  writeExtras?: (extras: ImportedExtras) => Promise<void>;
  /**
   * Removes a half-written thread (checkpoints, writes, and whatever `writeExtras` stored).
   * @default saver.deleteThread
   */
  rollback?: (threadId: string) => Promise<void>;
}

/** A successful import. */
export interface ImportSummary extends ImportedExtras {
  checkpoints: number;
  writes: number;
  /** True for threads that cannot be run further (imported from LangGraph). */
  readOnly: boolean;
}

/** The result of an import. */
export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; error: PortabilityError };

/** Reads text or an already-parsed value into a checked JSON tree. */
export function intake(input: unknown, limits: ImportLimits): unknown {
  if (typeof input === 'string') return parseJsonSafely(input, limits);
  checkJsonTree(input, limits);
  return input;
}

/**
 * Validates a document completely (format, structure, history, values) without writing anything.
 * @returns the decoded checkpoints in write order and the extras
 * @throws PortabilityFailure
 */
export function validateThreadExport(input: unknown, limits: ImportLimits, threadId?: string): { items: CheckpointToWrite[]; extras: ImportedExtras } {
  const raw = intake(input, limits);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail('unknown-format', '$', Array.isArray(raw)
      ? 'This is a JSON array, not a replaygraph thread (a LangGraph history? import it as one).'
      : 'This is not a replaygraph thread export (expected a JSON object).');
  }
  const head = raw as Record<string, unknown>;
  if (head.format !== THREAD_FORMAT) fail('unknown-format', ['format'], `Expected "format": "${THREAD_FORMAT}".`);
  if (head.version !== THREAD_FORMAT_VERSION) {
    fail('unsupported-version', ['version'], `Version ${JSON.stringify(head.version)} is not supported; this app reads version ${THREAD_FORMAT_VERSION}.`);
  }
  const parsed = threadExportSchema(limits).safeParse(raw);
  if (!parsed.success) {
    throw schemaFailure(parsed.error);
  }
  const doc = parsed.data as unknown as ThreadExportV1;
  const target = threadId ?? doc.threadId;
  if (typeof target !== 'string' || target === '' || target.length > limits.maxIdLength) {
    fail('invalid', '$', `The thread id to import under must be a non-empty string of at most ${limits.maxIdLength} characters.`);
  }
  const order = checkHistory(doc.checkpoints.map((c, i) => ({
    ns: c.ns, id: c.checkpoint.id, parentId: c.parentId, path: ['checkpoints', i, 'checkpoint', 'id'], parentPath: ['checkpoints', i, 'parentId'],
  })));
  checkUniqueRuns(doc);
  const items = order.map((i) => decodeItem(doc, i));
  return { items, extras: decodeExtras(doc, target) };
}

function decodeItem(doc: ThreadExportV1, i: number): CheckpointToWrite {
  const c = doc.checkpoints[i]!;
  const checkpoint = decodeCheckpoint(c.checkpoint, ['checkpoints', i, 'checkpoint']);
  const metadata = decodeMetadata(c.metadata, ['checkpoints', i, 'metadata']);
  const pendingWrites = c.pendingWrites.map(([taskId, channel, value], w): PendingWrite => [
    taskId, channel, decodeValue(value, ['checkpoints', i, 'pendingWrites', w, 2]),
  ]);
  return { ns: c.ns, parentId: c.parentId, checkpoint, metadata, pendingWrites };
}

function checkUniqueRuns(doc: ThreadExportV1): void {
  const runs = new Map<string, number>();
  doc.runs.forEach((run, i) => {
    if (runs.has(run.runId)) fail('duplicate-id', ['runs', i, 'runId'], `Run "${run.runId}" appears twice; first at ${formatPath(['runs', runs.get(run.runId)!])}.`);
    runs.set(run.runId, i);
  });
  const events = new Set<string>();
  doc.trace.forEach((e, i) => {
    const ev = e as { runId: string; seq: number };
    const k = JSON.stringify([ev.runId, ev.seq]);
    if (events.has(k)) fail('duplicate-id', ['trace', i, 'seq'], `Trace event ${ev.seq} of run "${ev.runId}" appears twice.`);
    events.add(k);
  });
}

function decodeExtras(doc: ThreadExportV1, threadId: string): ImportedExtras {
  const runs = doc.runs.map((run, i) => ({ ...(decodeValue(run, ['runs', i]) as RunSummary), threadId }));
  const trace = doc.trace.map((entry) => rethreadTraceEntry(entry as Record<string, Json>, threadId));
  return { threadId, graphId: doc.graphId, graphSource: doc.graphSource, runs, trace };
}

/** A trace entry naming `threadId` wherever it names its thread (run-start events, run records). */
export function rethreadTraceEntry(entry: Record<string, Json>, threadId: string): Record<string, Json> {
  const isObject = (x: Json | undefined): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (entry.type === '@engine.run.start' && typeof entry.threadId === 'string') return { ...entry, threadId };
  if (entry.kind === 'run' && isObject(entry.run)) return { ...entry, run: { ...entry.run, threadId } };
  if (entry.kind === 'trace' && isObject(entry.event)) return { ...entry, event: rethreadTraceEntry(entry.event, threadId) };
  return entry;
}

/**
 * Imports a `replaygraph.thread` document into `saver`.
 * @param saver any `BaseCheckpointSaver`
 * @param input the file's text (preferred) or its parsed JSON
 * @param options thread id to import under, limits, and where runs and trace events go
 * @returns a summary, or a `PortabilityError` (nothing stored was changed)
 */
export async function importThread(saver: BaseCheckpointSaver, input: unknown, options: ImportOptions = {}): Promise<ImportResult> {
  try {
    const limits = resolveLimits(options.limits);
    const { items, extras } = validateThreadExport(input, limits, options.threadId);
    const after = options.writeExtras && (() => options.writeExtras!(extras));
    const counts = await writeHistory(saver, extras.threadId, items, after, options.rollback);
    // A re-exported LangGraph import stays read-only.
    const readOnly = items.some((item) => item.metadata.imported_from === 'langgraph');
    return { ok: true, summary: { ...extras, ...counts, readOnly } };
  } catch (err) {
    return { ok: false, error: toPortabilityError(err) };
  }
}
