/**
 * Branches of a thread as a fork tree: each lane of the laid-out timeline (`timeline-tree.ts`) is a
 * branch, a child of the branch it grew from, labelled by how it started (a fork or state update,
 * a replay, new input) and from which step. Nothing is recomputed from checkpoints beyond the
 * layout the list already has.
 */
import type { CheckpointSummary } from '../../protocol/dto';
import type { TimelineLayout } from './timeline-tree';

/** How a branch began. */
export type BranchKind = 'root' | 'fork' | 'replay' | 'input';

/** One branch of the thread. */
export interface Branch {
  lane: number;
  kind: BranchKind;
  /** Its oldest and newest checkpoints, and how many it has. */
  first: CheckpointSummary;
  tip: CheckpointSummary;
  count: number;
  /** The checkpoint it grew from (null: a root). */
  from: CheckpointSummary | null;
  /** True for the branch holding the thread's newest checkpoint. */
  head: boolean;
  children: Branch[];
}

/** The branch's words: "fork from step 2", "replay from step 0", "first run". */
export function branchLabel(b: Branch): string {
  if (b.kind === 'root' || b.from === null) return b.lane === 0 ? 'first run' : 'branch (its parent is not loaded)';
  const at = `step ${b.from.step}`;
  if (b.kind === 'fork') return `fork from ${at}`;
  if (b.kind === 'replay') return `replay from ${at}`;
  return `new input at ${at}`;
}

const kindOf = (first: CheckpointSummary, from: CheckpointSummary | null): BranchKind => {
  if (from === null) return 'root';
  if (first.source === 'fork' || first.source === 'update') return 'fork';
  if (first.source === 'input') return 'input';
  return 'replay';
};

/** The branches of `layout` as trees (roots first, children oldest first). */
export function forkTree(layout: TimelineLayout): Branch[] {
  const byLane = new Map<number, Branch>();
  // Rows are newest first: walking them backwards meets each lane's oldest checkpoint first.
  for (let i = layout.rows.length - 1; i >= 0; i--) {
    const row = layout.rows[i]!;
    const b = byLane.get(row.lane);
    if (b) {
      b.tip = row.item;
      b.count++;
      continue;
    }
    const parentRow = row.item.parentId === null ? undefined : layout.indexOf.get(row.item.parentId);
    const from = parentRow === undefined ? null : layout.rows[parentRow]!.item;
    byLane.set(row.lane, { lane: row.lane, kind: kindOf(row.item, from), first: row.item, tip: row.item, count: 1, from, head: false, children: [] });
  }
  const headLane = layout.rows[0]?.lane;
  const roots: Branch[] = [];
  for (const b of [...byLane.values()].sort((a, c) => a.lane - c.lane)) {
    b.head = b.lane === headLane;
    const parentLane = b.from === null ? undefined : layout.rows[layout.indexOf.get(b.from.checkpointId)!]!.lane;
    const parent = parentLane === undefined ? undefined : byLane.get(parentLane);
    if (parent && parent !== b) parent.children.push(b);
    else roots.push(b);
  }
  return roots;
}

/** The lane of checkpoint `checkpointId` in `layout` (undefined: not loaded). */
export function laneOf(layout: TimelineLayout, checkpointId: string | null): number | undefined {
  if (checkpointId === null) return undefined;
  const i = layout.indexOf.get(checkpointId);
  return i === undefined ? undefined : layout.rows[i]!.lane;
}
