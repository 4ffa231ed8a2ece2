/**
 * Stream payloads, shaped as LangGraph.js's: `values`, `updates`, `tasks`, `checkpoints`, `debug`
 * (`custom` and `messages` are produced in ../stream).
 */
import type { PendingWrite, PendingWriteValue, RunnableConfig, CheckpointMetadata } from '../checkpoint/types';
import { ERROR, INTERRUPT, RETURN, TAG_HIDDEN, isControlSignal } from '../constants';
import { readChannels } from './algo';
import type { LoopParams } from './loop_params';
import type { Channels, PregelNode, PreparedTask } from './types';

export type StreamMode = 'values' | 'updates' | 'debug' | 'tasks' | 'checkpoints' | 'custom' | 'messages' | 'tools';
/** `custom` chunks come from `config.writer` / `getWriter()`, `messages` and `tools` from callbacks (see ../stream). */
export const STREAM_MODES: readonly StreamMode[] = ['values', 'updates', 'debug', 'tasks', 'checkpoints', 'custom', 'messages', 'tools'];

/**
 * A mode only the stream protocol asks for (never a user's): a checkpoint envelope
 * (`{ id, parent_id?, step, source }`) before each `values` chunk, streamed as `checkpoints`.
 */
export const ENVELOPE_MODE = 'checkpoints:envelope';
/** The modes a loop emits: the stream modes and the envelope. */
export type LoopMode = StreamMode | typeof ENVELOPE_MODE;

/** The envelope of the checkpoint a `values` chunk belongs to (see ENVELOPE_MODE). */
export function checkpointEnvelope(id: string, metadata: CheckpointMetadata, prev: RunnableConfig | undefined): Record<string, unknown> {
  const parentId = prev?.configurable?.checkpoint_id;
  return { id, ...(parentId ? { parent_id: parentId } : {}), step: metadata.step, source: metadata.source };
}

const isHidden = (t: PreparedTask) => t.node.tags?.includes(TAG_HIDDEN) ?? false;

/** The `values` chunk after writes touching the output keys (or always with `force`). */
export function outputValues(outputKeys: OutputKeys, writes: readonly PendingWriteValue[] | true, channels: Channels): { value: unknown } | undefined {
  if (typeof outputKeys === 'string') {
    if (writes === true || writes.some(([c]) => c === outputKeys)) return { value: readChannels(channels, outputKeys) };
    return undefined;
  }
  if (writes === true || writes.some(([c]) => outputKeys.includes(c))) return { value: readChannels(channels, outputKeys) };
  return undefined;
}

/** Whether any task's writes touch the output keys (outputValues over a step, without gathering its writes). */
export function tasksTouchOutput(outputKeys: OutputKeys, tasks: readonly { writes: readonly PendingWriteValue[] }[]): boolean {
  for (const t of tasks) for (const w of t.writes) if (typeof outputKeys === 'string' ? w[0] === outputKeys : outputKeys.includes(w[0])) return true;
  return false;
}

/** Output channels: a list (the output is an object) or one channel (the output is its value). */
export type OutputKeys = string[] | string;
const includes = (keys: OutputKeys, c: string) => (typeof keys === 'string' ? keys === c : keys.includes(c));

/** The `updates` chunk of tasks that finished: `{ node: update }` (LangGraph.js grouping rules). */
export function outputUpdates(outputKeys: OutputKeys, tasks: [PreparedTask, readonly PendingWriteValue[]][], cached: boolean): Record<string, unknown> | undefined {
  const out = tasks.filter(([t, ww]) => !isHidden(t) && ww.length > 0 && ww[0][0] !== ERROR && ww[0][0] !== INTERRUPT);
  if (!out.length) return undefined;
  const updated: [string, unknown][] = [];
  if (out.some(([, ww]) => ww.some(([c]) => c === RETURN))) {
    for (const [t, ww] of out) for (const [c, v] of ww) if (c === RETURN) updated.push([t.name, v]);
  } else if (typeof outputKeys === 'string') {
    for (const [t, ww] of out) for (const [c, v] of ww) if (c === outputKeys) updated.push([t.name, v]);
  } else {
    for (const [t, ww] of out) {
      const counts: Record<string, number> = {};
      for (const [c] of ww) if (outputKeys.includes(c)) counts[c] = (counts[c] ?? 0) + 1;
      if (Object.values(counts).some((n) => n > 1)) {
        for (const [c, v] of ww) if (outputKeys.includes(c)) updated.push([t.name, { [c]: v }]);
      } else updated.push([t.name, Object.fromEntries(ww.filter(([c]) => outputKeys.includes(c)))]);
    }
  }
  const grouped: Record<string, unknown[]> = {};
  for (const [n, v] of updated) (grouped[n] ??= []).push(v);
  const flat: Record<string, unknown> = {};
  for (const n in grouped) flat[n] = grouped[n].length === 1 ? grouped[n][0] : grouped[n];
  if (cached) flat.__metadata__ = { cached };
  return flat;
}

