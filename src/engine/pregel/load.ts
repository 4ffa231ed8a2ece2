/**
 * Where a run starts: the checkpoint a checkpoint_id (or a replay state, or the thread's head)
 * addresses, with its pending writes, and what the addressing means for the run (time travel on
 * a superseded checkpoint, a resume at the head). Pure reading: nothing is saved here.
 */
import type { Checkpoint, CheckpointMetadata, CheckpointTuple, PendingWrite, RunnableConfig } from '../checkpoint/types';
import { flooredNextVersion, emptyCheckpoint, threadMaxVersion } from './checkpoint';
import { decodePendingWrites } from './encode';
import type { LoopParams } from './loop';

/** What `PregelLoop.initialize` builds the loop from. */
export interface LoadedStart {
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  config: RunnableConfig;
  parentConfig?: RunnableConfig;
  pendingWrites: PendingWrite[];
  addressed: boolean;
  superseded: boolean;
  resumeAtHead: boolean;
  /** A replay state chose the checkpoint: the run does not inherit `isResuming`. */
  clearResuming: boolean;
  /** Version numbering for a run that starts a branch (see threadMaxVersion). */
  nextVersion?: (v: number | undefined) => number;
}

/** Keys the engine manages itself (and its `__pregel_*` keys); every other `configurable` key of the run reaches the saver. */
const OWN_KEYS = new Set(['checkpoint_id', 'checkpoint_ns', 'checkpoint_map']);

/** The run's own `configurable` keys (thread id and custom keys), for every saver call. */
export function userConfigurable(config: RunnableConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config.configurable ?? {})) if (!OWN_KEYS.has(k) && !k.startsWith('__pregel_')) out[k] = v;
  return out;
}

/** Loads the checkpoint the run starts from (addressed, latest, or a new thread's empty one). */
export async function loadStart(p: LoopParams): Promise<LoadedStart> {
  const base = userConfigurable(p.config);
  const threadId = base.thread_id;
  const nested = p.nested;
  const ns = nested?.ns ?? '';
  const checkpointId = nested ? nested.checkpointMap[ns] : (p.config.configurable?.checkpoint_id as string | undefined);
  const addressed = Boolean(checkpointId || nested?.replayState);
  const own: RunnableConfig = { configurable: { ...base, checkpoint_ns: ns } };
  let tuple: CheckpointTuple | undefined;
  let clearResuming = false;
  const saver = p.checkpointer;
  if (saver) {
    if (checkpointId) tuple = await saver.getTuple({ configurable: { ...own.configurable, checkpoint_id: checkpointId } });
    else if (nested?.replayState) {
      const visit = await nested.replayState.getCheckpoint(ns, saver, own);
      tuple = visit.tuple;
      clearResuming = true;
      p.tracer.emit({
        type: '@engine.replay.visit', step: (tuple?.metadata?.step ?? -2) + 1, stableNs: visit.stableNs,
        firstVisit: visit.firstVisit, replayBefore: nested.replayState.checkpointId,
        loadedCheckpointId: tuple?.checkpoint.id ?? null, loadedStep: tuple?.metadata?.step ?? null,
      });
    } else tuple = await saver.getTuple(own);
  }
  const metadata: CheckpointMetadata = { ...(tuple?.metadata ?? { source: 'input', step: -2, parents: {} }) };
  const start: LoadedStart = tuple
    ? {
        checkpoint: tuple.checkpoint, metadata, parentConfig: tuple.parentConfig, pendingWrites: decodePendingWrites(tuple.pendingWrites),
        config: { configurable: { ...own.configurable, checkpoint_id: tuple.checkpoint.id } },
        addressed, superseded: false, resumeAtHead: false, clearResuming,
      }
    : { checkpoint: emptyCheckpoint(), metadata, config: own, pendingWrites: [], addressed, superseded: false, resumeAtHead: false, clearResuming };
  if (saver && tuple && checkpointId) {
    const latest = await saver.getTuple(own);
    start.superseded = latest !== undefined && latest.checkpoint.id !== tuple.checkpoint.id;
    const updateOrFork = metadata.source === 'update' || metadata.source === 'fork';
    start.resumeAtHead = !start.superseded && !updateOrFork;
  }
  // A fork checkpoint carries no new versions, so newer branches may hold higher ones (see threadMaxVersion).
  if (saver && tuple && (start.superseded || metadata.source === 'fork')) {
    start.nextVersion = flooredNextVersion((v) => saver.getNextVersion(v), await threadMaxVersion(saver, threadId, ns));
  }
  return start;
}
