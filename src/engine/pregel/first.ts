/**
 * What happens before a run's first step (LangGraph `_first`): a Command's writes, NULL-task
 * writes, time travel (replay forks), resume bookkeeping, or new input and its input checkpoint.
 */
import type { PendingWrite, PendingWriteValue } from '../checkpoint/types';
import { INPUT, INTERRUPT, NULL_TASK_ID, RESUME } from '../constants';
import { EmptyInputError } from '../errors';
import { isCommand, type Command } from '../types';
import { applyWrites, nullWrites, prepareNextTasks } from './algo';
import { mapCommand } from './command';
import { mapInput, outputValues } from './io';
import type { PregelLoop } from './loop';
import { ReplayState } from './replay';

/** @internal The input of a run whose resume was consumed. */
export const INPUT_RESUMING = Symbol('INPUT_RESUMING');

/** Input, resume and time travel: what happens before the first step (LangGraph `_first`). */
export async function runFirst(loop: PregelLoop): Promise<void> {
  const input = loop.input;
  const cmd = isCommand(input) ? (input as Command) : undefined;
  const nested = loop.p.nested;
  const isTimeTraveling = loop.addressed && ((nested !== undefined && loop.ns in nested.checkpointMap) || !((cmd && cmd.resume != null) || loop.resumingFlag === true || loop.resumeAtHead));
  loop.isReplaying = isTimeTraveling || loop.superseded;
  const updateOrFork = loop.metadata.source === 'update' || loop.metadata.source === 'fork';
  const isResuming = loop.isResuming;
  const forks = isTimeTraveling && (cmd !== undefined || isResuming) && (!updateOrFork || loop.superseded);
  loop.p.tracer.emit({
    type: '@engine.run.start', step: loop.step,
    threadId: (loop.checkpointConfig.configurable?.thread_id as string | undefined) ?? null,
    checkpointId: loop.metadata.step === -2 && !loop.checkpointConfig.configurable?.checkpoint_id ? null : loop.checkpoint.id,
    isReplaying: loop.isReplaying, isResuming, input: cmd ? 'command' : input == null ? 'null' : 'value',
  });
  const carried: PendingWrite[] = [];
  if (cmd) {
    const resume = cmd.resume as unknown;
    if (resume != null && typeof resume === 'object' && !Array.isArray(resume) && Object.keys(resume).length > 0 && Object.keys(resume).every((k) => /^[0-9a-f]{32}$/.test(k))) {
      loop.resumeMap = resume as Record<string, unknown>;
    }
    if (resume != null && !loop.p.checkpointer) throw new Error('Cannot use Command(resume=...) without checkpointer');
    const grouped = new Map<string, PendingWriteValue[]>();
    for (const [tid, k, v] of mapCommand(cmd, loop.pending)) {
      if (!grouped.has(tid)) grouped.set(tid, []);
      grouped.get(tid)!.push([k, v]);
    }
    if (grouped.size === 0) throw new EmptyInputError('Received empty Command input');
    for (const [tid, ws] of grouped) {
      if (forks) for (const [c, v] of ws) carried.push([tid, c, v]);
      else await loop.putWrites(tid, ws);
    }
  }
  const nulls = nullWrites([...loop.pending, ...carried]);
  if (nulls.length > 0) {
    const r = applyWrites(loop.checkpoint, loop.channels, [{ name: INPUT, path: [], writes: nulls, triggers: [] }], loop.getNextVersion, loop.p.triggerToNodes);
    loop.checkpoint = r.checkpoint;
    loop.channels = r.channels;
  }
  if (isTimeTraveling) loop.dropPending(RESUME, 'time-travel');
  const nullResume = nested?.nullResume;
  if (nullResume && !forks) await loop.putWrites(NULL_TASK_ID, [[RESUME, nullResume.value]]);
  let replayBound: string | undefined;
  const commandUpdate = cmd !== undefined && nulls.length > 0;
  if (isResuming || commandUpdate) {
    const seen = { ...loop.checkpoint.versions_seen[INTERRUPT] };
    for (const k in loop.channels) if (loop.checkpoint.channel_versions[k] !== undefined) seen[k] = loop.checkpoint.channel_versions[k];
    loop.checkpoint = { ...loop.checkpoint, versions_seen: { ...loop.checkpoint.versions_seen, [INTERRUPT]: seen } };
    if (forks) {
      if (updateOrFork && loop.prevCheckpointConfig) replayBound = loop.prevCheckpointConfig.configurable?.checkpoint_id as string | undefined;
      loop.dropPending(INTERRUPT, 'time-travel');
      // The fork is the new branch point: the old checkpoint's remaining writes stay with it, and
      // the replayed step runs all its tasks again.
      for (const [tid, c] of loop.pending) {
        if (tid !== NULL_TASK_ID) loop.p.tracer.emit({ type: '@engine.write.skipped', step: loop.step, taskId: tid, channel: c, reason: 'replaying' });
      }
      loop.putCheckpoint('fork');
      loop.pending = [];
      if (nullResume) await loop.putWrites(NULL_TASK_ID, [[RESUME, nullResume.value]]);
    }
    const values = outputValues(loop.p.outputKeys, true, loop.channels);
    if (isResuming) loop.input = INPUT_RESUMING;
    else {
      loop.putCheckpoint('input');
      loop.pending = [];
    }
    if (values) loop.emit('values', values.value);
  } else {
    const inputWrites = mapInput(loop.p.inputKeys, input);
    if (inputWrites.length === 0 && loop.resumingFlag !== undefined) return passDown(loop, isTimeTraveling, isResuming, replayBound);
    if (inputWrites.length === 0) throw new EmptyInputError(`Received no input writes for ${JSON.stringify(loop.p.inputKeys, null, 2)}`);
    const discard = prepareNextTasks(loop.checkpoint, loop.channels, loop.p.nodes, { step: loop.step, checkpointNs: loop.ns });
    for (const [tid, c] of loop.pending) loop.p.tracer.emit({ type: '@engine.write.skipped', step: loop.step, taskId: tid, channel: c, reason: 'discarded' });
    const r = applyWrites(loop.checkpoint, loop.channels, [...discard, { name: INPUT, path: [], writes: inputWrites, triggers: [] }], loop.getNextVersion, loop.p.triggerToNodes);
    loop.checkpoint = r.checkpoint;
    loop.channels = r.channels;
    loop.updatedChannels = r.updated;
    loop.putCheckpoint('input');
    loop.pending = [];
  }
  passDown(loop, isTimeTraveling, isResuming, replayBound);
}

/** The root hands `isResuming` and, when time-travelling, a ReplayState to its subgraphs. */
function passDown(loop: PregelLoop, isTimeTraveling: boolean, isResuming: boolean, replayBound: string | undefined): void {
  if (loop.p.nested) return;
  loop.resumingFlag = isResuming;
  if (isTimeTraveling) {
    let bound = replayBound ?? loop.checkpoint.id;
    const src = loop.metadata.source;
    if (replayBound === undefined && (src === 'update' || src === 'fork') && loop.prevCheckpointConfig) bound = (loop.prevCheckpointConfig.configurable?.checkpoint_id as string | undefined) ?? bound;
    loop.replayState = new ReplayState(bound);
  }
}
