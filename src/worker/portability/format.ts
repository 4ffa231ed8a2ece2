/**
 * The `replaygraph.thread` export format, version 1: one JSON document holding a whole thread —
 * every checkpoint of every namespace with its metadata, parent and pending writes, plus the runs
 * and trace events the worker recorded, the graph id and (for user graphs) the graph's source.
 *
 * Values inside checkpoints, metadata and writes are encoded with `value-codec.ts` (plain JSON stays
 * as is). The schema below checks structure only; it runs after `checkJsonTree`, which already
 * bounded sizes and refused hostile keys everywhere.
 */
import * as z from 'zod';
import type { Json, RunSummary } from '../../protocol/dto';
import type { ImportLimits } from './limits';
import { CHECKPOINT_SOURCES, type KnownSource } from '../../shared/checkpoint-source';

export const THREAD_FORMAT = 'replaygraph.thread';
export const THREAD_FORMAT_VERSION = 1;

/** One checkpoint as exported. `checkpoint`, `metadata` and write values are codec-encoded. */
export interface ExportedCheckpoint {
  /** Checkpoint namespace (`""` for the root graph). */
  ns: string;
  /** The parent in the same namespace, null for a first checkpoint. */
  parentId: string | null;
  checkpoint: {
    v: number;
    id: string;
    ts: string;
    channel_values: Record<string, Json>;
    channel_versions: Record<string, number>;
    versions_seen: Record<string, Record<string, number>>;
    updated_channels?: string[];
  };
  metadata: { step: number; parents: Record<string, string>; [key: string]: Json } & { source?: KnownSource };
  /** `[taskId, channel, value]` in the order the saver returns them. */
  pendingWrites: [string, string, Json][];
}

/** A thread export, version 1. */
export interface ThreadExportV1 {
  format: typeof THREAD_FORMAT;
  version: typeof THREAD_FORMAT_VERSION;
  /** ISO-8601 time of the export. */
  exportedAt: string;
  threadId: string;
  graphId: string | null;
  /** The TypeScript source, for user graphs. */
  graphSource: string | null;
  /** Oldest first (ascending id), all namespaces. */
  checkpoints: ExportedCheckpoint[];
  runs: RunSummary[];
  /**
   * What the worker recorded for the thread's runs, in order: trace events (src/shared/trace.ts) or
   * the worker's stored records (`{ runId, seq, kind, … }`), kept as they are.
   */
  trace: Json[];
}

/** Builds the structural schema for the given limits. */
export function threadExportSchema(limits: ImportLimits) {
  const id = z.string().min(1).max(limits.maxIdLength);
  const name = z.string().max(limits.maxIdLength);
  const version = z.number().int().min(0);
  const json = z.unknown();
  // Loose: a field a later engine adds to checkpoints is carried through unchanged.
  const checkpoint = z.looseObject({
    v: z.number().int(),
    id,
    ts: z.string().max(64),
    channel_values: z.record(name, json),
    channel_versions: z.record(name, version),
    versions_seen: z.record(name, z.record(name, version)),
    updated_channels: z.array(name).optional(),
  });
  const metadata = z.looseObject({
    // Absent where the stored metadata does not say (shown as unknown, src/shared/checkpoint-source.ts).
    source: z.enum(CHECKPOINT_SOURCES).optional(),
    step: z.number().int().min(-1),
    parents: z.record(name, id),
  });
  const exported = z.object({
    ns: name,
    parentId: id.nullable(),
    checkpoint,
    metadata,
    pendingWrites: z.array(z.tuple([id, name, json])).max(limits.maxWritesPerCheckpoint),
  });
  const errorData = z.looseObject({ code: z.string(), name: z.string(), message: z.string() });
  const run = z.looseObject({
    runId: id,
    threadId: id,
    kind: z.enum(['run', 'resume', 'continue', 'replay', 'fork']),
    fromCheckpointId: id.nullable(),
    startedAt: z.string().max(64),
    endedAt: z.string().max(64).nullable(),
    outcome: z.enum(['running', 'done', 'interrupted', 'paused', 'error', 'cancelled', 'unknown']),
    error: errorData.nullable(),
    graphId: z.string().max(limits.maxIdLength).optional(),
    events: z.number().int().min(0).optional(),
  });
  // Either a bare trace event (src/shared/trace.ts) or a record as the worker stores it
  // ({ runId, seq, kind: 'trace' | 'checkpoint' | 'run', … }). One object schema (not a union) so
  // an error names the exact field; each record kind's body is then checked by its own schema,
  // with its issues placed under that body's path (a `run: null` is refused as `$.trace[3].run`).
  const summary = z.looseObject({
    checkpointId: id, parentId: id.nullable().optional(), ns: name.optional(), step: z.number().int().min(-1).optional(),
    source: z.enum(['input', 'loop', 'update', 'fork']).optional(), ts: z.string().max(64).optional(), next: z.array(name).optional(),
  });
  const traceEvent = z.looseObject({ type: z.string().startsWith('@engine.').max(64) });
  const bodies = { run: ['run', run], checkpoint: ['checkpoint', summary], trace: ['event', traceEvent] } as const;
  const traceEntry = z
    .looseObject({
      runId: id,
      seq: z.number().int().min(0),
      type: z.string().startsWith('@engine.').max(64).optional(),
      kind: z.enum(['trace', 'checkpoint', 'run']).optional(),
      checkpointNs: name.optional(),
      step: z.number().int().optional(),
    })
    .superRefine((e, ctx) => {
      if ((e.type === undefined) === (e.kind === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'A trace entry has either a "type" (an engine event) or a "kind" (a stored record), not both or neither.' });
        return;
      }
      if (e.kind === undefined) return;
      const [field, schema] = bodies[e.kind];
      const r = (schema as z.ZodType).safeParse((e as Record<string, unknown>)[field]);
      for (const issue of r.success ? [] : r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [field, ...issue.path] });
    });
  return z.object({
    format: z.literal(THREAD_FORMAT),
    version: z.literal(THREAD_FORMAT_VERSION),
    exportedAt: z.string().max(64),
    threadId: id,
    graphId: id.nullable(),
    graphSource: z.string().nullable(),
    checkpoints: z.array(exported).max(limits.maxCheckpoints),
    runs: z.array(run).max(limits.maxRuns),
    trace: z.array(traceEntry).max(limits.maxTraceEvents),
  });
}
