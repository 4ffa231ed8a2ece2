/**
 * Stored trace records are read defensively: one that is malformed (written by an older version,
 * edited in the browser's tools, imported before records were checked) is skipped and counted,
 * so it shows as a problem of its own thread and never breaks the thread list or another thread.
 */
import type { RunSummary } from '../protocol/dto';
import { isTraceEvent } from '../shared/trace';
import type { TraceRecord } from './store';

const KINDS = new Set(['run', 'resume', 'continue', 'replay', 'fork']);
const OUTCOMES = new Set(['running', 'done', 'interrupted', 'paused', 'error', 'cancelled', 'unknown']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string';

/** True when `v` has every field a run summary needs, of the right type. */
export function isRunSummary(v: unknown): v is RunSummary {
  if (!isObject(v)) return false;
  const e = v.error;
  return str(v.runId) && str(v.threadId) && KINDS.has(v.kind as string) && OUTCOMES.has(v.outcome as string)
    && str(v.startedAt) && (v.endedAt === null || str(v.endedAt)) && (v.fromCheckpointId === null || str(v.fromCheckpointId))
    && (e === null || (isObject(e) && str(e.code) && str(e.name) && str(e.message)))
    && (v.graphId === undefined || str(v.graphId));
}

/** True when `r` is a well-formed stored record. */
export function isTraceRecord(r: unknown): r is TraceRecord {
  if (!isObject(r) || !str(r.runId) || !Number.isInteger(r.seq)) return false;
  switch (r.kind) {
    case 'trace': return isTraceEvent(r.event);
    case 'checkpoint': return isObject(r.checkpoint) && str(r.checkpoint.checkpointId);
    case 'run': return isRunSummary(r.run);
    default: return false;
  }
}

/** The latest summary of each run in a thread's records, oldest run first; malformed records are skipped. */
export function runsFromRecords(records: readonly unknown[]): RunSummary[] {
  const runs = new Map<string, RunSummary>();
  for (const r of records) if (isTraceRecord(r) && r.kind === 'run') runs.set(r.runId, r.run);
  return [...runs.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/** How many of `records` are malformed. */
export function malformedCount(records: readonly unknown[]): number {
  let n = 0;
  for (const r of records) if (!isTraceRecord(r)) n++;
  return n;
}
