/**
 * Where a run starts: the checkpoint a checkpoint_id (or a replay state, or the thread's head)
 * addresses, with its pending writes, and what the addressing means for the run (time travel on
 * a superseded checkpoint, a resume at the head). Pure reading: nothing is saved here.
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata, CheckpointTuple, PendingWrite, RunnableConfig } from '../checkpoint/types';
import { readDeltaHistories, type DeltaHistories } from './delta_history';
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
  /** The DeltaChannels the checkpoint does not store, read from its ancestors (./delta_history). */
  deltaHistories?: DeltaHistories;
}

/** Keys the engine manages itself (and its `__pregel_*` keys); every other `configurable` key of the run reaches the saver. */
const OWN_KEYS = new Set(['checkpoint_id', 'checkpoint_ns', 'checkpoint_map']);

/** The run's own `configurable` keys (thread id and custom keys), for every saver call. */
export function userConfigurable(config: RunnableConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config.configurable ?? {})) if (!OWN_KEYS.has(k) && !k.startsWith('__pregel_')) out[k] = v;
  return out;
}

/** What a run addresses: its thread, namespace and (maybe) checkpoint. */
interface Address {
  threadId: unknown;
  ns: string;
  checkpointId: string | undefined;
  addressed: boolean;
  /** The saver config of the namespace (the run's own `configurable` keys). */
  own: RunnableConfig;
}

function addressOf(p: LoopParams): Address {
  const base = userConfigurable(p.config);
  const nested = p.nested;
  const ns = nested?.ns ?? '';
  const checkpointId = nested ? nested.checkpointMap[ns] : (p.config.configurable?.checkpoint_id as string | undefined);
  return { threadId: base.thread_id, ns, checkpointId, addressed: Boolean(checkpointId || nested?.replayState), own: { configurable: { ...base, checkpoint_ns: ns } } };
}

/**
 * Loads the checkpoint the run starts from (addressed, latest, or a new thread's empty one).
 * Synchronous when nothing has to be waited for: no saver, or a saver with synchronous reads asked for the latest
 * checkpoint (the usual start of a run and of every subgraph run), which a fork did not make.
 */
export function loadStart(p: LoopParams): LoadedStart | Promise<LoadedStart> {
  const start = loadCheckpoint(p);
  return start instanceof Promise ? start.then((s) => withDeltaHistories(p, s)) : withDeltaHistories(p, start);
}

/** `s` with the histories of the DeltaChannels its checkpoint does not store (the same `s` when there are none). */
function withDeltaHistories(p: LoopParams, s: LoadedStart): LoadedStart | Promise<LoadedStart> {
  const read = readDeltaHistories(p.specs, s.checkpoint, p.checkpointer, s.config);
  return read ? read.then((deltaHistories) => ({ ...s, deltaHistories })) : s;
}

function loadCheckpoint(p: LoopParams): LoadedStart | Promise<LoadedStart> {
  const a = addressOf(p);
  const saver = p.checkpointer;
  if (!saver) return startFrom(a, undefined, false);
  const now = a.checkpointId || p.nested?.replayState ? undefined : synchronousGet(saver);
  if (now) {
    const tuple = now(a.own);
    if (tuple?.metadata?.source !== 'fork') return startFrom(a, tuple, false);
  }
  return loadAsync(p, a, saver);
}

/** The saver's synchronous `getTuple`, when it declares one. */
function synchronousGet(saver: BaseCheckpointSaver): ((config: RunnableConfig) => CheckpointTuple | undefined) | undefined {
  return saver.synchronousReads?.().getTuple;
}

function startFrom(a: Address, tuple: CheckpointTuple | undefined, clearResuming: boolean): LoadedStart {
  const metadata: CheckpointMetadata = { ...(tuple?.metadata ?? { source: 'input', step: -2, parents: {} }) };
  const { addressed, own } = a;
  return tuple
    ? {
        checkpoint: tuple.checkpoint, metadata, parentConfig: tuple.parentConfig, pendingWrites: decodePendingWrites(tuple.pendingWrites),
        config: { configurable: { ...own.configurable, checkpoint_id: tuple.checkpoint.id } },
        addressed, superseded: false, resumeAtHead: false, clearResuming,
      }
    : { checkpoint: emptyCheckpoint(), metadata, config: own, pendingWrites: [], addressed, superseded: false, resumeAtHead: false, clearResuming };
}

async function loadAsync(p: LoopParams, a: Address, saver: BaseCheckpointSaver): Promise<LoadedStart> {
  const { checkpointId, own, ns } = a;
  const nested = p.nested;
  let tuple: CheckpointTuple | undefined;
  let clearResuming = false;
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
  const start = startFrom(a, tuple, clearResuming);
  const metadata = start.metadata;
  if (tuple && checkpointId) {
    const latest = await saver.getTuple(own);
    start.superseded = latest !== undefined && latest.checkpoint.id !== tuple.checkpoint.id;
    const updateOrFork = metadata.source === 'update' || metadata.source === 'fork';
    start.resumeAtHead = !start.superseded && !updateOrFork;
  }
  // A fork checkpoint carries no new versions, so newer branches may hold higher ones (see threadMaxVersion).
  if (tuple && (start.superseded || metadata.source === 'fork')) {
    start.nextVersion = flooredNextVersion((v) => saver.getNextVersion(v), await threadMaxVersion(saver, a.threadId, ns));
  }
  return start;
}