/**
 * Metadata keys a task-start payload leaves out: the framework's bookkeeping, which the task's own
 * fields and namespace already say (LangGraph's EXCLUDED_METADATA_KEYS).
 */
const EXCLUDED_METADATA_KEYS = new Set([
  'thread_id', 'checkpoint_id', 'checkpoint_ns', 'checkpoint_map', 'langgraph_step', 'langgraph_node', 'langgraph_triggers', 'langgraph_path',
  'langgraph_checkpoint_ns',
]);

/**
 * What a task-start payload says of the task's run (LangGraph.js `buildTaskMetadata`): the task's
 * metadata (the run's, then each of `nodes`' own) without the framework keys, and its tags (the
 * run's, then the nodes', once each) without RunnableSequence's `seq:step:*`, as `tags`.
 * `undefined` when nothing is left.
 * @param config the run's config
 * @param nodes the nodes whose metadata and tags the task's config merges, in order
 */
export function taskStartMetadata(config: RunnableConfig, nodes: readonly Pick<PregelNode, 'metadata' | 'tags'>[]): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const source of [config.metadata, ...nodes.map((n) => n.metadata)]) {
    if (source) for (const [k, v] of Object.entries(source)) if (!EXCLUDED_METADATA_KEYS.has(k)) out[k] = v;
  }
  const tags = [...new Set([...(config.tags ?? []), ...nodes.flatMap((n) => n.tags ?? [])])].filter((tag) => !tag.startsWith('seq:step'));
  if (tags.length > 0) out.tags = tags;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `tasks` chunk when a task starts, with `metadata` when the run has any to tell (`taskStartMetadata`).
 * @param nodes the nodes whose metadata and tags the task's config merges (its own by default)
 */
export function taskStartPayload(t: PreparedTask, config: RunnableConfig, nodes: readonly Pick<PregelNode, 'metadata' | 'tags'>[] = [t.node]) {
  const payload: { id: string; name: string; input: unknown; triggers: readonly string[]; interrupts: unknown[]; metadata?: Record<string, unknown> } = {
    id: t.id, name: t.name, input: t.input, triggers: t.triggers, interrupts: [],
  };
  const metadata = taskStartMetadata(config, nodes);
  if (metadata) payload.metadata = metadata;
  return payload;
}

function resultWrites(writes: readonly PendingWriteValue[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [c, v] of writes) {
    if (c in result) {
      const prev = result[c] as { $writes?: unknown[] };
      const list = prev && typeof prev === 'object' && Array.isArray(prev.$writes) ? prev.$writes : [result[c]];
      list.push(v);
      result[c] = { $writes: list };
    } else result[c] = v;
  }
  return result;
}

/** `tasks` chunk when a task finishes. */
export function taskResultPayload(t: PreparedTask, writes: readonly PendingWriteValue[], streamKeys: OutputKeys) {
  return {
    id: t.id,
    name: t.name,
    result: resultWrites(writes.filter(([c]) => includes(streamKeys, c))),
    interrupts: writes.filter(([c]) => c === INTERRUPT).flatMap(([, v]) => v as unknown[]),
    error: writes.find(([c]) => c === ERROR)?.[1] ?? null,
  };
}

/**
 * `{ configurable: { thread_id, checkpoint_ns } }` for each task that runs a subgraph: where its
 * state lives. `skipUncheckpointed` leaves out subgraphs compiled with `checkpointer: false`.
 */
export function subgraphRefs(tasks: readonly PreparedTask[], threadId: unknown, skipUncheckpointed: boolean): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const t of tasks) {
    const sub = t.node.subgraph;
    if (!sub || (skipUncheckpointed && sub.checkpointMode === false)) continue;
    out.set(t.id, { configurable: { thread_id: threadId, checkpoint_ns: t.taskNs } });
  }
  return out;
}

const isTaskOutput = (c: string) => !isControlSignal(c);

