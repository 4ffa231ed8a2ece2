/**
 * What happens before a run's first step (LangGraph `_first`): a Command's writes, NULL-task
 * writes, time travel (replay forks), resume bookkeeping, or new input and its input checkpoint.
 *
 * A pure step, as ./algo is for the superstep: `planFirst` reads a snapshot of the loop and
 * returns the effects to run, in order; the loop applies them (`PregelLoop.first`). State changes
 * are effects too (`set`), because their order against the saver calls is the behaviour: the
 * Command's writes go against the checkpoint the run starts from, a fork checkpoint is saved with
 * the versions the Command's update produced, and a resume answer goes against the fork.
 */
import type { ChannelSpec } from '../channels/base';
import type { Checkpoint, CheckpointMetadata, PendingWrite, PendingWriteValue } from '../checkpoint/types';
import { INPUT, INTERRUPT, NULL_TASK_ID, RESUME } from '../constants';
import { EmptyInputError } from '../errors';
import { isCommand, type Command } from '../types';
import type { ControlSignal, TraceEventInput } from '../../shared/trace';
import { applyWrites, nullWrites, prepareNextTasks } from './algo';
import { mapCommand } from './command';
import { mapInput, outputValues, type OutputKeys } from './io';
import type { PregelLoop } from './loop';
import type { NestedParams } from './loop_params';
import type { Channels, PregelNode } from './types';
import { pendingAfter, recordWrites } from './writes';

/** @internal The input of a run whose resume was consumed. */
export const INPUT_RESUMING = Symbol('INPUT_RESUMING');

/** What the first step reads of the loop: a snapshot it never changes. */
export interface FirstView {
  input: unknown;
  checkpoint: Checkpoint;
  channels: Channels;
  metadata: CheckpointMetadata;
  pending: readonly PendingWrite[];
  step: number;
  ns: string;
  /** The checkpoint_id the run's config names (none for a new thread). */
  configCheckpointId: string | undefined;
  threadId: string | null;
  /** The loaded checkpoint's parent config is known (`hasParent`), and its checkpoint_id. */
  hasParent: boolean;
  parentId: string | undefined;
  addressed: boolean;
  superseded: boolean;
  resumeAtHead: boolean;
  resumingFlag: boolean | undefined;
  isResuming: boolean;
  hasCheckpointer: boolean;
  nested: NestedParams | undefined;
  nodes: Record<string, PregelNode>;
  specs: Record<string, ChannelSpec>;
  triggerToNodes: Record<string, string[]>;
  inputKeys: string[] | string;
  outputKeys: OutputKeys;
  getNextVersion: (v: number | undefined) => number;
}

/** The loop fields the first step changes. */
export interface FirstState {
  checkpoint: Checkpoint;
  channels: Channels;
  updatedChannels: string[] | undefined;
  pending: PendingWrite[];
  isReplaying: boolean;
  resumeMap: Record<string, unknown> | undefined;
  input: unknown;
}

/** One thing the loop does for the first step, in order. */
export type FirstEffect =
  | { kind: 'trace'; event: TraceEventInput }
  /** Replace these loop fields. */
  | { kind: 'set'; state: Partial<FirstState> }
  /** Record writes of a task (or of the NULL task) against the current checkpoint (`putWrites`). */
  | { kind: 'writes'; taskId: string; writes: PendingWriteValue[] }
  /** Make the current state a checkpoint of this source and save it (`putCheckpoint`). */
  | { kind: 'checkpoint'; source: 'fork' | 'input' }
  | { kind: 'values'; value: unknown }
  /**
   * The root hands `isResuming` (and, when time-travelling, a replay state bounded by `bound`,
   * resolved against the loop's checkpoint then: see replayBoundOf) to its subgraphs.
   */
  | { kind: 'pass-down'; isResuming: boolean; timeTravel: boolean; bound: string | undefined }
  /** The input is refused: the run fails here, after the effects before it. */
  | { kind: 'fail'; error: Error };

/** The snapshot of `loop` the first step plans from. */
export function firstView(loop: PregelLoop): FirstView {
  const p = loop.p;
  const parent = loop.prevCheckpointConfig;
  return {
    input: loop.input, checkpoint: loop.checkpoint, channels: loop.channels, metadata: loop.metadata, pending: loop.pending, step: loop.step, ns: loop.ns,
    configCheckpointId: loop.checkpointConfig.configurable?.checkpoint_id as string | undefined,
    threadId: (loop.checkpointConfig.configurable?.thread_id as string | undefined) ?? null,
    hasParent: parent !== undefined, parentId: parent?.configurable?.checkpoint_id as string | undefined,
    addressed: loop.addressed, superseded: loop.superseded, resumeAtHead: loop.resumeAtHead, resumingFlag: loop.resumingFlag, isResuming: isResumingRun(loop.checkpoint, loop.input, loop.resumingFlag),
    hasCheckpointer: p.checkpointer !== undefined, nested: p.nested, nodes: p.nodes, specs: p.specs, triggerToNodes: p.triggerToNodes,
    inputKeys: p.inputKeys, outputKeys: p.outputKeys, getNextVersion: loop.getNextVersion,
  };
}

