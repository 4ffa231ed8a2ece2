/**
 * The timeline as data: checkpoints of one namespace laid out as a tree of branches (lanes), like a
 * `git log --graph`. Replays and forks create a second child of an existing checkpoint; that child
 * starts a new lane beside its parent's, so every branch of the thread is visible at once and
 * nothing is ever re-ordered or rewritten.
 */
import type { CheckpointSummary } from '../../protocol/dto';

/** One row of the laid-out timeline. */
export interface TimelineRow {
  item: CheckpointSummary;
  /** Column of the branch this checkpoint sits on (0 = the first run). */
  lane: number;
  /** For the first checkpoint of a branch: the lane it branched from (null otherwise). */
  branchFrom: number | null;
}

/** The laid-out timeline, newest first (row 0 is the newest checkpoint). */
export interface TimelineLayout {
  rows: TimelineRow[];
  laneCount: number;
  /** Row index of each checkpoint id. */
  indexOf: Map<string, number>;
  /** For each lane, the [first, last] row indexes it spans (rows are newest first). */
  laneSpan: Array<[number, number]>;
  /** Ids of the checkpoints that a loaded checkpoint grew from (the parents among the rows' `parentId`s). */
  parents: ReadonlySet<string>;
}

/** Oldest first: by step, then by id (checkpoint ids are time-ordered), then by time. */
function compareAsc(a: CheckpointSummary, b: CheckpointSummary): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  if (a.checkpointId !== b.checkpointId) return a.checkpointId < b.checkpointId ? -1 : 1;
  return a.step - b.step;
}

/**
 * Lays out checkpoints into lanes. A checkpoint continues its parent's lane when it is the first
 * child of that parent; any later child (a replay or a fork) opens a new lane.
 */
export function layoutTimeline(items: readonly CheckpointSummary[]): TimelineLayout {
  const asc = [...items].sort(compareAsc);
  const laneOf = new Map<string, number>();
  const parentTaken = new Set<string>();
  const placed: TimelineRow[] = [];
  let laneCount = 0;
  for (const item of asc) {
    const parent = item.parentId;
    let lane: number;
    let branchFrom: number | null = null;
    if (parent !== null && laneOf.has(parent) && !parentTaken.has(parent)) {
      lane = laneOf.get(parent)!;
    } else {
      lane = laneCount++;
      if (parent !== null && laneOf.has(parent)) branchFrom = laneOf.get(parent)!;
    }
    if (parent !== null) parentTaken.add(parent);
    laneOf.set(item.checkpointId, lane);
    placed.push({ item, lane, branchFrom });
  }
  const rows = placed.reverse();
  const indexOf = new Map<string, number>();
  const laneSpan: Array<[number, number]> = Array.from({ length: laneCount }, () => [Infinity, -1]);
  rows.forEach((row, i) => {
    indexOf.set(row.item.checkpointId, i);
    const span = laneSpan[row.lane];
    span[0] = Math.min(span[0], i);
    span[1] = Math.max(span[1], i);
  });
  // A branch's line reaches down to the row of the checkpoint it branched from.
  rows.forEach((row, i) => {
    const parentRow = row.item.parentId === null ? undefined : indexOf.get(row.item.parentId);
    if (row.branchFrom !== null && parentRow !== undefined) laneSpan[row.lane][1] = Math.max(laneSpan[row.lane][1], parentRow, i);
  });
  return { rows, laneCount, indexOf, laneSpan, parents: parentTaken };
}

/** Merges newly read summaries into a list keyed by checkpoint id (later copies win). */
export function mergeSummaries(existing: readonly CheckpointSummary[], incoming: readonly CheckpointSummary[]): CheckpointSummary[] {
  if (incoming.length === 0) return existing as CheckpointSummary[];
  const byId = new Map<string, CheckpointSummary>();
  for (const s of existing) byId.set(s.checkpointId, s);
  for (const s of incoming) byId.set(s.checkpointId, s);
  return [...byId.values()];
}
