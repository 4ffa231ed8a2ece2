/**
 * Task writes: recording them against the step's checkpoint (LangGraph.js `putWrites`), streaming
 * what a task wrote (`_outputWrites`), and, under `exit` durability, saving them at exit.
 */
import type { ChannelSpec } from '../channels/base';
import type { PendingWrite, PendingWriteValue } from '../checkpoint/types';
import { WRITES_IDX_MAP } from '../checkpoint/types';
import { ERROR, INTERRUPT, NULL_TASK_ID, PUSH, TAG_HIDDEN, TASKS } from '../constants';
import { isSend, Send } from '../types';
import { encodeWrites } from './encode';
import { taskPathStr } from './order';
import { outputUpdates, taskResultPayload } from './io';
import type { PregelLoop } from './loop';
import type { PreparedTask } from './types';
import { isHandOff } from '../../shared/control-flow';

/** What recording a task's writes does to the pending writes (see recordWrites). */
export interface RecordedWrites {
  /** The pending writes left once the task's earlier ones are replaced; undefined: unchanged. */
  keep: PendingWrite[] | undefined;
  /** What is appended to them (the writes to save, UntrackedValue keys left out). */
  added: PendingWrite[];
  /** The task's writes, special-only batches keeping the last write per channel. */
  writes: readonly PendingWriteValue[];
  /** What goes to the saver. */
  saved: readonly PendingWriteValue[];
  /** Channels of special writes dropped for a later one in the same batch. */
  deduplicated: string[];
  /** How many earlier pending writes were replaced. */
  replaced: number;
}

/**
 * Records writes of a task (or of the NULL task) against the checkpoint the step started from,
 * as LangGraph.js's `putWrites` does (pure: the loop applies the result). Special-only batches keep
 * the last write per channel; a task's new writes replace its earlier ones; NULL-task writes
 * accumulate (a new special write replaces the old one of its channel). `hasEarlier` says whether
 * the task has pending writes already (the loop answers from its index; the default scans).
 */
export function recordWrites(
  pending: readonly PendingWrite[], taskId: string, writesIn: readonly PendingWriteValue[], specs: Record<string, ChannelSpec>,
  hasEarlier: (taskId: string) => boolean = (id) => pending.some((w) => w[0] === id),
): RecordedWrites {
  let writes = writesIn;
  const deduplicated: string[] = [];
  if (writes.every(([c]) => c in WRITES_IDX_MAP)) {
    const last = new Map<string, PendingWriteValue>();
    for (const w of writes) {
      if (last.has(w[0])) deduplicated.push(w[0]);
      last.set(w[0], w);
    }
    writes = [...last.values()];
  }
  const isNull = taskId === NULL_TASK_ID;
  let keep: PendingWrite[] | undefined;
  // Filtering is O(pending): skip it for a task that has no writes yet (every task of a wide
  // fan-out commits once), so a step stays linear in its number of tasks.
  if (pending.length > 0 && (isNull || hasEarlier(taskId))) {
    if (isNull) {
      const special = new Set(writes.filter(([c]) => c in WRITES_IDX_MAP).map(([c]) => c));
      keep = pending.filter(([t, c]) => !(t === NULL_TASK_ID && special.has(c)));
    } else keep = pending.filter(([t]) => t !== taskId);
  }
  const saved = withoutUntracked(specs, writes);
  const added: PendingWrite[] = [];
  for (const [c, v] of saved) added.push([taskId, c, v]);
  return { keep, added, writes, saved, deduplicated, replaced: keep ? pending.length - keep.length : 0 };
}

/** The pending writes once `r` is recorded. */
export function pendingAfter(pending: readonly PendingWrite[], r: RecordedWrites): PendingWrite[] {
  return [...(r.keep ?? pending), ...r.added];
}

/**
 * What follows recording a task's writes: the saver call (held until exit under `exit`
 * durability), the trace, the stream, the node cache. Synchronous (the saver call is tracked, not
 * awaited): a promise only when the node cache is written.
 */