/** The `tasks` of a state snapshot or a `checkpoints` chunk. */
export function tasksWithWrites(tasks: readonly PreparedTask[], pending: readonly PendingWrite[], outputKeys: OutputKeys, states?: ReadonlyMap<string, unknown>) {
  return tasks.map((task) => {
    // One pass over the pending writes per task (a history builds this for every checkpoint).
    let errorWrite: PendingWrite | undefined;
    let interrupts: unknown[] = [];
    let hasOutput = false;
    let ret: PendingWrite | undefined;
    let single: PendingWrite | undefined;
    let rs: PendingWriteValue[] | undefined;
    for (const w of pending) {
      if (w[0] !== task.id) continue;
      const n = w[1];
      if (n === ERROR) errorWrite ??= w;
      else if (n === INTERRUPT) interrupts = interrupts.concat(w[2] as unknown[]);
      if (isTaskOutput(n)) hasOutput = true;
      if (n === RETURN) ret ??= w;
      if (typeof outputKeys === 'string') {
        if (n === outputKeys) single ??= w;
      } else if (outputKeys.includes(n)) (rs ??= []).push([n, w[2]]);
    }
    let result: unknown;
    if (hasOutput) {
      if (ret) result = ret[2];
      else if (typeof outputKeys === 'string') result = single?.[2];
      else result = rs ? resultWrites(rs) : undefined;
    }
    const error = errorWrite?.[2];
    if (error) return { id: task.id, name: task.name, path: task.path, error, interrupts, result };
    const state = states?.get(task.id);
    return state !== undefined
      ? { id: task.id, name: task.name, path: task.path, interrupts, state, result }
      : { id: task.id, name: task.name, path: task.path, interrupts, result };
  });
}

/** A `checkpoints` chunk (the stable part of LangGraph.js's: configs carry only `configurable`). */
export function checkpointPayload(
  config: RunnableConfig,
  channels: Channels,
  streamKeys: OutputKeys,
  metadata: CheckpointMetadata,
  tasks: readonly PreparedTask[],
  pending: readonly PendingWrite[],
  parentConfig: RunnableConfig | undefined,
) {
  return {
    config: { configurable: { ...config.configurable } },
    values: readChannels(channels, streamKeys),
    metadata,
    next: tasks.map((t) => t.name),
    tasks: tasksWithWrites(tasks, pending, streamKeys, subgraphRefs(tasks, config.configurable?.thread_id, false)),
    // Present even without a parent (undefined), as LangGraph.js's payload and StateSnapshot have it.
    parentConfig: parentConfig ? { configurable: { ...parentConfig.configurable } } : undefined,
  };
}

/** Input → writes: an object's keys that are input channels, or the whole value for one channel. */
export function mapInput(inputKeys: string[] | string, input: unknown): PendingWriteValue[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(inputKeys)) {
    if (typeof input !== 'object' || Array.isArray(input)) throw new Error('Input chunk must be an object when "inputChannels" is an array');
    return Object.keys(input as object).filter((k) => inputKeys.includes(k)).map((k) => [k, (input as Record<string, unknown>)[k]]);
  }
  return [[inputKeys, input]];
}

/** What a stream chunk reads of the loop: the checkpoint a `values` envelope names, the step. */
interface ChunkAt {
  checkpoint: { id: string };
  metadata: CheckpointMetadata;
  prevCheckpointConfig: RunnableConfig | undefined;
  step: number;
}

/** Pushes a stream chunk of `mode`, if the run streams it (and its `debug` twin). */
export function emitChunk(p: Pick<LoopParams, 'modes' | 'emit'>, mode: LoopMode, payload: unknown, at: ChunkAt): void {
  // The stream protocol pairs each state (not an interrupt chunk) with its checkpoint.
  if (mode === 'values' && p.modes.has(ENVELOPE_MODE) && !(payload && typeof payload === 'object' && INTERRUPT in payload)) {
    p.emit(ENVELOPE_MODE, checkpointEnvelope(at.checkpoint.id, at.metadata, at.prevCheckpointConfig));
  }
  if (p.modes.has(mode)) p.emit(mode, payload);
  if ((mode === 'checkpoints' || mode === 'tasks') && p.modes.has('debug')) {
    const type = mode === 'checkpoints' ? 'checkpoint' : payload && typeof payload === 'object' && 'result' in payload ? 'task_result' : 'task';
    p.emit('debug', { step: mode === 'checkpoints' ? at.step - 1 : at.step, type, timestamp: new Date().toISOString(), payload });
  }
}
