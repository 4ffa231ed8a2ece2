/**
 * Dispositions of a file's pending writes, from the write ledger (src/engine/ledger): a file has
 * no trace of the app's runs, so each write's fate is computed from checkpoint data alone (the
 * checkpoint, the writes beside it, its children's sources). The children of every checkpoint of
 * a (thread, namespace) are indexed once, from the history listing (metadata only, no values).
 */
import { computeLedger, type Disposition, type LedgerCheckpoint, type LedgerEntry } from '../../engine/ledger/index';
import type { CheckpointSource } from '../../formats/index';
import type { CheckpointDetail, WriteDisposition } from '../../protocol/dto';

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

function childrenOf(source: CheckpointSource, threadId: string, ns: string): Promise<Map<string, LedgerCheckpoint[]>> {
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

/** The ledger entries of one checkpoint of a file, one per pending write, in order. */
export async function fileLedger(source: CheckpointSource, threadId: string, ns: string, checkpointId: string): Promise<LedgerEntry[]> {
  const cp = await source.getCheckpoint(threadId, ns, checkpointId);
  if (!cp) return [];
  const children = (await childrenOf(source, threadId, ns)).get(checkpointId) ?? [];
  return computeLedger({ tuple: cp.tuple, children });
}

/** The protocol's form of a ledger disposition (a superseded write is one the engine dropped: its task ran again). */
export function wireDisposition(d: Disposition): WriteDisposition {
  switch (d.kind) {
    case 'discarded':
      return d.cause === 'replaying' ? { kind: 'not-reapplied-replaying' } : { kind: 'dropped', reason: d.cause === 'time-travel' ? 'time-travel' : 'discarded' };
    case 'superseded':
      return { kind: 'dropped', reason: 'discarded' };
    default:
      return d;
  }
}

/** The detail with its pending writes' dispositions (and why) from the ledger. */
export function withLedger(detail: CheckpointDetail, entries: readonly LedgerEntry[]): CheckpointDetail {
  return {
    ...detail,
    pendingWrites: detail.pendingWrites.map((w, i) => {
      const e = entries[i];
      if (!e || e.taskId !== w.taskId || e.channel !== w.channel) return w;
      return { ...w, disposition: wireDisposition(e.disposition), dispositionReason: e.reason, ...(e.alternatives ? { dispositionAlternatives: e.alternatives } : {}) };
    }),
  };
}