/** LangGraph's `isResuming`: the checkpoint has state and the input is null / a resume Command. */
export function isResumingRun(checkpoint: Checkpoint, input: unknown, resumingFlag: boolean | undefined): boolean {
  let hasVersions = false;
  for (const _ in checkpoint.channel_versions) {
    hasVersions = true;
    break;
  }
  return hasVersions && (resumingFlag === true || input === null || input === undefined || input === INPUT_RESUMING || (isCommand(input) && input.resume != null));
}

/** Plans the first step (see above). Never throws: a refused input is a `fail` effect. */
export function planFirst(v: FirstView): FirstEffect[] {
  const out: FirstEffect[] = [];
  const input = v.input;
  const cmd = isCommand(input) ? (input as Command) : undefined;
  const nested = v.nested;
  const isTimeTraveling = v.addressed && ((nested !== undefined && v.ns in nested.checkpointMap) || !((cmd && cmd.resume != null) || v.resumingFlag === true || v.resumeAtHead));
  const isReplaying = isTimeTraveling || v.superseded;
  out.push({ kind: 'set', state: { isReplaying } });
  const updateOrFork = v.metadata.source === 'update' || v.metadata.source === 'fork';
  const isResuming = v.isResuming;
  const forks = isTimeTraveling && (cmd !== undefined || isResuming) && (!updateOrFork || v.superseded);
  out.push({ kind: 'trace', event: {
    type: '@engine.run.start', step: v.step, threadId: v.threadId,
    checkpointId: v.metadata.step === -2 && !v.configCheckpointId ? null : v.checkpoint.id,
    isReplaying, isResuming, input: cmd ? 'command' : input == null ? 'null' : 'value',
  } });
  // The pending writes as the effects so far leave them (the loop keeps its own; this mirrors it).
  let pending: readonly PendingWrite[] = v.pending;
  const carried: PendingWrite[] = [];
  if (cmd) {
    const resume = cmd.resume as unknown;
    if (resume != null && typeof resume === 'object' && !Array.isArray(resume) && Object.keys(resume).length > 0 && Object.keys(resume).every((k) => /^[0-9a-f]{32}$/.test(k))) {
      out.push({ kind: 'set', state: { resumeMap: resume as Record<string, unknown> } });
    }
    if (resume != null && !v.hasCheckpointer) return fail(out, new Error('Cannot use Command(resume=...) without checkpointer'));
    const grouped = new Map<string, PendingWriteValue[]>();
    for (const [tid, k, val] of mapCommand(cmd, pending)) {
      let list = grouped.get(tid);
      if (!list) grouped.set(tid, (list = []));
      list.push([k, val]);
    }
    if (grouped.size === 0) return fail(out, new EmptyInputError('Received empty Command input'));
    for (const [tid, ws] of grouped) {
      if (forks) for (const [c, val] of ws) carried.push([tid, c, val]);
      else {
        out.push({ kind: 'writes', taskId: tid, writes: ws });
        pending = pendingAfter(pending, recordWrites(pending, tid, ws, v.specs));
      }
    }
  }
  let checkpoint = v.checkpoint;
  let channels = v.channels;
  const nulls = nullWrites([...pending, ...carried]);
  if (nulls.length > 0) {
    const r = applyWrites(checkpoint, channels, [{ name: INPUT, path: [], writes: nulls, triggers: [] }], v.getNextVersion, v.triggerToNodes);
    checkpoint = r.checkpoint;
    channels = r.channels;
    out.push({ kind: 'set', state: { checkpoint, channels } });
  }
  if (isTimeTraveling) pending = drop(out, pending, RESUME, v.step);
  const nullResume = nested?.nullResume;
  if (nullResume && !forks) {
    out.push({ kind: 'writes', taskId: NULL_TASK_ID, writes: [[RESUME, nullResume.value]] });
    pending = pendingAfter(pending, recordWrites(pending, NULL_TASK_ID, [[RESUME, nullResume.value]], v.specs));
  }
  let bound: string | undefined;
  const commandUpdate = cmd !== undefined && nulls.length > 0;
  if (isResuming || commandUpdate) {
    // The interrupt check sees every channel as it is now (nothing new since the resume).
    const seen = { ...checkpoint.versions_seen[INTERRUPT] };
    for (const k in channels) if (checkpoint.channel_versions[k] !== undefined) seen[k] = checkpoint.channel_versions[k];
    checkpoint = { ...checkpoint, versions_seen: { ...checkpoint.versions_seen, [INTERRUPT]: seen } };
    out.push({ kind: 'set', state: { checkpoint } });
    if (forks) {
      if (updateOrFork && v.hasParent) bound = v.parentId;
      pending = drop(out, pending, INTERRUPT, v.step);
      // The fork is the new branch point: the old checkpoint's remaining writes stay with it, and
      // the replayed step runs all its tasks again.
      for (const [tid, c] of pending) {
        if (tid !== NULL_TASK_ID) out.push({ kind: 'trace', event: { type: '@engine.write.skipped', step: v.step, taskId: tid, channel: c, reason: 'replaying' } });
      }
      out.push({ kind: 'checkpoint', source: 'fork' }, { kind: 'set', state: { pending: [] } });
      if (nullResume) out.push({ kind: 'writes', taskId: NULL_TASK_ID, writes: [[RESUME, nullResume.value]] });
    }
    const values = outputValues(v.outputKeys, true, channels);
    if (isResuming) out.push({ kind: 'set', state: { input: INPUT_RESUMING } });
    else out.push({ kind: 'checkpoint', source: 'input' }, { kind: 'set', state: { pending: [] } });
    if (values) out.push({ kind: 'values', value: values.value });
  } else {
    const inputWrites = mapInput(v.inputKeys, input);
    if (inputWrites.length === 0 && v.resumingFlag !== undefined) return passDown(out, v, isTimeTraveling, isResuming, bound);
    if (inputWrites.length === 0) return fail(out, new EmptyInputError(`Received no input writes for ${JSON.stringify(v.inputKeys, null, 2)}`));
    // New input replaces the unfinished step: its tasks count as run (their triggers seen), their writes go.
    const discard = prepareNextTasks(checkpoint, channels, v.nodes, { step: v.step, checkpointNs: v.ns });
    for (const [tid, c] of pending) out.push({ kind: 'trace', event: { type: '@engine.write.skipped', step: v.step, taskId: tid, channel: c, reason: 'discarded' } });
    const r = applyWrites(checkpoint, channels, [...discard, { name: INPUT, path: [], writes: inputWrites, triggers: [] }], v.getNextVersion, v.triggerToNodes);
    out.push({ kind: 'set', state: { checkpoint: r.checkpoint, channels: r.channels, updatedChannels: r.updated } });
    out.push({ kind: 'checkpoint', source: 'input' }, { kind: 'set', state: { pending: [] } });
  }
  return passDown(out, v, isTimeTraveling, isResuming, bound);
}

