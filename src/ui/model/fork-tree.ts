/**
 * Branches of a thread as a fork tree: each lane of the laid-out timeline (`timeline-tree.ts`) is a
 * branch, a child of the branch it grew from, labelled by how it started (a fork or state update,
 * a replay, new input) and from which step. Nothing is recomputed from checkpoints beyond the
 * layout the list already has.
 */
import type { CheckpointSummary } from '../../protocol/dto';
import type { TimelineLayout } from './timeline-tree';
import { RUN_KIND_WORDS } from './words';

/** How a branch began (`fork` and `replay` as LangGraph names them: see `RUN_KIND_WORDS`). */
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
  if (b.kind === 'fork' || b.kind === 'replay') return `${RUN_KIND_WORDS[b.kind].word} from ${at}`;
  return `new input at ${at}`;
}

/**
 * LangGraph's names (as the runs panel says them): a branch that starts with an `update`
 * checkpoint is a fork (`updateState` at a past checkpoint, then a run from it); one that re-runs a
 * past checkpoint unchanged is a replay, whether its first checkpoint is a `loop` one or the `fork`
 * checkpoint LangGraph saves when a replayed checkpoint has pending writes.
 */
const kindOf = (first: CheckpointSummary, from: CheckpointSummary | null): BranchKind => {
  if (from === null) return 'root';
  if (first.source === 'update') return 'fork';
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

/**
 * Every branch's words, told apart: when two branches would read the same ("replay from step 2"
 * twice), the later ones (in tree order: parents first, siblings oldest first) say which one they
 * are, "replay from step 2 (2)".
 */
export function branchLabels(roots: readonly Branch[]): Map<number, string> {
  const labels = new Map<number, string>();
  const seen = new Map<string, number>();
  const visit = (b: Branch) => {
    const plain = branchLabel(b);
    const n = (seen.get(plain) ?? 0) + 1;
    seen.set(plain, n);
    labels.set(b.lane, n === 1 ? plain : `${plain} (${n})`);
    b.children.forEach(visit);
  };
  roots.forEach(visit);
  return labels;
}

/** A branch as the tree shows it: its depth (1 at a root) and the branch it hangs under. */
export interface ShownBranch {
  branch: Branch;
  level: number;
  parent: Branch | null;
}

/** The branches a reader sees, top to bottom: the children of a collapsed branch are hidden. */
export function shownBranches(roots: readonly Branch[], collapsed: ReadonlySet<number>): ShownBranch[] {
  const out: ShownBranch[] = [];
  const visit = (b: Branch, level: number, parent: Branch | null) => {
    out.push({ branch: b, level, parent });
    if (!collapsed.has(b.lane)) for (const c of b.children) visit(c, level + 1, b);
  };
  for (const r of roots) visit(r, 1, null);
  return out;
}

/** Keys that move through the tree (the WAI-ARIA tree pattern). */
export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End';

/** What a key does at branch `lane`: move the focus to another lane, or open or close this one. */
export type TreeMove = { focus: number } | { expand: number } | { collapse: number } | null;

/** The tree's answer to `key` with the focus on `lane`. */
export function treeMove(shown: readonly ShownBranch[], collapsed: ReadonlySet<number>, lane: number, key: TreeKey): TreeMove {
  const i = shown.findIndex((s) => s.branch.lane === lane);
  if (i < 0) return shown.length > 0 ? { focus: shown[0]!.branch.lane } : null;
  const here = shown[i]!;
  const at = (j: number) => (j >= 0 && j < shown.length ? { focus: shown[j]!.branch.lane } : null);
  switch (key) {
    case 'ArrowDown':
      return at(i + 1);
    case 'ArrowUp':
      return at(i - 1);
    case 'Home':
      return at(0);
    case 'End':
      return at(shown.length - 1);
    case 'ArrowRight':
      if (here.branch.children.length === 0) return null;
      return collapsed.has(lane) ? { expand: lane } : { focus: here.branch.children[0]!.lane };
    case 'ArrowLeft':
      if (here.branch.children.length > 0 && !collapsed.has(lane)) return { collapse: lane };
      return here.parent ? { focus: here.parent.lane } : null;
  }
}
