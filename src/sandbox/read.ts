/**
 * Remote graph reads: what the storage worker's read path needs from the engine (the `next` of
 * history rows, state snapshots for the inspector), computed here with a checkpointer proxy over
 * a read-only session bound to the thread.
 */
import type { SandboxReplyOf } from '../protocol/sandbox';
import type { HostGraph } from './engine-port';
import { snapshotToWire } from './wire';

/** `next` of each row of a history page (`getStateHistory` with the page's bounds). */
export async function historyNext(
  graph: HostGraph, threadId: string, ns: string, limit: number, before?: string,
): Promise<SandboxReplyOf['sb/history']> {
  const next: [string, string[]][] = [];
  const options = { limit, ...(before ? { before: { configurable: { checkpoint_id: before } } } : {}) };
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId, checkpoint_ns: ns } }, options)) {
    const id = s.config.configurable?.checkpoint_id;
    if (typeof id === 'string') next.push([id, [...s.next]]);
  }
  return { next };
}

/** The state snapshot of each checkpoint (null where the engine cannot rebuild it). */
export async function stateSnapshots(graph: HostGraph, threadId: string, ns: string, ids: readonly string[]): Promise<SandboxReplyOf['sb/state']> {
  const snapshots = await Promise.all(ids.map(async (id) => {
    try {
      return snapshotToWire(await graph.getState({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } }));
    } catch {
      return null;
    }
  }));
  return { snapshots };
}