/**
 * The checkpoint a time-travelling run replays up to: `bound` when the first step chose one (the
 * parent of the update / fork checkpoint it forked from), else the parent of an update / fork
 * checkpoint the loop is at once the first step is done, else that checkpoint itself.
 */
export function replayBoundOf(bound: string | undefined, at: { checkpointId: string; source: string; hasParent: boolean; parentId: string | undefined }): string {
  if (bound !== undefined) return bound;
  if ((at.source === 'update' || at.source === 'fork') && at.hasParent) return at.parentId ?? at.checkpointId;
  return at.checkpointId;
}

function passDown(out: FirstEffect[], v: FirstView, timeTravel: boolean, isResuming: boolean, bound: string | undefined): FirstEffect[] {
  if (!v.nested) out.push({ kind: 'pass-down', isResuming, timeTravel, bound });
  return out;
}

function fail(out: FirstEffect[], error: Error): FirstEffect[] {
  out.push({ kind: 'fail', error });
  return out;
}

/** Drops the pending writes to a control channel of a checkpoint the run travels away from. */
function drop(out: FirstEffect[], pending: readonly PendingWrite[], channel: typeof RESUME | typeof INTERRUPT, step: number): PendingWrite[] {
  const keep: PendingWrite[] = [];
  for (const w of pending) {
    if (w[1] === channel) out.push({ kind: 'trace', event: { type: '@engine.write.skipped', step, taskId: w[0], channel, reason: 'time-travel', signal: channel as ControlSignal } });
    else keep.push(w);
  }
  out.push({ kind: 'set', state: { pending: keep } });
  return keep;
}

/**
 * Applies `effects` from `from` on, in order, each once the one before is applied: synchronous
 * until an effect returns a promise (so a plan of synchronous effects costs no promise).
 */
export function applyInOrder<E>(effects: readonly E[], apply: (e: E) => Promise<void> | undefined, from = 0): Promise<void> | undefined {
  for (let i = from; i < effects.length; i++) {
    const wait = apply(effects[i]);
    if (wait) return wait.then(() => applyInOrder(effects, apply, i + 1));
  }
  return undefined;
}
