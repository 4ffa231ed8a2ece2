/**
 * A run's server-sent events as a typed union: one `RemoteRunEvent` per SSE event, plus the
 * stream's own `stream.read_on` and `run.end`. SSE event names are `mode` or `mode|ns…` (with
 * `streamSubgraphs`); `ns` here is that suffix, which is the `checkpoint_ns` of the (sub)graph that
 * emitted the event (`''` for the root).
 */
import type { CheckpointMetadata } from '../engine/checkpoint/types';
import { BadResponseError } from './errors';
import { toInterrupts, toRemoteCheckpoint, toTaskError } from './mapping';
import type { RemoteCheckpoint, RemoteInterrupt, RemoteRunStatus, RemoteTaskError } from './types';

/** A task about to run (`tasks` and `debug` modes). */
export interface RemoteTaskStart {
  id: string;
  name: string;
  input: unknown;
  /** The channels whose update triggered it. */
  triggers: string[];
  interrupts: RemoteInterrupt[];
}

/** A task that finished (`tasks` and `debug` modes): its writes to state keys, error, interrupts. */
export interface RemoteTaskResult {
  id: string;
  name: string;
  /** State key → value written (`{ $writes: [...] }` for several writes to one key). */
  result: unknown;
  error?: RemoteTaskError;
  interrupts: RemoteInterrupt[];
}

interface Base {
  /** The SSE event id: the point to read on from. */
  id?: string;
  /** Namespace of the (sub)graph that emitted the event (`''` = root). */
  ns: string;
}

export type RemoteRunEvent =
  | (Base & { type: 'metadata'; runId: string; attempt?: number })
  | (Base & { type: 'values'; values: unknown })
  | (Base & { type: 'updates'; updates: Record<string, unknown> })
  /** `checkpoints` mode. The JS dev server sends only values, metadata and next here (no ids); `debug.checkpoint` has them. */
  | (Base & { type: 'checkpoints'; values: unknown; metadata?: CheckpointMetadata; next: string[] })
  | (Base & { type: 'task.start'; task: RemoteTaskStart })
  | (Base & { type: 'task.result'; task: RemoteTaskResult })
  | (Base & { type: 'debug.checkpoint'; step: number; timestamp: string; checkpoint: RemoteCheckpoint })
  | (Base & { type: 'debug.task'; step: number; timestamp: string; task: RemoteTaskStart })
  | (Base & { type: 'debug.task_result'; step: number; timestamp: string; task: RemoteTaskResult })
  /** The run failed on the server (a node raised); the stream ends after it. */
  | (Base & { type: 'run.error'; error: RemoteTaskError })
  /** Any other event (`messages`, `custom`, `events`, …), as sent. */
  | (Base & { type: 'other'; event: string; data: unknown })
  /** The stream was cut and is being read on from `lastEventId` (attempt 1, 2, …). */
  | { type: 'stream.read_on'; attempt: number; lastEventId?: string; reason: string }
  /** The last event: the run's status as the server recorded it when the stream ended. */
  | { type: 'run.end'; runId: string; status: RemoteRunStatus };

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const obj = (x: unknown): Json => (isObject(x) ? x : {});

/** One SSE event (as the SDK yields it) → one typed event. `threadId` names checkpoints that omit it. */
export function toRunEvent(part: { id?: unknown; event: string; data: unknown }, threadId: string): RemoteRunEvent {
  const bar = part.event.indexOf('|');
  const mode = bar < 0 ? part.event : part.event.slice(0, bar);
  const base: Base = { ...(typeof part.id === 'string' ? { id: part.id } : {}), ns: bar < 0 ? '' : part.event.slice(bar + 1) };
  const data = part.data;
  switch (mode) {
    case 'metadata': {
      const runId = obj(data).run_id;
      if (typeof runId !== 'string') throw new BadResponseError('a metadata event without run_id');
      const attempt = obj(data).attempt;
      return { ...base, type: 'metadata', runId, ...(typeof attempt === 'number' ? { attempt } : {}) };
    }
    case 'values':
      return { ...base, type: 'values', values: data };
    case 'updates':
      return { ...base, type: 'updates', updates: obj(data) };
    case 'checkpoints': {
      const d = obj(data);
      const metadata = obj(d.metadata);
      return {
        ...base, type: 'checkpoints', values: d.values, next: stringList(d.next),
        ...(typeof metadata.step === 'number' ? { metadata: { ...metadata, source: metadata.source, step: metadata.step, parents: obj(metadata.parents) } as CheckpointMetadata } : {}),
      };
    }
    case 'tasks':
      return isResult(data) ? { ...base, type: 'task.result', task: toTaskResult(data) } : { ...base, type: 'task.start', task: toTaskStart(data) };
    case 'debug':
      return toDebugEvent(base, obj(data), threadId) ?? { ...base, type: 'other', event: part.event, data };
    case 'error':
      return { ...base, type: 'run.error', error: toTaskError(data) ?? { name: 'Error', message: 'The run failed.' } };
    default:
      return { ...base, type: 'other', event: part.event, data };
  }
}

function toDebugEvent(base: Base, d: Json, threadId: string): RemoteRunEvent | undefined {
  const step = typeof d.step === 'number' ? d.step : -1;
  const timestamp = typeof d.timestamp === 'string' ? d.timestamp : '';
  if (d.type === 'checkpoint') {
    return { ...base, type: 'debug.checkpoint', step, timestamp, checkpoint: toRemoteCheckpoint(d.payload, 'saved', { threadId, createdAt: timestamp }) };
  }
  if (d.type === 'task') return { ...base, type: 'debug.task', step, timestamp, task: toTaskStart(d.payload) };
  if (d.type === 'task_result') return { ...base, type: 'debug.task_result', step, timestamp, task: toTaskResult(d.payload) };
  return undefined;
}

const isResult = (data: unknown) => isObject(data) && ('result' in data || 'error' in data);

function toTaskStart(raw: unknown): RemoteTaskStart {
  const t = obj(raw);
  if (typeof t.id !== 'string') throw new BadResponseError('a task event without an id');
  return { id: t.id, name: String(t.name ?? ''), input: t.input, triggers: stringList(t.triggers), interrupts: toInterrupts(t.interrupts) };
}

function toTaskResult(raw: unknown): RemoteTaskResult {
  const t = obj(raw);
  if (typeof t.id !== 'string') throw new BadResponseError('a task event without an id');
  const error = toTaskError(t.error);
  return { id: t.id, name: String(t.name ?? ''), result: t.result ?? {}, ...(error ? { error } : {}), interrupts: toInterrupts(t.interrupts) };
}

const stringList = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
