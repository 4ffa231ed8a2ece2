/**
 * "Continue here": a thread of an opened file forked into a native thread at one checkpoint, so
 * the user's graph can run on from there with our engine. The copy holds the checkpoint and its
 * ancestors, the subgraph checkpoints written up to it, and the pending writes of each, under
 * their own ids (task ids depend on checkpoint ids, so the engine re-applies the saved writes of
 * a step as LangGraph would). Values are decoded to the engine's run-time form by `toEngineValue`
 * (messages as `@langchain/core` messages) and stored the way the engine stores its own.
 */
import type { BaseCheckpointSaver, CheckpointMetadata, CheckpointTuple } from '../../engine/checkpoint/types';
import type { CheckpointSource, ForeignCheckpoint } from '../../formats/index';
import { hostError } from '../context';

/** Turns a decoded value into what the engine stores (see `runtimeValues`). */
export type StoredValueOf = (value: unknown) => unknown;

/**
 * The engine's stored form of decoded values: `toEngineValue` with the LangChain message
 * classes, then the engine's own message encoding (LangChain's serialised form, rebuilt as
 * classes when the engine reads the checkpoint). Loaded on first use: the storage worker needs
 * `@langchain/core` only for this.
 */
export async function runtimeValues(): Promise<StoredValueOf> {
  const [{ toEngineValue }, { MESSAGE_CLASSES }, { encodeMessages }] = await Promise.all([
    import('../../formats/engine-values'),
    import('../../engine/messages/classes'),
    import('../../engine/messages/serde'),
  ]);
  return (value) => encodeMessages(toEngineValue(value, { messages: MESSAGE_CLASSES }));
}

/** What the copy needs to know. */
export interface ForkPlan {
  source: CheckpointSource;
  /** The thread's id in the file. */
  originalId: string;
  checkpointId: string;
  /** The native thread to write. */
  targetThreadId: string;
  saver: BaseCheckpointSaver;
  storedValue: StoredValueOf;
  /** Kept in the copied head's metadata, to say where it came from. */
  origin: Record<string, string>;
}

/** The root chain from the first checkpoint to `checkpointId`, oldest first. */
async function rootChain(source: CheckpointSource, threadId: string, checkpointId: string): Promise<ForeignCheckpoint[]> {
  const chain: ForeignCheckpoint[] = [];
  const seen = new Set<string>();
  let id: string | undefined = checkpointId;
  while (id !== undefined && !seen.has(id)) {
    seen.add(id);
    const cp = await source.getCheckpoint(threadId, '', id);
    if (!cp) break;
    chain.push(cp);
    id = cp.tuple.parentConfig?.configurable?.checkpoint_id;
  }
  return chain.reverse();
}

/** A subgraph namespace's checkpoints up to `checkpointId` (ids are time-ordered), oldest first. */
async function subgraphUpTo(source: CheckpointSource, threadId: string, ns: string, checkpointId: string): Promise<ForeignCheckpoint[]> {
  const out: ForeignCheckpoint[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await source.listCheckpoints(threadId, ns, { limit: 100, ...(before !== undefined ? { before } : {}) });
    for (const s of page) {
      if (s.checkpointId > checkpointId) continue;
      const cp = await source.getCheckpoint(threadId, ns, s.checkpointId);
      if (cp) out.push(cp);
    }
    if (page.length < 100) break;
    before = page[page.length - 1]!.checkpointId;
  }
  return out.reverse();
}

async function copyOne(plan: ForkPlan, cp: ForeignCheckpoint, extraMeta: Record<string, unknown> | null): Promise<void> {
  const t: CheckpointTuple = cp.tuple;
  const ns = t.config.configurable?.checkpoint_ns ?? '';
  const parentId = t.parentConfig?.configurable?.checkpoint_id;
  const values: Record<string, unknown> = {};
  for (const [ch, v] of Object.entries(t.checkpoint.channel_values)) values[ch] = plan.storedValue(v);
  const checkpoint = { ...t.checkpoint, channel_values: values };
  // A source the file does not record stays absent (shown as unknown), as in the file.
  const metadata = { step: -1, parents: {}, ...t.metadata, ...extraMeta } as CheckpointMetadata;
  const config = { configurable: { thread_id: plan.targetThreadId, checkpoint_ns: ns, ...(parentId ? { checkpoint_id: parentId } : {}) } };
  const saved = await plan.saver.put(config, checkpoint, metadata, { ...t.checkpoint.channel_versions });
  // Writes per task, in the order the file keeps them (its index, special channels first).
  const byTask = new Map<string, [string, unknown][]>();
  for (const w of [...cp.writes].sort((a, b) => a.idx - b.idx)) {
    const list = byTask.get(w.taskId) ?? [];
    list.push([w.channel, plan.storedValue(w.value)]);
    byTask.set(w.taskId, list);
  }
  for (const [taskId, writes] of byTask) await plan.saver.putWrites(saved, writes, taskId);
}

/**
 * Writes the fork. @returns how many checkpoints were copied
 * @throws HostError NOT_FOUND when the checkpoint is not in the file
 */
export async function forkIntoNative(plan: ForkPlan): Promise<number> {
  const chain = await rootChain(plan.source, plan.originalId, plan.checkpointId);
  if (chain.length === 0 || chain.at(-1)!.tuple.checkpoint.id !== plan.checkpointId) {
    throw hostError('NOT_FOUND', `root checkpoint "${plan.checkpointId}" of thread "${plan.originalId}" in the file`);
  }
  const subgraphs: ForeignCheckpoint[] = [];
  for (const n of await plan.source.listNamespaces(plan.originalId)) {
    if (n.checkpointNs !== '') subgraphs.push(...(await subgraphUpTo(plan.source, plan.originalId, n.checkpointNs, plan.checkpointId)));
  }
  for (const [i, cp] of chain.entries()) await copyOne(plan, cp, i === chain.length - 1 ? { continued_from: plan.origin } : null);
  for (const cp of subgraphs) await copyOne(plan, cp, null);
  return chain.length + subgraphs.length;
}
