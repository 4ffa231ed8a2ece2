/**
 * The children of a file's checkpoints, which the write ledger (src/engine/ledger) needs: a file has
 * no trace of the app's runs, so each write's fate is computed from checkpoint data alone (the
 * checkpoint, the writes beside it, its children's sources). The children of every checkpoint of
 * a (thread, namespace) are indexed once, from the history listing (metadata only, no values).
 */
import type { LedgerCheckpoint } from '../../engine/ledger/index';
import type { CheckpointSource } from '../../formats/index';

/** Parent id → its children's ledger view, per "thread\0ns", per source. */
const childIndex = new WeakMap<CheckpointSource, Map<string, Promise<Map<string, LedgerCheckpoint[]>>>>();

async function childrenIndex(source: CheckpointSource, threadId: string, ns: string): Promise<Map<string, LedgerCheckpoint[]>> {
  const out = new Map<string, LedgerCheckpoint[]>();
  let before: string | undefined;
  for (;;) {
    const page = await source.listCheckpoints(threadId, ns, { limit: 500, ...(before !== undefined ? { before } : {}) });
    for (const s of page) {
      if (s.parentCheckpointId === null) continue;
      const list = out.get(s.parentCheckpointId) ?? [];
      list.push({ checkpoint: { id: s.checkpointId }, metadata: s.metadata });
      out.set(s.parentCheckpointId, list);
    }
    if (page.length < 500) return out;
    before = page[page.length - 1]!.checkpointId;
  }
}

/** The children (ids and metadata) of every checkpoint of (thread, ns) of a file, indexed once per source. */
export function childrenOf(source: CheckpointSource, threadId: string, ns: string): Promise<Map<string, LedgerCheckpoint[]>> {
  let perSource = childIndex.get(source);
  if (!perSource) childIndex.set(source, (perSource = new Map()));
  const key = `${threadId}\0${ns}`;
  let index = perSource.get(key);
  if (!index) {
    index = childrenIndex(source, threadId, ns);
    index.catch(() => perSource.delete(key));
    perSource.set(key, index);
  }
  return index;
}