export function reportWrites(loop: PregelLoop, taskId: string, r: RecordedWrites, cached: boolean): Promise<void> | undefined {
  const p = loop.p;
  const deferred = p.durability === 'exit';
  if (!deferred && p.checkpointer) loop.persistence.putWrites(p.checkpointer, loop.configFor(loop.checkpoint.id), encodeWrites(r.saved), taskId, pathOf(loop, taskId));
  if (p.tracer.enabled) p.tracer.emit({
    type: '@engine.writes.put', step: loop.step, taskId, checkpointId: loop.checkpoint.id,
    channels: r.saved.map((w) => w[0]), deduplicated: r.deduplicated, replaced: r.replaced, isNullTask: taskId === NULL_TASK_ID,
    ...(deferred && p.checkpointer ? { deferred: true } : {}),
    ...(r.saved.some(([c, v]) => c === ERROR && isHandOff(v, loop.ns)) ? { handOff: true } : {}),
  });
  const writes = r.writes;
  const task = loop.taskOf(taskId);
  if (task) outputWrites(loop, task, writes, cached);
  const key = task?.cacheKey;
  if (!cached && key && p.cache && writes[0][0] !== ERROR && writes[0][0] !== INTERRUPT) {
    return p.cache.set([{ key: [key.ns, key.key], value: task.writes, ttl: key.ttl }]).then(() => undefined);
  }
  return undefined;
}

const untrackedOf = new WeakMap<object, ReadonlySet<string>>();

/** Writes to UntrackedValue keys are never saved (nor kept as pending), also inside Send args. */
function withoutUntracked(specs: Record<string, ChannelSpec>, writes: readonly PendingWriteValue[]): readonly PendingWriteValue[] {
  let untracked = untrackedOf.get(specs);
  if (!untracked) untrackedOf.set(specs, (untracked = new Set(Object.keys(specs).filter((k) => specs[k].kind === 'UntrackedValue'))));
  if (untracked.size === 0) return writes;
  const keep = untracked;
  return writes.filter(([c]) => !keep.has(c)).map(([c, v]): PendingWriteValue => {
    if (c !== TASKS || !isSend(v) || typeof v.args !== 'object' || v.args === null) return [c, v];
    const args = Object.fromEntries(Object.entries(v.args as Record<string, unknown>).filter(([k]) => !keep.has(k)));
    return [c, new Send(v.node, args)];
  });
}

/** Streams what a task wrote (LangGraph.js `_outputWrites`). */
export function outputWrites(loop: PregelLoop, task: PreparedTask, writes: readonly PendingWriteValue[], cached: boolean): void {
  if (task.node.tags?.includes(TAG_HIDDEN)) return;
  if (writes.length > 0) {
    if (writes[0][0] === INTERRUPT) {
      // A call-task's interrupt is reported by the task that called it.
      if (task.path[0] === PUSH && task.path[task.path.length - 1] === true) return;
      const ints = writes.filter((w) => w[0] === INTERRUPT).flatMap((w) => w[1] as unknown[]);
      loop.emit('updates', { [INTERRUPT]: ints });
      loop.emit('values', { [INTERRUPT]: ints });
    } else if (writes[0][0] !== ERROR && loop.p.modes.has('updates')) {
      // The chunk is built only when the stream takes `updates` (emit would drop it otherwise).
      const chunk = outputUpdates(loop.p.outputKeys, [[task, writes]], cached);
      if (chunk) loop.emit('updates', chunk);
    }
  }
  if (!cached && (loop.p.modes.has('tasks') || loop.p.modes.has('debug'))) loop.emit('tasks', taskResultPayload(task, writes, loop.p.streamKeys));
}

/** Under `exit` durability: the writes this run made, saved against the checkpoint saved at exit. */
export async function flushPendingWrites(loop: PregelLoop): Promise<void> {
  const saver = loop.p.checkpointer;
  if (!saver || loop.pending.length === 0) return;
  const byTask = new Map<string, PendingWriteValue[]>();
  for (const [tid, c, v] of loop.pending as PendingWrite[]) {
    if (!loop.writtenTaskIds.has(tid)) continue;
    let list = byTask.get(tid);
    if (!list) byTask.set(tid, (list = []));
    list.push([c, v]);
  }
  const config = loop.configFor(loop.checkpoint.id);
  for (const [tid, ws] of byTask) loop.persistence.putWrites(saver, config, encodeWrites(ws), tid, pathOf(loop, tid));
}

/** The saved path of a task of the step (`''` for the NULL task and tasks not in the step, as LangGraph.js). */
function pathOf(loop: PregelLoop, taskId: string): string {
  const task = loop.taskOf(taskId);
  return task ? taskPathStr(task.path) : '';
}
