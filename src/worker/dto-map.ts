/**
 * The single mapping point from stored values (checkpoint tuples) and the sandbox's state
 * snapshots (already plain data, see src/sandbox/wire.ts) to the DTOs of src/protocol. Pure
 * functions, tested with fixtures shaped like LangGraph checkpoint tuples.
 */
import type { CheckpointTuple, RunnableConfig } from '../engine/checkpoint/types';
import { rowOfTuple, type CheckpointRow } from '../checkpoint/idb/rows';
import type { CheckpointSummary, Json, PendingWriteDTO, TaskDTO } from '../protocol/dto';
import { recordToJsonSafe, toJsonSafe } from '../protocol/json-safe';
import type { WireSnapshot, WireTask } from '../protocol/sandbox';
import { computeLedger, LedgerRecorder, refineLedger, type LedgerCheckpoint } from '../engine/ledger/index';
import { sourceShown } from '../shared/checkpoint-source';
import { latestStepFrom, stepTimings } from '../shared/timings';
import type { TraceEvent } from '../shared/trace';
import type { FullDetail } from './detail-cache';
import { taskFacts } from './task-facts';
import { isHandOff } from '../shared/control-flow';

const idOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_id ?? null;
const nsOf = (config: RunnableConfig | undefined) => config?.configurable?.checkpoint_ns ?? '';

/** The timeline row DTO of a stored row (src/checkpoint/idb/rows.ts); `next` when known beside it. */
export function checkpointSummary(row: CheckpointRow, next: readonly string[] = row.next ?? []): CheckpointSummary {
  const meta = row.metadata;
  return {
    checkpointId: row.config.configurable?.checkpoint_id ?? '',
    parentId: idOf(row.parentConfig),
    ns: nsOf(row.config),
    step: typeof meta?.step === 'number' ? meta.step : -1,
    source: sourceShown(meta?.source),
    ts: row.ts,
    next: [...next],
    pendingWrites: row.writes.count,
    writeChannels: [...row.writes.channels],
    hasInterrupts: row.writes.interrupts,
    hasError: row.writes.error,
  };
}

export { errorToWire } from '../protocol/wire-error';

/** Maps snapshot tasks, adding trigger reasons, outcomes and attempt timings read from the trace. */
export function tasksToDto(tasks: readonly WireTask[], events: readonly TraceEvent[], ns: string, checkpointId: string): TaskDTO[] {
  const facts = taskFacts(events, ns, checkpointId);
  const timed = latestStepFrom(stepTimings(events), ns, checkpointId);
  return tasks.map((t) => {
    const fact = facts.get(t.id);
    const timing = timed?.tasks.find((x) => x.taskId === t.id);
    const dto: TaskDTO = {
      id: t.id, name: t.name, path: t.path, kind: t.kind, triggers: fact?.triggers ?? t.triggers ?? [], interrupts: t.interrupts, error: t.error,
    };
    if (t.uncertain) dto.uncertain = [...t.uncertain];
    if (fact) dto.outcome = fact.outcome;
    // A Command.PARENT hand-off is saved as an error: it is control flow, shown as what it is.
    if (isHandOff(t.error, ns)) {
      dto.error = null;
      dto.outcome = 'handed-off';
    }
    if (t.subgraphNs) dto.subgraphNs = t.subgraphNs;
    if (timing) dto.timing = timing;
    return dto;
  });
}

/**
 * Pending writes of a tuple with their dispositions: the engine's write ledger computed from the
 * checkpoint and its `children`, refined by the records the trace events about it yield.
 */
export function writesToDto(tuple: CheckpointTuple, tasks: readonly WireTask[], events: readonly TraceEvent[], children: readonly LedgerCheckpoint[]): PendingWriteDTO[] {
  const ns = nsOf(tuple.config);
  const names = new Map(tasks.map((t) => [t.id, t.name]));
  for (const e of events) if (e.type === '@engine.task.prepared' && !names.has(e.taskId)) names.set(e.taskId, e.name);
  const records = events.length > 0 ? new LedgerRecorder().addAll(events).recordsOf(ns, tuple.checkpoint.id) : [];
  const ledger = refineLedger(computeLedger({ tuple, children }), records);
  return (tuple.pendingWrites ?? []).map(([taskId, channel, value], i) => ({
    taskId,
    taskName: names.get(taskId) ?? null,
    channel,
    value: toJsonSafe(value),
    disposition: ledger[i]!.disposition,
    reason: ledger[i]!.reason,
    history: ledger[i]!.history,
    dispositionBasis: ledger[i]!.basis,
    ...(ledger[i]!.alternatives ? { dispositionAlternatives: ledger[i]!.alternatives } : {}),
  }));
}

/**
 * The values LangGraph shows for raw channel values (`getState().values`, read from the graph's
 * output channels): user channels only, LangGraph's reserved channels dropped; for a graph whose
 * output is one channel, that channel's value itself, as LangGraph reads it: a functional-API
 * `entrypoint` (no user channel; its return value is `__end__`, `__previous__` what it saved for
 * the next run) and a `StateGraph` of a non-dict state or a `MessageGraph` (`__root__`). A value
 * that is not an object is shown under its channel's name.
 */
export function userValues(channelValues: Record<string, unknown>): Record<string, Json> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(channelValues)) {
    if (k.startsWith('__') || k.startsWith('branch:') || k.startsWith('join:') || k.startsWith('start:')) continue;
    out[k] = v;
  }
  if (Object.keys(out).length === 0) {
    const single = [ROOT_CHANNEL, END_CHANNEL].find((k) => Object.hasOwn(channelValues, k) && (k === ROOT_CHANNEL || Object.hasOwn(channelValues, PREVIOUS_CHANNEL) || !hasGraphChannels(channelValues)));
    if (single !== undefined) {
      const v = channelValues[single];
      if (typeof v === 'object' && v !== null && !Array.isArray(v) && !('$type' in v) && !('lc' in v)) return recordToJsonSafe(v as Record<string, unknown>);
      return recordToJsonSafe({ [single]: v });
    }
  }
  return recordToJsonSafe(out);
}

const ROOT_CHANNEL = '__root__';
const END_CHANNEL = '__end__';
const PREVIOUS_CHANNEL = '__previous__';
/** Whether raw channel values have a StateGraph's trigger channels (then `__end__` is not its output). */
const hasGraphChannels = (channelValues: Record<string, unknown>): boolean => Object.keys(channelValues).some((k) => k.startsWith('branch:') || k.startsWith('start:') || k.startsWith('join:'));

const valuesOf = (snapshot: WireSnapshot | null | undefined, tuple: CheckpointTuple | undefined): Record<string, Json> | null => {
  if (snapshot?.values) return snapshot.values;
  return tuple ? userValues(tuple.checkpoint.channel_values) : null;
};

/** Everything the inspector shows for one checkpoint, and the parent's values for the diff. */
export function checkpointDetail(input: {
  tuple: CheckpointTuple;
  snapshot: WireSnapshot | null;
  parentSnapshot: WireSnapshot | null;
  parentTuple?: CheckpointTuple;
  events: readonly TraceEvent[];
  /** The checkpoint's children (same namespace), for the write ledger. */
  children: readonly LedgerCheckpoint[];
}): FullDetail {
  const { tuple, snapshot, events } = input;
  const ns = nsOf(tuple.config);
  const tasks = snapshot?.tasks ?? [];
  return {
    summary: checkpointSummary(rowOfTuple(tuple), snapshot?.next),
    values: valuesOf(snapshot, tuple) ?? {},
    parentValues: tuple.parentConfig ? valuesOf(input.parentSnapshot, input.parentTuple) : null,
    metadata: recordToJsonSafe(tuple.metadata),
    tasks: tasksToDto(tasks, events, ns, tuple.checkpoint.id),
    pendingWrites: writesToDto(tuple, tasks, events, input.children),
    raw: toJsonSafe(tuple),
  };
}
